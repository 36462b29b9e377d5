package io.pmbench.benchmarks;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.datasets.Datasets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * private-pca's two column draws side by side in one JVM, timed in the querying thread's CPU time:
 * {@code java -cp benchmarks.jar io.pmbench.benchmarks.PcaColumnDrawAb EPSILON WARMUP QUERIES}. The
 * input is Fashion-MNIST's own rows (P = the first 1,000 training rows, r = the first test row with
 * its 9 dummies: n = 1,010, d = 784, k = 2, burnIn = 100, the ANALYTIC calibration so that any ε is
 * accepted); query q uses seed q, and the queries alternate SWEEP, EXACT, SWEEP, EXACT … on one
 * thread so both see the same load (see {@link CpuTimeAb}). Prints each draw's median, minimum and
 * maximum CPU milliseconds per query, the ratio of the medians, EXACT's mean ACG proposals per
 * column step, and each draw's mean ± standard error of the exponential mechanism's score
 * tr(VᵀDᵀDV) = Σ_rows ‖x·V‖² of the released V (both chains target the same distribution of V).
 */
public final class PcaColumnDrawAb {
  private PcaColumnDrawAb() {}

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: PcaColumnDrawAb EPSILON WARMUP QUERIES");
      System.exit(2);
    }
    double epsilon = Double.parseDouble(args[0]);
    int warmup = Integer.parseInt(args[1]);
    int queries = Integer.parseInt(args[2]);
    FeatureSet fs = Datasets.load("fashion-mnist");
    LabelledSet pub = fs.train().select(IntStream.range(0, 1000).toArray());
    ClientData data = Workload.clientData(pub, Workload.row(fs.test(), 0), fs.test().labels()[0]);
    String[] draws = {"SWEEP", "EXACT"};
    ClientSide[] clients = new ClientSide[2];
    for (int b = 0; b < 2; b++) {
      MechanismParams p = Preset.PAPER.builder(Workload.SIGMA, Workload.ALPHA)
          .options(Map.of("columnDraw", draws[b], "burnIn", "100")).calibration(NoiseCalibration.ANALYTIC)
          .build(epsilon, Workload.DELTA);
      clients[b] = MechanismRegistry.discover().get("private-pca").client(Workload.clientView(pub, null), p);
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long[][] ns = new long[2][queries];
    double proposals = 0;
    double[][] score = new double[2][queries];
    for (int q = 0; q < warmup + queries; q++) {
      for (int b = 0; b < 2; b++) {
        long t0 = mx.getCurrentThreadCpuTime();
        ClientRelease rel = clients[b].embed(data, new SplittableRandom(q));
        long t = mx.getCurrentThreadCpuTime() - t0;
        if (q >= warmup) {
          ns[b][q - warmup] = t;
          score[b][q - warmup] = score(data, rel.published().get("V"));
          if (b == 1) {
            proposals += rel.diagnostics().get("proposalsPerColumnStep");
          }
        }
      }
    }
    double[] median = new double[2];
    for (int b = 0; b < 2; b++) {
      long[] s = ns[b].clone();
      Arrays.sort(s);
      median[b] = s[queries / 2] / 1e6;
      System.out.printf(Locale.ROOT, "eps=%s %s: median %.1f ms CPU per query, min %.1f, max %.1f (%d queries)%n",
          args[0], draws[b], median[b], s[0] / 1e6, s[queries - 1] / 1e6, queries);
    }
    for (int b = 0; b < 2; b++) {
      double mean = Arrays.stream(score[b]).average().orElseThrow();
      double ss = Arrays.stream(score[b]).map(x -> (x - mean) * (x - mean)).sum();
      System.out.printf(Locale.ROOT, "eps=%s %s: score tr(V'D'DV) mean %.3f, SE %.3f%n", args[0], draws[b], mean,
          Math.sqrt(ss / (queries - 1) / queries));
    }
    System.out.printf(Locale.ROOT, "eps=%s SWEEP/EXACT ratio of medians %.2f; EXACT mean proposals per column step"
        + " %.3f%n", args[0], median[0] / median[1], proposals / queries);
  }

  /** Σ over the rows x of D of ‖x·V‖² (V d × k row-major). */
  private static double score(ClientData data, Embedding v) {
    int d = v.rows();
    int k = v.dim();
    float[] rows = data.rows().data();
    double total = 0;
    for (int r = 0; r < data.size(); r++) {
      for (int c = 0; c < k; c++) {
        double dot = 0;
        for (int j = 0; j < d; j++) {
          dot += rows[r * d + j] * v.data()[j * k + c];
        }
        total += dot * dot;
      }
    }
    return total;
  }
}
