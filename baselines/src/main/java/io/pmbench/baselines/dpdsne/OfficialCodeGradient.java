package io.pmbench.baselines.dpdsne;

import java.util.Arrays;

/**
 * The official DP-dSNE code's t-SNE gradient ({@code adaclip_tsne.py}, see {@link OfficialCodeTsne})
 * g_i = Σ_j (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij·(y_i − y_j), w_ij = 1/(1 + ‖y_i − y_j‖²), w_ii = 0,
 * with the code's operations and summation orders: ‖·‖² = 0 + Σ_c diff_c², c ascending; Σw over
 * i ascending and j &lt; i ascending, adding 2·w_ij; each g_ic over j ascending (the diagonal term
 * (p_ii − max(0/Σw, 10⁻¹²))·0·0 included). The results are those doubles exactly.
 *
 * <p>How. P and W are symmetric bit for bit ((a − b)² = (b − a)²), so each unordered pair is
 * computed once, from the lower triangle (row i, columns j &lt; i; only that half of P is kept). A
 * first pass adds up Σw row by row. A second pass walks the rows ascending and computes each pair's
 * coefficient c_ij = (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij (w_ij recomputed, the same double as in the
 * first pass), then uses it twice: the term c_ij·(y_j − y_i) goes straight into g_j (mirrored: g_j's
 * terms l &gt; j arrive in rows l ascending, after g_j is complete up to its diagonal), and the term
 * c_ij·(y_i − y_j) into a row buffer, summed over j ascending once the row is done, then the
 * diagonal term, giving g_i (to which nothing was added before). Rows go in groups of four: each
 * step over the columns before the group is its own element-wise loop (coefficients; the four
 * rows' mirrored terms, added to each g_j in row order; the four rows' own terms), and the 4k own
 * sums run side by side, eight to a loop; the pairs inside the group follow one by one.
 * Loops are kept that small because the JIT vectorises only small loop bodies, and no single sum's
 * order changes. The rows after the last full group go one at a time by the same steps. For k = 2
 * (the paper's setting) the distance is d₀² + d₁², which equals 0 + d₀² + d₁².
 *
 * <p>One instance per query (it owns the query's P, see {@link #removeExaggeration()}); not
 * thread-safe; no allocation per call.
 */
final class OfficialCodeGradient implements OfficialCodeTsne.Gradient {
  private static final int GROUP = 4;
  private final int n;
  private final int k;
  private final double[][] p;
  private final double[][] y;
  private final double[][] g;
  private final double[] kernel;
  private final double[] squared;
  private final double[][] coef;
  private final double[][] own;
  private final double[] sums;

  /**
   * @param p the affinities (n rows of n, symmetric bit for bit, as
   *     {@link OfficialCodeAffinities#affinities} returns them); its lower triangle and diagonal
   *     are copied, {@code p} is not modified
   * @param k output dimension
   */
  OfficialCodeGradient(double[][] p, int k) {
    this.n = p.length;
    this.k = k;
    this.p = new double[n][];
    for (int i = 0; i < n; i++) {
      this.p[i] = Arrays.copyOf(p[i], i + 1);
    }
    this.y = new double[k][n];
    this.g = new double[k][n];
    this.kernel = new double[n];
    this.squared = new double[n];
    this.coef = new double[GROUP][n];
    int padded = (GROUP * k + 7) / 8 * 8;
    this.own = new double[padded][n];
    this.sums = new double[padded];
  }

  /** Divides every p_ij by the exaggeration factor (the code's {@code P = P / 4} after its iteration 100). */
  @Override
  public void removeExaggeration() {
    for (double[] pi : p) {
      for (int j = 0; j < pi.length; j++) {
        pi[j] /= OfficialCodeAffinities.exaggeration();
      }
    }
  }

  /**
   * Writes the gradient at {@code map} into {@code out}.
   *
   * @param map the map (n × k, flat); not modified
   * @param out the gradient (n × k, flat); overwritten
   */
  @Override
  public void compute(double[] map, double[] out) {
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        y[c][i] = map[i * k + c];
      }
    }
    double wSum = kernelSum();
    int i0 = 0;
    for (; i0 + GROUP <= n; i0 += GROUP) {
      group(i0, wSum);
    }
    for (; i0 < n; i0++) {
      single(i0, wSum);
    }
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        out[i * k + c] = g[c][i];
      }
    }
  }

  /** Σw in the code's order: i ascending, j &lt; i ascending, adding 2·w_ij. */
  private double kernelSum() {
    double wSum = 0;
    for (int i = 0; i < n; i++) {
      if (k == 2) {
        wSum = addKernels(wSum, y[0], y[1], y[0][i], y[1][i], i);
      } else {
        kernelRow(i, i);
        for (int j = 0; j < i; j++) {
          wSum += 2 * kernel[j];
        }
      }
    }
    return wSum;
  }

  /**
   * k = 2: {@code s} plus 2·w_ij for j &lt; i ascending, in one loop (the JIT hides the divisions
   * behind the chain of additions). The row also goes to {@code kernel} only because the JIT
   * vectorises the loop with that store and not without.
   */
  private double addKernels(double s, double[] y0, double[] y1, double a0, double a1, int i) {
    double sum = s;
    for (int j = 0; j < i; j++) {
      double v = kernel(a0, a1, y0[j], y1[j]);
      kernel[j] = v;
      sum += 2 * v;
    }
    return sum;
  }

  /** kernel[j] = w_ij = 1/(1 + ‖y_i − y_j‖²) for j &lt; end. */
  private void kernelRow(int i, int end) {
    if (k == 2) {
      kernelRow(y[0], y[1], y[0][i], y[1][i], end);
      return;
    }
    squaredDistances(i, end);
    for (int j = 0; j < end; j++) {
      kernel[j] = 1.0 / (1.0 + squared[j]);
    }
  }

  /** {@link #kernelRow(int, int)} for k = 2, row i's coordinates passed in so that the JIT vectorises the loop. */
  private void kernelRow(double[] y0, double[] y1, double a0, double a1, int end) {
    for (int j = 0; j < end; j++) {
      kernel[j] = kernel(a0, a1, y0[j], y1[j]);
    }
  }

  /** 1/(1 + ‖a − b‖²) for k = 2, the distance as d₀² + d₁² (equal to the code's 0 + d₀² + d₁²). */
  private static double kernel(double a0, double a1, double b0, double b1) {
    double d0 = a0 - b0;
    double d1 = a1 - b1;
    return 1.0 / (1.0 + (d0 * d0 + d1 * d1));
  }

  /** squared[j] = ‖y_i − y_j‖² for j &lt; end, summed as the code: 0 + Σ_c (y_ic − y_jc)², c ascending. */
  private void squaredDistances(int i, int end) {
    Arrays.fill(squared, 0, end, 0.0);
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double a = yc[i];
      for (int j = 0; j < end; j++) {
        double diff = a - yc[j];
        squared[j] += diff * diff;
      }
    }
  }

  /** Rows i0, …, i0 + 3. */
  private void group(int i0, double wSum) {
    for (int q = 0; q < GROUP; q++) {
      coefficients(i0 + q, i0, wSum, coef[q]);
    }
    for (int c = 0; c < k; c++) {
      mirrorGroup(y[c], g[c], i0);
      for (int q = 0; q < GROUP; q++) {
        ownTerms(coef[q], y[c], y[c][i0 + q], own[q * k + c], i0);
      }
    }
    for (int t = 0; t < own.length; t += 8) {
      ownSums(t, i0);
    }
    for (int q = 0; q < GROUP; q++) {
      finish(i0 + q, i0, q * k, wSum);
    }
  }

  /** Row i alone: its pairs j &lt; i by the same steps as a group. */
  private void single(int i, double wSum) {
    double[] ci = coef[0];
    coefficients(i, i, wSum, ci);
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double[] gc = g[c];
      double a = yc[i];
      for (int j = 0; j < i; j++) {
        gc[j] += ci[j] * (yc[j] - a);
      }
      double[] u = own[c];
      ownTerms(ci, yc, a, u, i);
      double s = 0.0;
      for (int j = 0; j < i; j++) {
        s += u[j];
      }
      sums[c] = s;
    }
    finish(i, i, 0, wSum);
  }

  /** out[j] = (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij for j &lt; end. */
  private void coefficients(int i, int end, double wSum, double[] out) {
    double floor = OfficialCodeAffinities.floor();
    double[] pi = p[i];
    double[] w = kernel;
    kernelRow(i, end);
    for (int j = 0; j < end; j++) {
      out[j] = (pi[j] - Math.max(w[j] / wSum, floor)) * w[j];
    }
  }

  /** g_j += c_ij·(y_j − y_i) for j &lt; i0 and the group's rows i = i0, …, i0 + 3 in that order. */
  private void mirrorGroup(double[] yc, double[] gc, int i0) {
    double[] c0 = coef[0];
    double[] c1 = coef[1];
    double[] c2 = coef[2];
    double[] c3 = coef[3];
    double a0 = yc[i0];
    double a1 = yc[i0 + 1];
    double a2 = yc[i0 + 2];
    double a3 = yc[i0 + 3];
    for (int j = 0; j < i0; j++) {
      double e = yc[j];
      gc[j] = (((gc[j] + c0[j] * (e - a0)) + c1[j] * (e - a1)) + c2[j] * (e - a2)) + c3[j] * (e - a3);
    }
  }

  /** u[j] = c_ij·(y_i − y_j) for j &lt; end: row i's own terms in one dimension. */
  private static void ownTerms(double[] ci, double[] yc, double a, double[] u, int end) {
    for (int j = 0; j < end; j++) {
      u[j] = ci[j] * (a - yc[j]);
    }
  }

  /**
   * sums[t + r] = Σ_{j &lt; end} own[t + r][j], j ascending, r &lt; 8: eight sums side by side (own
   * has 4k rows padded to a multiple of eight; the padding stays zero and its sums are not used).
   */
  private void ownSums(int t, int end) {
    double[] a = own[t];
    double[] b = own[t + 1];
    double[] c = own[t + 2];
    double[] d = own[t + 3];
    double[] e = own[t + 4];
    double[] f = own[t + 5];
    double[] h = own[t + 6];
    double[] l = own[t + 7];
    double s0 = 0.0;
    double s1 = 0.0;
    double s2 = 0.0;
    double s3 = 0.0;
    double s4 = 0.0;
    double s5 = 0.0;
    double s6 = 0.0;
    double s7 = 0.0;
    for (int j = 0; j < end; j++) {
      s0 += a[j];
      s1 += b[j];
      s2 += c[j];
      s3 += d[j];
      s4 += e[j];
      s5 += f[j];
      s6 += h[j];
      s7 += l[j];
    }
    sums[t] = s0;
    sums[t + 1] = s1;
    sums[t + 2] = s2;
    sums[t + 3] = s3;
    sums[t + 4] = s4;
    sums[t + 5] = s5;
    sums[t + 6] = s6;
    sums[t + 7] = s7;
  }

  /**
   * Completes row i, whose own sums over j &lt; from are {@code sums[at + c]}: its pairs j in
   * [from, i) one by one (each such g_j is complete up to its diagonal and gets the mirrored term),
   * its diagonal term, then g_i.
   */
  private void finish(int i, int from, int at, double wSum) {
    double floor = OfficialCodeAffinities.floor();
    double[] pi = p[i];
    for (int j = from; j < i; j++) {
      double d2 = 0.0;
      for (int c = 0; c < k; c++) {
        double diff = y[c][i] - y[c][j];
        d2 += diff * diff;
      }
      double w = 1.0 / (1.0 + d2);
      double cij = (pi[j] - Math.max(w / wSum, floor)) * w;
      for (int c = 0; c < k; c++) {
        double[] yc = y[c];
        g[c][j] += cij * (yc[j] - yc[i]);
        sums[at + c] += cij * (yc[i] - yc[j]);
      }
    }
    double diagonal = (pi[i] - Math.max(0.0 / wSum, floor)) * 0.0;
    for (int c = 0; c < k; c++) {
      double a = y[c][i];
      g[c][i] = sums[at + c] + diagonal * (a - a);
    }
  }
}
