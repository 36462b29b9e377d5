package io.pmbench.baselines.dpdsne;

import io.pmbench.core.data.FeatureMatrix;

/**
 * The input affinities P of the official DP-dSNE code ({@code adaclip_tsne.py}: {@code x2p}, then
 * P = (P + Pᵀ)/ΣP, ×4 early exaggeration, floored at 10⁻¹²): distances as one flat row-major n × n
 * array, P as n rows. See {@link OfficialCodeTsne} for the whole algorithm.
 *
 * <p>Squared distances D_ij = Σ_c (x_ic − x_jc)² (c ascending, in double) are computed once per
 * unordered pair and mirrored, which is exact: (a − b)² = (b − a)². The pairs among the last rows
 * of a data set may be passed in precomputed ({@link #squaredDistances(FeatureMatrix, int, double[])}),
 * so that a client whose D ends with the public set P computes only the rows of r and the dummies
 * per query.
 */
final class OfficialCodeAffinities {
  private OfficialCodeAffinities() {}

  /** The code's perplexity (the default argument of {@code x2p} and {@code noisy_tsne}). */
  static double perplexity() {
    return 30.0;
  }

  /** The code's early exaggeration factor (P ×4 until iteration 100). */
  static double exaggeration() {
    return 4.0;
  }

  /** The code's floor on P and on Q ({@code np.maximum(·, 1e-12)}). */
  static double floor() {
    return 1e-12;
  }

  /** All n × n squared distances of the rows of {@code x} (flat, zero diagonal). */
  static double[] squaredDistances(FeatureMatrix x) {
    return squaredDistances(x, x.rows(), new double[0]);
  }

  /**
   * The n × n squared distances of the rows of {@code x} (flat, zero diagonal) when those among
   * rows [m, n) are already known.
   *
   * @param x the n rows
   * @param m the rows whose distances are computed here: every pair (i, j) with min(i, j) &lt; m
   * @param tail the (n − m) × (n − m) squared distances among rows [m, n) (flat); not modified
   */
  static double[] squaredDistances(FeatureMatrix x, int m, double[] tail) {
    int n = x.rows();
    int nt = n - m;
    if (tail.length != nt * nt) {
      throw new IllegalArgumentException("tail distances must be (n - m)^2 = " + nt * nt + ". Provided value: "
          + tail.length);
    }
    double[] d = new double[n * n];
    for (int i = m; i < n; i++) {
      System.arraycopy(tail, (i - m) * nt, d, i * n + m, nt);
    }
    for (int i = 1; i < n; i++) {
      for (int j = 0, end = Math.min(i, m); j < end; j++) {
        double v = x.squaredDistance(i, x, j);
        d[i * n + j] = v;
        d[j * n + i] = v;
      }
    }
    return d;
  }

  /**
   * x2p on the squared distances {@code d} (n × n, flat), symmetrised, normalised, ×4 and floored
   * at 10⁻¹²: the code's P before its loop (n new rows, exactly symmetric).
   */
  static double[][] affinities(double[] d, int n) {
    double logU = Math.log(perplexity());
    double[] cond = new double[n * n];
    double[] di = new double[n - 1];
    double[] row = new double[n - 1];
    for (int i = 0; i < n; i++) {
      System.arraycopy(d, i * n, di, 0, i);
      System.arraycopy(d, i * n + i + 1, di, i, n - 1 - i);
      conditional(di, 1.0, logU, row);
      System.arraycopy(row, 0, cond, i * n, i);
      System.arraycopy(row, i, cond, i * n + i + 1, n - 1 - i);
    }
    return symmetrise(cond, n);
  }

  /** p_ij = max((p_{j|i} + p_{i|j})/Σ·4, 10⁻¹²) with Σ summed row by row over all (i, j), as the code. */
  private static double[][] symmetrise(double[] cond, int n) {
    double[][] s = new double[n][n];
    double total = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double v = cond[i * n + j] + cond[j * n + i];
        s[i][j] = v;
        total += v;
      }
    }
    for (double[] row : s) {
      for (int j = 0; j < n; j++) {
        row[j] = Math.max(row[j] / total * exaggeration(), floor());
      }
    }
    return s;
  }

  /**
   * The code's binary search over β for one row ({@code x2p}'s loop: Hbeta with natural-log
   * entropy, tolerance 10⁻⁵, 50 tries): fills {@code p} with the row exp(−βd)/Σ at the last β tried.
   */
  private static void conditional(double[] d, double beta0, double logU, double[] p) {
    double beta = beta0;
    double betaMin = Double.NEGATIVE_INFINITY;
    double betaMax = Double.POSITIVE_INFINITY;
    double[] sum = new double[1];
    double hDiff = hBeta(d, beta, p, sum) - logU;
    for (int tries = 0; Math.abs(hDiff) > 1e-5 && tries < 50; tries++) {
      if (hDiff > 0) {
        betaMin = beta;
        beta = Double.isInfinite(betaMax) ? beta * 2 : (beta + betaMax) / 2;
      } else {
        betaMax = beta;
        beta = Double.isInfinite(betaMin) ? beta / 2 : (beta + betaMin) / 2;
      }
      hDiff = hBeta(d, beta, p, sum) - logU;
    }
    for (int j = 0; j < p.length; j++) {
      p[j] /= sum[0];
    }
  }

  /**
   * The code's Hbeta without its final division: fills {@code p} with exp(−βd), {@code sum[0]}
   * with Σ and returns H = ln Σ + β·Σ(d·p)/Σ (only the last call's p is normalised, by the caller).
   */
  private static double hBeta(double[] d, double beta, double[] p, double[] sum) {
    double s = 0;
    double dp = 0;
    for (int j = 0; j < d.length; j++) {
      double e = Math.exp(-d[j] * beta);
      p[j] = e;
      s += e;
      dp += d[j] * e;
    }
    sum[0] = s;
    return Math.log(s) + beta * dp / s;
  }
}
