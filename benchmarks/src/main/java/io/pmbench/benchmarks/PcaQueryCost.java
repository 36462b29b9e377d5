package io.pmbench.benchmarks;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.datasets.Datasets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * private-pca's per-query cost on a real data set at its defaults, in the querying thread's CPU time,
 * and a digest of every released bit: {@code java -cp benchmarks.jar io.pmbench.benchmarks.PcaQueryCost
 * DATASET EPSILON WARMUP QUERIES}. P = 1,000 training rows drawn without replacement (seed 1; the training
 * split may be sorted by class); query q is test row q with one
 * dummy per other class of P (the first row of that class in P), so D = [r; P_r; P] has
 * m = 1 + (classes of P − 1) private rows as a fig6 run's D has (which dummies are drawn does not
 * change the work); the paper preset with the ANALYTIC calibration (any ε), δ = 1e-5, seed q. Each
 * query is released by two clients of one mechanism instance, at ε and then at 2ε, as two ε cells of a
 * grid release it (the second may reuse ε-independent work of the first). Prints d, m, each client's
 * median, minimum and maximum CPU milliseconds per query, and the SHA-256 of the released D·V + N and V
 * of every release (warm-up included), so that two builds can be compared bit for bit on the same input.
 */
public final class PcaQueryCost {
  private PcaQueryCost() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    if (args.length != 4) {
      System.err.println("usage: PcaQueryCost DATASET EPSILON WARMUP QUERIES");
      System.exit(2);
    }
    double epsilon = Double.parseDouble(args[1]);
    int warmup = Integer.parseInt(args[2]);
    int queries = Integer.parseInt(args[3]);
    FeatureSet fs = Datasets.load(args[0]);
    LabelledSet pub = fs.train().select(sample(fs.train().size(), 1000));
    EmbeddingMechanism mechanism = MechanismRegistry.discover().get("private-pca");
    ClientView view = Workload.clientView(pub, null);
    double[] epsilons = {epsilon, 2 * epsilon};
    ClientSide[] clients = new ClientSide[2];
    for (int c = 0; c < 2; c++) {
      MechanismParams p = Preset.PAPER.builder(Workload.SIGMA, Workload.ALPHA)
          .calibration(NoiseCalibration.ANALYTIC).build(epsilons[c], Workload.DELTA);
      clients[c] = mechanism.client(view, p);
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    long[][] ns = new long[2][queries];
    int m = 0;
    for (int q = 0; q < warmup + queries; q++) {
      ClientData data = clientData(pub, fs.test(), q);
      m = data.publicOffset();
      for (int c = 0; c < 2; c++) {
        long t0 = mx.getCurrentThreadCpuTime();
        ClientRelease rel = clients[c].embed(data, new SplittableRandom(q));
        long t = mx.getCurrentThreadCpuTime() - t0;
        if (q >= warmup) {
          ns[c][q - warmup] = t;
        }
        digest(sha, rel.embedding().data());
        digest(sha, rel.published().get("V").data());
      }
    }
    String[] roles = {"first eps", "second eps, same D"};
    for (int c = 0; c < 2; c++) {
      long[] s = ns[c].clone();
      Arrays.sort(s);
      System.out.printf(Locale.ROOT, "%s d=%d m=%d eps=%s (%s): median %.1f ms CPU per query, min %.1f, max %.1f (%d"
          + " queries after %d warm-up)%n", fs.name(), pub.dimension(), m, epsilons[c], roles[c], s[queries / 2] / 1e6,
          s[0] / 1e6, s[queries - 1] / 1e6, queries, warmup);
    }
    System.out.println("sha256 of every release: " + HexFormat.of().formatHex(sha.digest()));
  }

  /** D = [r; P_r; P] for test row q: r, then the first row of P of every other class present in P, then P. */
  private static ClientData clientData(LabelledSet pub, LabelledSet test, int q) {
    int label = test.labels()[q];
    int[] py = pub.labels();
    int[] firstOf = new int[Arrays.stream(py).max().orElse(0) + 1];
    Arrays.fill(firstOf, -1);
    for (int i = py.length - 1; i >= 0; i--) {
      firstOf[py[i]] = i;
    }
    int[] rows = IntStream.concat(IntStream.of(firstOf).filter(i -> i >= 0 && py[i] != label),
        IntStream.range(0, pub.size())).toArray();
    LabelledSet block = pub.select(rows);
    int d = pub.dimension();
    int n = 1 + rows.length;
    float[] x = new float[n * d];
    int[] y = new int[n];
    System.arraycopy(test.features().data(), q * d, x, 0, d);
    y[0] = label;
    System.arraycopy(block.features().data(), 0, x, d, rows.length * d);
    System.arraycopy(block.labels(), 0, y, 1, rows.length);
    return new ClientData(new FeatureMatrix(x, n, d), y, n - pub.size());
  }

  /** {@code count} distinct indices of [0, size), by a partial Fisher–Yates shuffle from seed 1. */
  private static int[] sample(int size, int count) {
    int[] idx = IntStream.range(0, size).toArray();
    SplittableRandom rng = new SplittableRandom(1);
    for (int i = 0; i < count; i++) {
      int j = i + rng.nextInt(size - i);
      int t = idx[i];
      idx[i] = idx[j];
      idx[j] = t;
    }
    return Arrays.copyOf(idx, count);
  }

  private static void digest(MessageDigest sha, double[] values) {
    ByteBuffer b = ByteBuffer.allocate(values.length * Double.BYTES);
    for (double v : values) {
      b.putLong(Double.doubleToRawLongBits(v));
    }
    sha.update(b.array());
  }
}
