package io.pmbench.baselines.cccp;

/**
 * L⁺·B for a graph Laplacian L and an n × k block B whose columns sum to zero (B ⊥ 1, the
 * right-hand sides CCCP produces: L_Y·Z and S·Q both have zero column sums). For a connected
 * graph — every Gaussian-kernel graph whose weights do not underflow is complete — the null space
 * of L is span(1), so L⁺·B is the unique solution X of L·X = B with zero column sums.
 * Implementations centre B's columns first (removing rounding drift) and return centred columns.
 */
public interface LaplacianPseudoInverse {
  /** out = L⁺·b for an n × k row-major block b (not modified); out is overwritten. */
  void apply(double[] b, int k, double[] out);

  /** Subtracts each column's mean in place (projection onto 1⊥). */
  static void centreColumns(double[] x, int n, int k) {
    double[] mean = new double[k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        mean[c] += x[i * k + c];
      }
    }
    for (int c = 0; c < k; c++) {
      mean[c] /= n;
    }
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        x[i * k + c] -= mean[c];
      }
    }
  }
}
