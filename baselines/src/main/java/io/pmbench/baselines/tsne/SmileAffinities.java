package io.pmbench.baselines.tsne;

import java.util.function.IntFunction;
import smile.math.MathEx;

/**
 * The input affinities P of Smile 3.1.1's t-SNE, for the free rows only. Smile's perplexity search
 * ({@code TSNE.expd}) and symmetrisation are private, so they are re-implemented here operation for
 * operation — the tests compare the result with Smile's own P, bit for bit — so that "perplexity
 * 30" means the same thing on the client (DP-dSNE) as in the server's t-SNE that published Y_P.
 *
 * <p>Per row i, with squared distances D_ij: β starts at √((n−1)/Σ_j D_ij) and is bisected (at most
 * 50 steps) until |H − log₂ 30| ≤ 10⁻³, where Smile's H = log₂(Σ_{j≠i} e^{−βD_ij}) + β·E[D_i·]
 * (a log₂ of the normaliser plus a natural-log entropy term: Smile's mix, kept as is); the row is
 * then p_{j|i} = e^{−βD_ij}/Σ. A row that does not converge in 50 steps stays unnormalised, as in
 * Smile. Symmetrisation: p_ij = 12·(p_{j|i} + p_{i|j})/(2n), floored at 10⁻¹⁶ — the factor 12 is
 * Smile's early exaggeration, removed after iteration 250 (see the t-SNE loops).
 */
public final class SmileAffinities {
  private SmileAffinities() {}

  /** Tolerance of the entropy search (Smile's {@code expd(D, perplexity, 1E-3)}). */
  public static double entropyTolerance() {
    return 1e-3;
  }

  /** Smile's early exaggeration factor (applied to P until iteration 250). */
  public static double exaggeration() {
    return 12.0;
  }

  /**
   * The conditional row p_{·|i} (Smile's {@code expd} for one row).
   *
   * @param dRow squared distances from row i to every row (dRow[i] = 0); not modified
   * @param i the row's own index
   */
  public static double[] conditional(double[] dRow, int i) {
    int n = dRow.length;
    double[] p = new double[n];
    double logU = MathEx.log2(SmileTsne.perplexity());
    double tol = entropyTolerance();
    double beta = Math.sqrt((n - 1) / MathEx.sum(dRow));
    double betaMin = 0.0;
    double betaMax = Double.POSITIVE_INFINITY;
    double hDiff = Double.MAX_VALUE;
    for (int iter = 0; Math.abs(hDiff) > tol && iter < 50; iter++) {
      double pSum = 0.0;
      double h = 0.0;
      for (int j = 0; j < n; j++) {
        double d = beta * dRow[j];
        double e = Math.exp(-d);
        p[j] = e;
        pSum += e;
        h += e * d;
      }
      p[i] = 0.0;
      pSum -= 1.0;
      h = MathEx.log2(pSum) + h / pSum;
      hDiff = h - logU;
      if (Math.abs(hDiff) > tol) {
        if (hDiff > 0) {
          betaMin = beta;
          beta = Double.isInfinite(betaMax) ? beta * 2.0 : (beta + betaMax) / 2;
        } else {
          betaMax = beta;
          beta = (beta + betaMin) / 2;
        }
      } else {
        for (int j = 0; j < n; j++) {
          p[j] /= pSum;
        }
      }
    }
    return p;
  }

  /**
   * The exaggerated symmetric affinities 12·p_ij of the free rows i ∈ [0, m) against every row j
   * of an n-row data set ({@code [i][i] = 0}).
   *
   * @param n rows of the data set
   * @param m free rows (the first m)
   * @param distanceRow row j's squared distances to every row, in the data set's order (a fresh or
   *     reusable array; it is read before the next call)
   */
  public static double[][] freeRows(int n, int m, IntFunction<double[]> distanceRow) {
    double[][] own = new double[m][];
    double[][] toFree = new double[n][m]; // toFree[j][i] = p_{i|j}, i < m
    for (int j = 0; j < n; j++) {
      double[] cond = conditional(distanceRow.apply(j), j);
      System.arraycopy(cond, 0, toFree[j], 0, m);
      if (j < m) {
        own[j] = cond;
      }
    }
    double[][] p = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (j == i) {
          continue;
        }
        p[i][j] = symmetric(own[i][j], toFree[j][i], n);
      }
    }
    return p;
  }

  /**
   * Smile's exaggerated symmetric affinities of all n rows (the m = n case of
   * {@link #freeRows(int, int, IntFunction)}, the same doubles), lower triangle only, packed: p_ij
   * for j &lt; i at index i(i − 1)/2 + j. P is symmetric bit for bit (Smile computes each pair once)
   * and its diagonal is 0, so this is all of it in half the memory.
   *
   * @param distanceRow row j's squared distances to every row (read before the next call)
   */
  public static double[] packed(int n, IntFunction<double[]> distanceRow) {
    double[][] cond = new double[n][];
    for (int j = 0; j < n; j++) {
      cond[j] = conditional(distanceRow.apply(j), j);
    }
    double[] p = new double[n * (n - 1) / 2];
    for (int i = 1; i < n; i++) {
      int off = i * (i - 1) / 2;
      for (int j = 0; j < i; j++) {
        p[off + j] = symmetric(cond[i][j], cond[j][i], n);
      }
    }
    return p;
  }

  /** Smile's p_ij = 12·(p_{j|i} + p_{i|j})/(2n), floored at 10⁻¹⁶ (also when NaN). */
  private static double symmetric(double pji, double pij, int n) {
    double v = exaggeration() * (pji + pij) / (2 * n);
    return Double.isNaN(v) || v < 1e-16 ? 1e-16 : v;
  }

  /** {@link #freeRows(int, int, IntFunction)} computing every distance from {@code rows}. */
  public static double[][] freeRows(double[][] rows, int m) {
    int n = rows.length;
    double[] buffer = new double[n];
    return freeRows(n, m, j -> {
      for (int l = 0; l < n; l++) {
        buffer[l] = l == j ? 0.0 : MathEx.squaredDistance(rows[j], rows[l]);
      }
      return buffer;
    });
  }
}
