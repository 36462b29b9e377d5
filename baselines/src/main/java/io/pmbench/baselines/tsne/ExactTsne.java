package io.pmbench.baselines.tsne;

import java.util.Arrays;
import smile.math.MathEx;
import smile.stat.distribution.GaussianDistribution;

/**
 * Exact t-SNE (Van der Maaten &amp; Hinton 2008) with Smile 3.1.1's objective, start and optimiser,
 * but without an n × n table per iteration: pmbench's fast core behind {@code tsne}. Smile's own
 * t-SNE ({@link SmileTsne}, the mechanism {@code tsne-smile}) writes Q (n × n) and reads P and Q
 * in every one of its 1000 iterations; here P is computed once (Smile's P, see
 * {@link SmileAffinities#packed}, rounded to float), and the Student-t kernel is computed row by
 * row, fused with the gradient.
 *
 * <p><b>Gradient.</b> With w_ij = 1/(1 + ‖y_i − y_j‖²) and Smile's normaliser
 * Z = Σ_i Σ_j w_ij (including the n diagonal terms w_ii = 1), Smile's gradient
 * g_i = Σ_{j≠i} 4·(p_ij − w_ij/Z)·w_ij·(y_i − y_j) is split as g_i = 4·(A_i − R_i/Z) with the
 * attraction A_i = Σ_j p_ij·w_ij·(y_i − y_j) and the repulsion R_i = Σ_j w_ij²·(y_i − y_j), which
 * do not need Z, so one pass over the pairs ({@link PairSweep}, shared with
 * {@code dp-dsne-official}) gives A, R and Z together. The numbers are Smile's up to
 * rounding (the summation order differs, the pass runs in single precision), so a run is not
 * bit-identical to Smile's; it reaches the same KL divergence (the tests compare them).
 *
 * <p><b>Optimiser</b> (Smile's, constants below): start y_i ~ N(0, (10⁻⁴)²) from Smile's
 * generator seeded with the run's seed (so both cores start from the same map); gains
 * +0.2 where sign(g) ≠ sign(previous update), ×0.8 otherwise, floor 0.01; update
 * u ← μ·u − η·gain·g, y ← y + u; μ = 0.5 and P ×12 (early exaggeration) until iteration 250, then
 * μ = 0.8 and P/12; the map is centred at the end.
 *
 * <p><b>Precision and determinism.</b> The pass ({@link PairSweep}) visits every ordered pair
 * element-wise, in single precision; gradient, gains, momentum and the map are double. It runs in
 * two fixed blocks whose partial sums are added in block order, so the map is a function of
 * (distances, k, seed) alone, the same bits on one thread or two. Issue 23's pass changed the bits
 * of {@code tsne} maps against the earlier core (a double pass over unordered pairs), not their KL
 * divergence (tested).
 *
 * <p><b>Cost:</b> n² kernel evaluations per iteration, element-wise (no n × n table written);
 * memory is P in float (4 MB at n = 1,010). Not thread-safe; one instance per run.
 */
public final class ExactTsne {
  private final int n;
  private final int k;
  private final PairSweep sweep;
  private final double[][] y;
  private final double[][] attraction;
  private final double[][] repulsion;
  private final double[][] update;
  private final double[][] gains;
  private final double[][] gradient;
  private double momentum = initialMomentum();
  private int iteration;

  /**
   * @param p Smile's exaggerated affinities, packed ({@link SmileAffinities#packed}); not
   *     modified (kept in single precision, see the class comment)
   * @param start the n × k start map (row-major, flat); not modified
   * @param parallel whether the sweep's second block runs on the shared pool (the map is the same
   *     either way; the tests compare)
   */
  ExactTsne(double[] p, double[] start, int n, int k, boolean parallel) {
    if (n < 2 || k < 1 || p.length != (long) n * (n - 1) / 2 || start.length != n * k) {
      throw new IllegalArgumentException("t-SNE needs n >= 2 rows, k >= 1, packed P of n(n-1)/2 and an n x k start."
          + " Provided value: n=" + n + ", k=" + k + ", P " + p.length + ", start " + start.length);
    }
    this.n = n;
    this.k = k;
    this.sweep = PairSweep.ofPacked(p, n, k, parallel);
    this.y = new double[k][n];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        y[c][i] = start[i * k + c];
      }
    }
    this.attraction = new double[k][n];
    this.repulsion = new double[k][n];
    this.update = new double[k][n];
    this.gains = new double[k][n];
    for (double[] g : gains) {
      Arrays.fill(g, 1.0);
    }
    this.gradient = new double[k][n];
  }

  /** {@link #ExactTsne(double[], double[], int, int, boolean)} on the calling thread. */
  ExactTsne(double[] p, double[] start, int n, int k) {
    this(p, start, n, k, false);
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
   * {@link SmileTsne#iterations()} iterations on the calling thread; returns the centred n × k
   * map, row-major. (A query runs here: the protocol runner already spends the cores on
   * independent queries.)
   */
  public static double[] embed(double[][] squaredDistances, int k, long seed) {
    return embed(squaredDistances, k, seed, false);
  }

  /**
   * {@link #embed(double[][], int, long)}, with the second block of every sweep on the shared pool
   * when {@code parallel} (the server's single large t-SNE); the same bits either way.
   */
  public static double[] embed(double[][] squaredDistances, int k, long seed, boolean parallel) {
    int n = squaredDistances.length;
    double[] p = SmileAffinities.packed(n, j -> squaredDistances[j]);
    ExactTsne tsne = new ExactTsne(p, smileStart(n, k, seed), n, k, parallel);
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
      sweep.divideAffinities((float) SmileAffinities.exaggeration());
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

  /** gradient[c][i] = 4·(A_ic − R_ic/Z) at the current map, Z = Σ_i Σ_j w_ij (see the class comment). */
  private void computeGradient() {
    double z = sweep.sweep(y, attraction, repulsion);
    for (int c = 0; c < k; c++) {
      double[] a = attraction[c];
      double[] r = repulsion[c];
      double[] g = gradient[c];
      for (int i = 0; i < n; i++) {
        g[i] = 4.0 * (a[i] - r[i] / z);
      }
    }
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
