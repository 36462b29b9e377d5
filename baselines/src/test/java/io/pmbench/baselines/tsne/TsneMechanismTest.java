package io.pmbench.baselines.tsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import smile.manifold.TSNE;
import smile.math.MathEx;

/** {@code tsne} through the protocol runner on two well-separated synthetic classes. */
class TsneMechanismTest {
  private static final FeatureSet DATA = SyntheticData.clustered(11, 2, 16, 200, 120, 0.05);
  private static final ProtocolConfig CONFIG = new ProtocolConfig(60, 40, true, new int[] {1, 2, 4, 8});
  private static final MechanismParams PARAMS = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);

  private static CellResult run(long seed) {
    return new ProtocolRunner(DATA, CONFIG).run(MechanismRegistry.discover().get("tsne"), PARAMS, seed, q -> {});
  }

  @Test
  void registry_discoversTsne() {
    EmbeddingMechanism m = MechanismRegistry.discover().get("tsne");

    assertEquals("tsne", m.name());
    assertTrue(m.alignsOnPublic());
  }

  @Test
  void run_wellSeparatedClusters_recallAtOneNearOne() {
    // Within-class distances (≈ 0.28) are far below between-class ones (≈ 1.4): t-SNE of D and of
    // [S; P] each show two blobs, and alignment on P must put r in its own class's blob. Fails if
    // the client and server maps are not aligned on the same public rows, or t-SNE is mis-set.
    CellResult r = run(3);

    System.out.printf("tsne two-cluster Recall@1 = %.3f over %d queries%n", r.recallAt(1), r.queries());
    assertTrue(r.recallAt(1) >= 0.95, "Recall@1 = " + r.recallAt(1));
    assertEquals(Guarantee.NONE, r.claim().guarantee());
  }

  @Test
  void registry_discoversTsneSmileReference() {
    EmbeddingMechanism m = MechanismRegistry.discover().get("tsne-smile");

    assertEquals("tsne-smile", m.name());
    assertTrue(m.alignsOnPublic());
    assertEquals(MechanismRegistry.discover().get("tsne").serverKey(PARAMS), m.serverKey(PARAMS));
  }

  @Test
  void smileClient_reusedPublicDistances_releaseIsSmilesTsneOfD() {
    // The client reuses its cell's public-public distances. Fails if the release differs in any
    // bit from Smile's own t-SNE of the whole of D with the seed the client draws from the
    // query's stream (e.g. the public block misplaced, or the seed drawn twice).
    Fixture f = new Fixture();

    double[] release = new TsneSmileMechanism().client(f.view, PARAMS).embed(f.data, new SplittableRandom(77))
        .embedding().data();

    MathEx.setSeed(new SplittableRandom(77).nextLong());
    double[][] smile = new TSNE(SmileTsne.rows(f.data.rows()), 2, 30, 200, 1000).coordinates;
    assertArrayEquals(SmileTsne.flatten(smile, 2), release, 0.0);
  }

  @Test
  void fastClient_reusedPublicDistances_releaseIsExactTsneOfD() {
    // Same for the fast core: fails if the client's reuse of public distances or its seed draw
    // changes any bit of ExactTsne's map of the whole of D.
    Fixture f = new Fixture();

    double[] release = new TsneMechanism().client(f.view, PARAMS).embed(f.data, new SplittableRandom(77))
        .embedding().data();

    double[][] distances = SmileTsne.squaredDistances(SmileTsne.rows(f.data.rows()));
    assertArrayEquals(ExactTsne.embed(distances, 2, new SplittableRandom(77).nextLong()), release, 0.0);
  }

  /** D = [4 free rows; 70 public rows] in R^9 and the client view of those public rows. */
  private static final class Fixture {
    final ClientView view;
    final ClientData data;

    Fixture() {
      int nPublic = 70;
      int m = 4;
      int d = 9;
      double[][] rows = SyntheticData.unitRows(m + nPublic, d, new SplittableRandom(12));
      float[] all = new float[(m + nPublic) * d];
      for (int i = 0; i < m + nPublic; i++) {
        for (int c = 0; c < d; c++) {
          all[i * d + c] = (float) rows[i][c];
        }
      }
      FeatureMatrix pub = new FeatureMatrix(Arrays.copyOfRange(all, m * d, all.length), nPublic, d);
      view = new ClientView(new LabelledSet(pub, new int[nPublic]), 2, null, 1);
      data = new ClientData(new FeatureMatrix(all, m + nPublic, d), new int[m + nPublic], m);
    }
  }

  @Test
  void run_sameSeedTwoRunners_identicalHits() {
    // Fails if any t-SNE run is not a function of the run seed (parallel queries included).
    CellResult a = run(4);
    CellResult b = run(4);

    assertTrue(Arrays.deepEquals(a.hits(), b.hits()));
  }
}
