package io.pmbench.baselines.tsne;

import java.util.Arrays;
import smile.math.MathEx;
import smile.stat.distribution.GaussianDistribution;

/**
 * Exact t-SNE (Van der Maaten &amp; Hinton 2008) with Smile 3.1.1's objective, start and optimiser,
 * but without an n × n table per iteration: pmbench's fast core behind {@code tsne}. Smile's own
 * t-SNE ({@link SmileTsne}, the mechanism {@code tsne-smile}) writes Q (n × n) and reads P and Q
 * in every one of its 1000 iterations; here P is computed once (Smile's P, rounded to float, see
 * {@link SmileAffinities#packed}) and kept as its lower triangle, and the Student-t kernel is
 * computed pair by pair, fused with the gradient, each unordered pair once.
 *
 * <p><b>Gradient.</b> With w_ij = 1/(1 + ‖y_i − y_j‖²) and Smile's normaliser
 * Z = Σ_i Σ_j w_ij (including the n diagonal terms w_ii = 1), Smile's gradient
 * g_i = Σ_{j≠i} 4·(p_ij − w_ij/Z)·w_ij·(y_i − y_j) is split as g_i = 4·(A_i − R_i/Z) with the
 * attraction A_i = Σ_j p_ij·w_ij·(y_i − y_j) and the repulsion R_i = Σ_j w_ij²·(y_i − y_j), which
 * do not need Z, so one sweep over the pairs gives A, R and Z together. Pair (i, j), j &lt; i, adds
 * its terms to row j (mirrored, element-wise over j, which the JIT vectorises) and to row-i
 * buffers summed once the row is done. The numbers are Smile's up to rounding (the summation
 * order differs), so a run is not bit-identical to Smile's; it reaches the same KL divergence
 * (the tests compare them).
 *
 * <p><b>Optimiser</b> (Smile's, constants below): start y_i ~ N(0, (10⁻⁴)²) from Smile's
 * generator seeded with the run's seed (so both cores start from the same map); gains
 * +0.2 where sign(g) ≠ sign(previous update), ×0.8 otherwise, floor 0.01; update
 * u ← μ·u − η·gain·g, y ← y + u; μ = 0.5 and P ×12 (early exaggeration) until iteration 250, then
 * μ = 0.8 and P/12; the map is centred at the end.
 *
 * <p><b>P in single precision.</b> Streaming P is about half of an iteration's time (measured:
 * the sweep with P held constant takes half as long), so P is kept as floats: each p_ij rounded
 * once (relative error ≤ 2⁻²⁴ ≈ 6·10⁻⁸, far below the 10⁻³ tolerance of the perplexity search
 * that defines it) and divided by 12 in float at the end of exaggeration; it is widened to double
 * one row at a time (a separate loop, so the kernel loop stays vectorised) and everything else is
 * double. Measured 20–25% faster than a double P (thread CPU time, n = 1,010).
 *
 * <p><b>Cost:</b> n(n − 1)/2 kernel evaluations per iteration and O(n·k) scratch; memory is P's
 * triangle (2 MB at n = 1,010). <b>Determinism:</b> single-threaded with fixed summation orders, so
 * the map is a function of (distances, k, seed) — the protocol runner already spends the cores on
 * independent queries. Not thread-safe; one instance per run.
 */
public final class ExactTsne {
  private final int n;
  private final int k;
  private final float[] p;
  private final double[] pRow;
  private final double[][] y;
  private final double[][] attraction;
  private final double[][] repulsion;
  private final double[] kernelSums;
  private final double[] squared;
  private final double[] pw;
  private final double[] ww;
  private final double[][] ownA;
  private final double[][] ownR;
  private final double[][] update;
  private final double[][] gains;
  private final double[][] gradient;
  private final double[] pair = new double[2];
  private double momentum = initialMomentum();
  private int iteration;

  /**
   * @param p Smile's exaggerated affinities, packed ({@link SmileAffinities#packed}); not
   *     modified (kept in single precision, see the class comment)
   * @param start the n × k start map (row-major, flat); not modified
   */
  ExactTsne(double[] p, double[] start, int n, int k) {
    if (n < 2 || k < 1 || p.length != (long) n * (n - 1) / 2 || start.length != n * k) {
      throw new IllegalArgumentException("t-SNE needs n >= 2 rows, k >= 1, packed P of n(n-1)/2 and an n x k start."
          + " Provided value: n=" + n + ", k=" + k + ", P " + p.length + ", start " + start.length);
    }
    this.n = n;
    this.k = k;
    this.p = new float[p.length];
    for (int t = 0; t < p.length; t++) {
      this.p[t] = (float) p[t];
    }
    this.pRow = new double[n];
    this.y = new double[k][n];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        y[c][i] = start[i * k + c];
      }
    }
    this.attraction = new double[k][n];
    this.repulsion = new double[k][n];
    this.kernelSums = new double[n];
    this.squared = new double[n];
    this.pw = new double[n];
    this.ww = new double[n];
    this.ownA = new double[k][n];
    this.ownR = new double[k][n];
    this.update = new double[k][n];
    this.gains = new double[k][n];
    for (double[] g : gains) {
      Arrays.fill(g, 1.0);
    }
    this.gradient = new double[k][n];
  }

  /** Smile's momentum until iteration 250. */
  public static double initialMomentum() {
    return 0.5;
  }

  /** Smile's momentum after iteration 250. */
  public static double finalMomentum() {
    return 0.8;
  }

  /** The iteration (counted from 0) after which momentum switches and exaggeration ends (Smile). */
  public static int switchIteration() {
    return 250;
  }

  /** Smile's additive gain increase when the gradient's sign disagrees with the last update's. */
  public static double gainIncrement() {
    return 0.2;
  }

  /** Smile's multiplicative gain decay when the signs agree. */
  public static double gainDecay() {
    return 0.8;
  }

  /** Smile's gain floor. */
  public static double minGain() {
    return 0.01;
  }

  /** Standard deviation of Smile's start map ({@code GaussianDistribution(0.0, 0.0001)}). */
  public static double startScale() {
    return 1e-4;
  }

  /**
   * Embeds the rows whose squared distances are given (n × n, zero diagonal) in k dimensions with
   * {@link SmileTsne#iterations()} iterations; returns the centred n × k map, row-major.
   */
  public static double[] embed(double[][] squaredDistances, int k, long seed) {
    int n = squaredDistances.length;
    double[] p = SmileAffinities.packed(n, j -> squaredDistances[j]);
    ExactTsne tsne = new ExactTsne(p, smileStart(n, k, seed), n, k);
    for (int t = 0; t < SmileTsne.iterations(); t++) {
      tsne.step();
    }
    return tsne.centredMap();
  }

  /**
   * Smile's start map: {@code MathEx.setSeed(seed)}, then n × k draws of N(0, (10⁻⁴)²) row by row
   * from the calling thread's generator (see {@link SmileTsne} on why this is deterministic).
   */
  public static double[] smileStart(int n, int k, long seed) {
    MathEx.setSeed(seed);
    GaussianDistribution g = new GaussianDistribution(0.0, startScale());
    double[] y = new double[n * k];
    for (int t = 0; t < y.length; t++) {
      y[t] = g.rand();
    }
    return y;
  }

  /** The gradient at the current map (Smile's, up to rounding), row-major n × k (tests only). */
  double[] currentGradient() {
    computeGradient();
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        out[i * k + c] = gradient[c][i];
      }
    }
    return out;
  }

  /** The iterations taken so far. */
  int iteration() {
    return iteration;
  }

  /** One gradient iteration and Smile's step. */
  void step() {
    computeGradient();
    move();
    if (iteration == switchIteration()) {
      momentum = finalMomentum();
      float ex = (float) SmileAffinities.exaggeration();
      for (int t = 0; t < p.length; t++) {
        p[t] /= ex;
      }
    }
    iteration++;
  }

  /** The map with its column means (summed over rows in order, as Smile's) subtracted, row-major. */
  double[] centredMap() {
    double[] out = new double[n * k];
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double mean = 0.0;
      for (int i = 0; i < n; i++) {
        mean += yc[i];
      }
      mean /= n;
      for (int i = 0; i < n; i++) {
        out[i * k + c] = yc[i] - mean;
      }
    }
    return out;
  }

  /** gradient[c][i] = 4·(A_ic − R_ic/Z) at the current map (see the class comment). */
  private void computeGradient() {
    for (int c = 0; c < k; c++) {
      Arrays.fill(attraction[c], 0.0);
      Arrays.fill(repulsion[c], 0.0);
    }
    Arrays.fill(kernelSums, 0.0);
    for (int i = 1; i < n; i++) {
      row(i);
    }
    double z = n;
    for (int i = 0; i < n; i++) {
      z += 2 * kernelSums[i];
    }
    for (int c = 0; c < k; c++) {
      double[] a = attraction[c];
      double[] r = repulsion[c];
      double[] g = gradient[c];
      for (int i = 0; i < n; i++) {
        g[i] = 4.0 * (a[i] - r[i] / z);
      }
    }
  }

  /**
   * The pairs (i, j), j &lt; i: kernel, then per dimension the mirrored terms into rows j and row
   * i's own terms into buffers, summed afterwards (row i has received nothing before: rows below
   * it only touch rows below them).
   */
  private void row(int i) {
    int off = i * (i - 1) / 2;
    squaredDistances(i);
    for (int j = 0; j < i; j++) {
      pRow[j] = p[off + j];
    }
    for (int j = 0; j < i; j++) {
      double w = 1.0 / (1.0 + squared[j]);
      kernelSums[j] += w;
      pw[j] = pRow[j] * w;
      ww[j] = w * w;
    }
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double[] a = attraction[c];
      double[] r = repulsion[c];
      double[] oa = ownA[c];
      double[] or = ownR[c];
      double yi = yc[i];
      for (int j = 0; j < i; j++) {
        double diff = yi - yc[j];
        double ta = pw[j] * diff;
        double tr = ww[j] * diff;
        a[j] -= ta;
        r[j] -= tr;
        oa[j] = ta;
        or[j] = tr;
      }
      sums(oa, or, i, pair);
      a[i] = pair[0];
      r[i] = pair[1];
    }
  }

  /** squared[j] = Σ_c (y_ic − y_jc)², c ascending, for j &lt; i. */
  private void squaredDistances(int i) {
    double[] y0 = y[0];
    double a0 = y0[i];
    for (int j = 0; j < i; j++) {
      double d = a0 - y0[j];
      squared[j] = d * d;
    }
    for (int c = 1; c < k; c++) {
      double[] yc = y[c];
      double a = yc[i];
      for (int j = 0; j < i; j++) {
        double d = a - yc[j];
        squared[j] += d * d;
      }
    }
  }

  /**
   * Σ_{j &lt; end} u[j] into {@code sums[0]} and Σ_{j &lt; end} v[j] into {@code sums[1]}, each in
   * eight interleaved partial sums (j mod 8, the tail into the first) combined pairwise: a fixed
   * order, so deterministic, and eight independent chains instead of one.
   */
  static void sums(double[] u, double[] v, int end, double[] sums) {
    double a0 = 0.0;
    double a1 = 0.0;
    double a2 = 0.0;
    double a3 = 0.0;
    double a4 = 0.0;
    double a5 = 0.0;
    double a6 = 0.0;
    double a7 = 0.0;
    double b0 = 0.0;
    double b1 = 0.0;
    double b2 = 0.0;
    double b3 = 0.0;
    double b4 = 0.0;
    double b5 = 0.0;
    double b6 = 0.0;
    double b7 = 0.0;
    int j = 0;
    for (; j + 8 <= end; j += 8) {
      a0 += u[j];
      a1 += u[j + 1];
      a2 += u[j + 2];
      a3 += u[j + 3];
      a4 += u[j + 4];
      a5 += u[j + 5];
      a6 += u[j + 6];
      a7 += u[j + 7];
      b0 += v[j];
      b1 += v[j + 1];
      b2 += v[j + 2];
      b3 += v[j + 3];
      b4 += v[j + 4];
      b5 += v[j + 5];
      b6 += v[j + 6];
      b7 += v[j + 7];
    }
    for (; j < end; j++) {
      a0 += u[j];
      b0 += v[j];
    }
    sums[0] = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));
    sums[1] = ((b0 + b1) + (b2 + b3)) + ((b4 + b5) + (b6 + b7));
  }

  /** Smile's gains and momentum step with the gradient. */
  private void move() {
    double eta = SmileTsne.learningRate();
    for (int c = 0; c < k; c++) {
      double[] g = gradient[c];
      double[] u = update[c];
      double[] gain = gains[c];
      double[] yc = y[c];
      for (int i = 0; i < n; i++) {
        double gi = Math.signum(g[i]) != Math.signum(u[i]) ? gain[i] + gainIncrement() : gain[i] * gainDecay();
        gain[i] = gi < minGain() ? minGain() : gi;
        u[i] = momentum * u[i] - eta * gain[i] * g[i];
        yc[i] += u[i];
      }
    }
  }
}
