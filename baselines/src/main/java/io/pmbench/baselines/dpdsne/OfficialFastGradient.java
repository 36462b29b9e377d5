package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.PairSweep;

/**
 * The official DP-dSNE code's t-SNE gradient ({@link OfficialCodeGradient}'s formula, see
 * {@link OfficialCodeTsne}) on the fast t-SNE pass shared with {@code tsne} ({@link PairSweep}):
 * <pre>
 *   g_i = Σ_j (p_ij − max(w_ij/Σw, 10⁻¹²))·w_ij·(y_i − y_j),   Σw = Σ_{i≠j} w_ij (no diagonal),
 * </pre>
 * no factor 4, the code's P (its ×4 exaggeration removed after iteration 100). Whenever
 * max(w_ij/Σw, 10⁻¹²) = w_ij/Σw for every pair, this is g_i = A_i − R_i/Σw with the pass's
 * attraction A and repulsion R, and Σw = S − n (the pass's S counts the n diagonal terms
 * w_ii = 1). The floor cannot bind when every w_ij ≥ 10⁻¹²·Σw; since w_ij ≥ 1/(1 + D²) with D the
 * diagonal of the map's bounding box, the pass is used when 1/(1 + D²) ≥ 2·10⁻¹²·Σw (a factor 2
 * of margin for the pass's float rounding of Σw) — a map more than ~10⁶/n across — and otherwise
 * that iteration's gradient comes from the exact {@link OfficialCodeGradient}.
 *
 * <p><b>Precision.</b> The pass runs in single precision ({@link PairSweep}), so the gradient is the
 * code's up to ≈ 10⁻⁶ of its scale (tested to 10⁻⁵ against {@link OfficialCodeGradient}), not its
 * bits; the releases of {@code dp-dsne-official} changed bits with issue 23 (noise draws and their
 * order are unchanged). Deterministic: the pass's summation orders are fixed.
 *
 * <p>One instance per query (it owns the query's P); not thread-safe; no allocation per call after
 * the first fallback.
 */
final class OfficialFastGradient implements OfficialCodeTsne.Gradient {
  private final int n;
  private final int k;
  private final double[][] p;
  private final PairSweep sweep;
  private final double[][] y;
  private final double[][] attraction;
  private final double[][] repulsion;
  private OfficialCodeGradient exact;
  private boolean exaggerated = true;
  private int fallbacks;

  /**
   * @param p the code's exaggerated affinities (n × n, symmetric bit for bit, as
   *     {@link OfficialCodeAffinities#affinities} returns them); kept for the exact fallback, not
   *     modified
   * @param k output dimension
   */
  OfficialFastGradient(double[][] p, int k) {
    this.n = p.length;
    this.k = k;
    this.p = p;
    this.sweep = PairSweep.ofFull(p, k, false);
    this.y = new double[k][n];
    this.attraction = new double[k][n];
    this.repulsion = new double[k][n];
  }

  @Override
  public void removeExaggeration() {
    sweep.divideAffinities((float) OfficialCodeAffinities.exaggeration());
    if (exact != null) {
      exact.removeExaggeration();
    }
    exaggerated = false;
  }

  @Override
  public void compute(double[] map, double[] out) {
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        y[c][i] = map[i * k + c];
      }
    }
    double wSum = sweep.sweep(y, attraction, repulsion) - n;
    if (!(1.0 / (1.0 + boundingBoxDiagonalSquared()) >= 2 * OfficialCodeAffinities.floor() * wSum)) {
      exact().compute(map, out);
      fallbacks++;
      return;
    }
    for (int c = 0; c < k; c++) {
      double[] a = attraction[c];
      double[] r = repulsion[c];
      for (int i = 0; i < n; i++) {
        out[i * k + c] = a[i] - r[i] / wSum;
      }
    }
  }

  /** The iterations whose gradient came from the exact fallback (tests). */
  int fallbacks() {
    return fallbacks;
  }

  /** Σ_c (max_i y_ic − min_i y_ic)²: no two rows are farther apart than its square root. */
  private double boundingBoxDiagonalSquared() {
    double d2 = 0.0;
    for (double[] yc : y) {
      double lo = yc[0];
      double hi = yc[0];
      for (int i = 1; i < n; i++) {
        lo = Math.min(lo, yc[i]);
        hi = Math.max(hi, yc[i]);
      }
      d2 += (hi - lo) * (hi - lo);
    }
    return d2;
  }

  private OfficialCodeGradient exact() {
    if (exact == null) {
      exact = new OfficialCodeGradient(p, k);
      if (!exaggerated) {
        exact.removeExaggeration();
      }
    }
    return exact;
  }
}
