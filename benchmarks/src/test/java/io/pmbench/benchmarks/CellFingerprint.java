package io.pmbench.benchmarks;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.SplittableRandom;

/**
 * A 64-bit fingerprint of everything a small fixed-seed cell computes: the server's embedding of
 * [S; P] (gallery and anchors), the client's released embedding of five queries' D = [r; P_r; P]
 * (every bit of every double), and the per-query Recall@K hits of a whole cell run by
 * {@link ProtocolRunner}. Two code paths with the same fingerprint computed the same numbers bit
 * for bit. The cell is sized to cross the kernel code's tile (256 columns) and product chunk
 * (1,024 base rows) boundaries: P = 1,100, d = 48, 300 gallery rows, 40 queries, dummies on, the
 * {@code paper} preset at ε = 0.1.
 */
final class CellFingerprint {
  static final int PUBLIC = 1100;
  static final int TRAIN = 1500;
  static final int GALLERY = 300;
  static final int DIM = 48;
  static final int QUERIES = 40;
  static final long SEED = 20_240_601L;

  private long h = 0xcbf29ce484222325L;

  private CellFingerprint() {}

  /** The fingerprint of {@code mechanism}'s cell, as 16 hex digits. */
  static String of(String mechanism) {
    FeatureSet fs = Workload.featureSet(SEED, TRAIN, GALLERY, DIM);
    MechanismParams p = Workload.params();
    EmbeddingMechanism m = MechanismRegistry.discover().get(mechanism);
    ProtocolRunner runner = new ProtocolRunner(fs, new ProtocolConfig(PUBLIC, QUERIES, true, new int[] {1, 2, 4, 8}));
    LabelledSet pub = runner.context(SEED).publicSet();
    ServerSide server = m.server(new ServerView(fs.test(), pub, fs.numClasses(), SEED), p);
    ClientSide client = m.client(new ClientView(pub, fs.numClasses(), server.publicRows(), SEED), p);
    CellFingerprint f = new CellFingerprint();
    f.add(server.gallery().data());
    f.add(server.publicRows().data());
    for (int q = 0; q < 5; q++) {
      f.add(client.embed(Workload.clientData(pub, Workload.row(fs.test(), q), fs.test().labels()[q]),
          new SplittableRandom(SEED + q)).embedding().data());
    }
    CellResult cell = runner.run(m, p, SEED, done -> { });
    for (boolean[] hits : cell.hits()) {
      for (boolean hit : hits) {
        f.add(hit ? 1 : 0);
      }
    }
    return String.format("%016x", f.h);
  }

  private void add(double[] values) {
    for (double v : values) {
      add(Double.doubleToRawLongBits(v));
    }
  }

  /** FNV-1a over the eight bytes of {@code v}. */
  private void add(long v) {
    for (int b = 0; b < 8; b++) {
      h ^= (v >>> (8 * b)) & 0xff;
      h *= 0x100000001b3L;
    }
  }
}
