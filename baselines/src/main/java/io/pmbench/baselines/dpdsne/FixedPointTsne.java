package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.ExactTsne;
import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import java.util.Arrays;
import smile.math.MathEx;

/**
 * Smile 3.1.1's t-SNE iteration ({@code TSNE.update} and {@code TSNE.sne}, re-implemented operation
 * for operation because Smile has no hook for fixed points or for changing the gradient) with the
 * rows [m, n) held fixed, as dSNE holds the reference points (BASELINES.md §2). The caller gets the
 * gradient of the free rows, may transform it (clip, add noise), and hands it back to
 * {@link #step}. With m = n, an unchanged gradient and {@link #centre()} at the end, this
 * reproduces Smile's own run bit for bit from the same start (the tests check it).
 *
 * <p>Per iteration t = 0, 1, …: q_ij = 1/(1 + ‖y_i − y_j‖²) over every pair of all n points and
 * Z = Σ_i Σ_j q_ij (Smile's sum, which includes the n diagonal terms q_ii = 1);
 * g_i = Σ_{j≠i} 4·(y_i − y_j)·(p_ij − q_ij/Z)·q_ij with p the exaggerated affinities of
 * {@link SmileAffinities}; then, with the (possibly transformed) gradient g̃: gains
 * g ← g + 0.2 where sign(g̃) ≠ sign(previous update), g ← 0.8·g otherwise, floored at 0.01;
 * update u ← μ·u − η·gain·g̃ (η = 200); y ← y + u. After iteration 250, μ goes from 0.5 to 0.8 and
 * P is divided by 12 (end of early exaggeration).
 *
 * <p>The fixed–fixed part of Z is constant: it is passed in once ({@link #fixedRowSums}), so an
 * iteration costs O(m·n) rather than O(n²). Not thread-safe; one instance per query.
 */
final class FixedPointTsne {
  private final int n;
  private final int m;
  private final int k;
  private final double[][] y;
  private final double[][] p;
  private final double[] fixedRowSums;
  private final double[][] q;
  private final double[][] cols;
  private final double[] rowSums;
  private final double[] z;
  private final double[][] update;
  private final double[][] gains;
  private double qSum;
  private double momentum = ExactTsne.initialMomentum();
  private int iteration;

  /**
   * @param y the n × k map, rows [0, m) free (their start), rows [m, n) fixed; modified in place
   * @param m number of free rows
   * @param p the free rows' exaggerated affinities (m × n), from {@link SmileAffinities}; modified
   *     (divided by 12 after iteration 250)
   * @param fixedRowSums for each fixed row j: Σ_{l fixed} q_jl (from {@link #fixedRowSums})
   */
  FixedPointTsne(double[][] y, int m, double[][] p, double[] fixedRowSums) {
    this.n = y.length;
    this.m = m;
    this.k = y[0].length;
    if (p.length != m || fixedRowSums.length != n - m) {
      throw new IllegalArgumentException("affinities must be m x n and fixed sums n - m. Provided value: "
          + p.length + " and " + fixedRowSums.length + " for n=" + n + ", m=" + m);
    }
    this.y = y;
    this.p = p;
    this.fixedRowSums = fixedRowSums;
    this.q = new double[m][n];
    this.cols = new double[k][n];
    this.rowSums = new double[n];
    this.z = new double[n];
    this.update = new double[m][k];
    this.gains = new double[m][k];
    for (double[] g : gains) {
      Arrays.fill(g, 1.0);
    }
  }

  /** For fixed points {@code fixed}: each row's Σ_l 1/(1 + ‖y_j − y_l‖²) over the fixed rows (l = j included). */
  static double[] fixedRowSums(double[][] fixed) {
    double[] out = new double[fixed.length];
    for (int j = 0; j < fixed.length; j++) {
      double s = 0.0;
      for (double[] other : fixed) {
        s += 1.0 / (1.0 + MathEx.squaredDistance(fixed[j], other));
      }
      out[j] = s;
    }
    return out;
  }

  /** The iterations taken so far. */
  int iteration() {
    return iteration;
  }

  /**
   * The t-SNE gradient of the free rows at the current map (a new m × k array). Smile's operations
   * and summation orders, with the map read column by column so the loops over j run over arrays:
   * q_ij (‖·‖² as {@link MathEx#squaredDistance}), each row sum over j ascending, each fixed
   * column sum over the free rows ascending plus its fixed part, Z = Σ of the n row sums, then
   * each g_ic over j ≠ i ascending.
   */
  double[][] gradient() {
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < n; j++) {
        cols[c][j] = y[j][c];
      }
    }
    for (int i = 0; i < m; i++) {
      rowSums[i] = kernelRow(i);
    }
    Arrays.fill(rowSums, m, n, 0.0);
    for (int i = 0; i < m; i++) {
      double[] qi = q[i];
      for (int j = m; j < n; j++) {
        rowSums[j] += qi[j];
      }
    }
    for (int j = m; j < n; j++) {
      rowSums[j] += fixedRowSums[j - m];
    }
    qSum = MathEx.sum(rowSums);
    double[][] g = new double[m][k];
    for (int i = 0; i < m; i++) {
      double[] pi = p[i];
      double[] qi = q[i];
      for (int j = 0; j < n; j++) {
        z[j] = (pi[j] - (qi[j] / qSum)) * qi[j];
      }
      if (k == 2) {
        gradientRow2(i, g[i]);
        continue;
      }
      for (int c = 0; c < k; c++) {
        double[] col = cols[c];
        double a = col[i];
        double s = 0.0;
        for (int j = 0; j < i; j++) {
          s += 4.0 * (a - col[j]) * z[j];
        }
        for (int j = i + 1; j < n; j++) {
          s += 4.0 * (a - col[j]) * z[j];
        }
        g[i][c] = s;
      }
    }
    return g;
  }

  /**
   * Row i of the gradient for k = 2: the two sums of {@link #gradient} over j ≠ i ascending, each
   * term and each partial sum the same double, in one loop. The two sums are independent chains of
   * additions, so each waits on its own previous add only, not also on the other column's loop.
   */
  private void gradientRow2(int i, double[] gi) {
    double[] c0 = cols[0];
    double[] c1 = cols[1];
    double a0 = c0[i];
    double a1 = c1[i];
    double s0 = 0.0;
    double s1 = 0.0;
    for (int j = 0; j < i; j++) {
      s0 += 4.0 * (a0 - c0[j]) * z[j];
      s1 += 4.0 * (a1 - c1[j]) * z[j];
    }
    for (int j = i + 1; j < n; j++) {
      s0 += 4.0 * (a0 - c0[j]) * z[j];
      s1 += 4.0 * (a1 - c1[j]) * z[j];
    }
    gi[0] = s0;
    gi[1] = s1;
  }

  /** q_ij = 1/(1 + ‖y_i − y_j‖²) for every j (row i of q); k = 2 spelled out as Smile's distance does. */
  private double kernelRow(int i) {
    double[] qi = q[i];
    double s = 0.0;
    if (k == 2) {
      double[] c0 = cols[0];
      double[] c1 = cols[1];
      double a0 = c0[i];
      double a1 = c1[i];
      for (int j = 0; j < n; j++) {
        double d0 = a0 - c0[j];
        double d1 = a1 - c1[j];
        qi[j] = 1.0 / (1.0 + (d0 * d0 + d1 * d1));
        s += qi[j];
      }
    } else {
      for (int j = 0; j < n; j++) {
        qi[j] = 1.0 / (1.0 + MathEx.squaredDistance(y[i], y[j]));
        s += qi[j];
      }
    }
    return s;
  }

  /** Takes one step with the (possibly transformed) gradient {@code g} (m × k); not modified. */
  void step(double[][] g) {
    double eta = SmileTsne.learningRate();
    for (int i = 0; i < m; i++) {
      double[] gi = g[i];
      double[] ui = update[i];
      double[] gain = gains[i];
      for (int c = 0; c < k; c++) {
        gain[c] = Math.signum(gi[c]) != Math.signum(ui[c]) ? gain[c] + ExactTsne.gainIncrement()
            : gain[c] * ExactTsne.gainDecay();
        if (gain[c] < ExactTsne.minGain()) {
          gain[c] = ExactTsne.minGain();
        }
      }
    }
    for (int i = 0; i < m; i++) {
      double[] ui = update[i];
      double[] gain = gains[i];
      for (int c = 0; c < k; c++) {
        ui[c] = momentum * ui[c] - eta * gain[c] * g[i][c];
        y[i][c] += ui[c];
      }
    }
    if (iteration == ExactTsne.switchIteration()) {
      momentum = ExactTsne.finalMomentum();
      double ex = SmileAffinities.exaggeration();
      for (double[] pi : p) {
        for (int j = 0; j < n; j++) {
          pi[j] /= ex;
        }
      }
    }
    iteration++;
  }

  /** Subtracts the column means from every row (Smile's last step; only meaningful when m = n). */
  void centre() {
    double[] means = MathEx.colMeans(y);
    for (double[] yi : y) {
      for (int c = 0; c < k; c++) {
        yi[c] -= means[c];
      }
    }
  }
}
