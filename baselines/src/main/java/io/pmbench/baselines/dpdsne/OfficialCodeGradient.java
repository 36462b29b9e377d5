package io.pmbench.baselines.dpdsne;

/**
 * The official DP-dSNE code's t-SNE gradient ({@code adaclip_tsne.py}, see {@link OfficialCodeTsne})
 * g_i = Σ_j (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij·(y_i − y_j), w_ij = 1/(1 + ‖y_i − y_j‖²), w_ii = 0,
 * with the code's operations and summation orders: ‖·‖² = 0 + Σ_c diff_c², c ascending; Σw over
 * i ascending and j &lt; i ascending, adding 2·w_ij; each g_ic over j ascending (the diagonal term
 * (p_ii − max(0/Σw, 10⁻¹²))·0·0 included). The results are those doubles exactly.
 *
 * <p>How: a first pass sums Σw; a second walks the lower triangle in B × B tiles (row tiles
 * ascending, then column tiles ascending), computes each tile's coefficients once, and adds them
 * to the rows' sums (terms j of the tile, ascending) and, mirrored, to the columns' sums (terms i
 * of the tile, ascending). Mirroring is exact because P (see {@link OfficialCodeAffinities}) and W
 * are symmetric bit for bit ((a − b)² = (b − a)²), and this tile order gives every sum its terms
 * in ascending order: row block R receives tiles (R, 0), …, (R, R), then (R + 1, R)ᵀ, …. Each
 * running sum is kept apart (four rows at a time, or an array entry per column), so the inner
 * loops run over independent sums, and there is no n × n work array. For k = 2 (the paper's setting) the distance is fused into the
 * coefficient loop as d₀² + d₁², which equals 0 + d₀² + d₁².
 *
 * <p>One instance per query; not thread-safe; no allocation per call.
 */
final class OfficialCodeGradient {
  private static final int B = 64;
  private final int n;
  private final int k;
  private final double[][] y;
  private final double[][] g;
  private final double[] row;
  private final double[][] tile;

  OfficialCodeGradient(int n, int k) {
    this.n = n;
    this.k = k;
    this.y = new double[k][n];
    this.g = new double[k][n];
    this.row = new double[n];
    this.tile = new double[B][n];
  }

  /**
   * Writes the gradient at {@code map} into {@code out}.
   *
   * @param p the affinities (n rows of n, symmetric); not modified
   * @param map the map (n × k, flat); not modified
   * @param out the gradient (n × k, flat); overwritten
   */
  void compute(double[][] p, double[] map, double[] out) {
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        y[c][i] = map[i * k + c];
        g[c][i] = 0.0;
      }
    }
    double wSum = kernelSum();
    for (int i0 = 0; i0 < n; i0 += B) {
      int i1 = Math.min(n, i0 + B);
      for (int j0 = 0; j0 <= i0; j0 += B) {
        int j1 = Math.min(n, j0 + B);
        coefficients(p, wSum, i0, i1, j0, j1);
        accumulate(i0, i1, j0, j1);
      }
    }
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        out[i * k + c] = g[c][i];
      }
    }
  }

  /** Σ_{i≠j} w_ij in the code's order: i ascending, j &lt; i ascending, adding 2·w_ij. */
  private double kernelSum() {
    double wSum = 0;
    for (int i = 0; i < n; i++) {
      squaredDistances(i, 0, i);
      for (int j = 0; j < i; j++) {
        row[j] = 1.0 / (1.0 + row[j]);
      }
      for (int j = 0; j < i; j++) {
        wSum += 2 * row[j];
      }
    }
    return wSum;
  }

  /** row[j] = ‖y_i − y_j‖² for j in [j0, j1), summed as the code: 0 + Σ_c (y_ic − y_jc)². */
  private void squaredDistances(int i, int j0, int j1) {
    for (int j = j0; j < j1; j++) {
      row[j] = 0.0;
    }
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double a = yc[i];
      for (int j = j0; j < j1; j++) {
        double diff = a - yc[j];
        row[j] += diff * diff;
      }
    }
  }

  /**
   * The tile's coefficients (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij for i in [i0, i1), j in [j0, j1),
   * into {@code tile[i − i0][j]}; on the diagonal w_ii = 0 as in the code.
   */
  private void coefficients(double[][] p, double wSum, int i0, int i1, int j0, int j1) {
    double floor = OfficialCodeAffinities.floor();
    for (int i = i0; i < i1; i++) {
      double[] pi = p[i];
      double[] ci = tile[i - i0];
      if (k == 2) {
        double[] y0 = y[0];
        double[] y1 = y[1];
        double a0 = y0[i];
        double a1 = y1[i];
        for (int j = j0; j < j1; j++) {
          double d0 = a0 - y0[j];
          double d1 = a1 - y1[j];
          double w = 1.0 / (1.0 + (d0 * d0 + d1 * d1));
          ci[j] = (pi[j] - Math.max(w / wSum, floor)) * w;
        }
      } else {
        squaredDistances(i, j0, j1);
        for (int j = j0; j < j1; j++) {
          double w = 1.0 / (1.0 + row[j]);
          ci[j] = (pi[j] - Math.max(w / wSum, floor)) * w;
        }
      }
      if (i < j1) {
        ci[i] = (pi[i] - Math.max(0.0 / wSum, floor)) * 0.0;
      }
    }
  }

  /**
   * Adds the tile's terms: to g_i for every row i (terms j ascending; four rows at a time, so four
   * independent sums) and, off the diagonal, to g_j for every column j (terms i ascending).
   */
  private void accumulate(int i0, int i1, int j0, int j1) {
    for (int c = 0; c < k; c++) {
      double[] yc = y[c];
      double[] gc = g[c];
      int i = i0;
      for (; i + 4 <= i1; i += 4) {
        double[] t0 = tile[i - i0];
        double[] t1 = tile[i + 1 - i0];
        double[] t2 = tile[i + 2 - i0];
        double[] t3 = tile[i + 3 - i0];
        double a0 = yc[i];
        double a1 = yc[i + 1];
        double a2 = yc[i + 2];
        double a3 = yc[i + 3];
        double s0 = gc[i];
        double s1 = gc[i + 1];
        double s2 = gc[i + 2];
        double s3 = gc[i + 3];
        for (int j = j0; j < j1; j++) {
          double e = yc[j];
          s0 += t0[j] * (a0 - e);
          s1 += t1[j] * (a1 - e);
          s2 += t2[j] * (a2 - e);
          s3 += t3[j] * (a3 - e);
        }
        gc[i] = s0;
        gc[i + 1] = s1;
        gc[i + 2] = s2;
        gc[i + 3] = s3;
      }
      for (; i < i1; i++) {
        double[] ti = tile[i - i0];
        double a = yc[i];
        double s = gc[i];
        for (int j = j0; j < j1; j++) {
          s += ti[j] * (a - yc[j]);
        }
        gc[i] = s;
      }
      if (i0 != j0) {
        for (int r = i0; r < i1; r++) {
          double[] cr = tile[r - i0];
          double yr = yc[r];
          for (int j = j0; j < j1; j++) {
            gc[j] += cr[j] * (yc[j] - yr);
          }
        }
      }
    }
  }
}
