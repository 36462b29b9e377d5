package io.pmbench.benchmarks;

import io.pmbench.core.kernel.GaussianKernel;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Setup;

/**
 * The arithmetic floor of one PrivateMail query at n = 1,010, k = 2, d = 784, measured on this
 * machine: the work no formulation can skip, each timed at its best case (operands in L1, the
 * loop form the JIT vectorises, no memory traffic):
 * <ul>
 *   <li>{@code exps}: the n(n−1)/2 = 509,545 exponentials of the kernel rebuild after the noise
 *       (one per pair of noisy rows), by the polynomial SIMD exponential pmbench uses there
 *       ({@link GaussianKernel.Exp#POLYNOMIAL}; {@code mathExps}: the same with {@code Math.exp});
 *   <li>{@code iteration}: n²·k = 2.04 M multiply-adds, one SMLQ iteration's L_X product (the
 *       issue's "≈ 2 MFLOP per iteration"); a query needs 7 (f(X), T = 5, the final objective);
 *   <li>{@code crossBlock}: P·d = 784,000 difference-square-adds, the query row's kernel row
 *       against the public set;
 *   <li>{@code gaussians}: 2·n·k normal draws (Q and the noise), with pmbench's sampler.
 * </ul>
 * Floor(query) = exps + 7·iteration + crossBlock + gaussians. Excluded (so the floor is a lower
 * bound): streaming W (8 MB) from memory in each iteration, degree sums, the L_Y products,
 * alignment and retrieval.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class FloorBenchmark extends BenchmarkDefaults {
  static final int N = 1010;
  static final int K = 2;
  static final int P = 1000;
  static final int D = 784;
  private static final int TILE = 256;

  private double[] expArgs;
  private double[] expOut;
  private double[][] rows;
  private double[][] acc;
  private double[] panel;
  private double[] distAcc;
  private double[] x;

  @Setup
  public void setUp() {
    int pairs = N * (N - 1) / 2;
    expArgs = Workload.gaussian(3, "exp-args", pairs);
    for (int i = 0; i < pairs; i++) {
      expArgs[i] = Math.abs(expArgs[i]) * 1e-3; // e^(−a), a ≥ 0: the kernel's arguments q/s
    }
    expOut = new double[pairs];
    rows = new double[4][];
    for (int r = 0; r < 4; r++) {
      rows[r] = Workload.gaussian(3, "row" + r, N);
    }
    acc = new double[K][N];
    x = Workload.gaussian(3, "x", N * K);
    panel = Workload.gaussian(3, "panel", TILE);
    distAcc = new double[TILE];
  }

  @Benchmark
  public double[] exps() {
    System.arraycopy(expArgs, 0, expOut, 0, expArgs.length);
    GaussianKernel.Exp.POLYNOMIAL.negExpInPlace(expOut, 0, expOut.length);
    return expOut;
  }

  @Benchmark
  public double[] mathExps() {
    System.arraycopy(expArgs, 0, expOut, 0, expArgs.length);
    GaussianKernel.Exp.MATH.negExpInPlace(expOut, 0, expOut.length);
    return expOut;
  }

  @Benchmark
  public double[][] iteration() {
    for (int l = 0; l + 4 <= N; l += 4) {
      for (int c = 0; c < K; c++) {
        double[] a = acc[c];
        double x0 = x[l * K + c];
        double x1 = x[(l + 1) * K + c];
        double x2 = x[(l + 2) * K + c];
        double x3 = x[(l + 3) * K + c];
        double[] w0 = rows[0];
        double[] w1 = rows[1];
        double[] w2 = rows[2];
        double[] w3 = rows[3];
        for (int j = 0; j < N; j++) {
          a[j] = a[j] + w0[j] * x0 + w1[j] * x1 + w2[j] * x2 + w3[j] * x3;
        }
      }
    }
    return acc;
  }

  @Benchmark
  public double[] crossBlock() {
    double[] a = distAcc;
    double[] t = panel;
    for (int tile = 0; tile < (P + TILE - 1) / TILE; tile++) {
      for (int c = 0; c < D; c++) {
        double xc = x[c % (N * K)];
        for (int j = 0; j < TILE; j++) {
          double d = t[j] - xc;
          a[j] += d * d;
        }
      }
    }
    return a;
  }

  @Benchmark
  public double gaussians() {
    SplittableRandom rng = new SplittableRandom(42);
    double s = 0;
    for (int i = 0; i < 2 * N * K; i++) {
      s += Seeds.gaussian(rng);
    }
    return s;
  }
}
