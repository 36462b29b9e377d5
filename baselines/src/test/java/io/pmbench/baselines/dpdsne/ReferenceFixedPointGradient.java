package io.pmbench.baselines.dpdsne;

import smile.math.MathEx;

/**
 * The free rows' gradient of {@link FixedPointTsne} as it was first written (a direct transcription
 * of Smile 3.1.1's {@code TSNE.update}, kept unchanged): the reference the optimised loop must
 * reproduce bit for bit.
 */
final class ReferenceFixedPointGradient {
  private ReferenceFixedPointGradient() {}

  /**
   * @param y the n × k map, rows [0, m) free
   * @param m free rows
   * @param p the free rows' affinities (m × n)
   * @param fixedRowSums for each fixed row j: Σ_{l fixed} q_jl
   */
  static double[][] gradient(double[][] y, int m, double[][] p, double[] fixedRowSums) {
    int n = y.length;
    int k = y[0].length;
    double[][] q = new double[m][n];
    double[] rowSums = new double[n];
    for (int i = 0; i < m; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++) {
        double v = 1.0 / (1.0 + MathEx.squaredDistance(y[i], y[j]));
        q[i][j] = v;
        s += v;
      }
      rowSums[i] = s;
    }
    for (int j = m; j < n; j++) {
      double s = 0.0;
      for (int i = 0; i < m; i++) {
        s += q[i][j];
      }
      rowSums[j] = s + fixedRowSums[j - m];
    }
    double qSum = MathEx.sum(rowSums);
    double[][] g = new double[m][k];
    for (int i = 0; i < m; i++) {
      double[] yi = y[i];
      double[] gi = g[i];
      for (int j = 0; j < n; j++) {
        if (i != j) {
          double[] yj = y[j];
          double qij = q[i][j];
          double z = (p[i][j] - (qij / qSum)) * qij;
          for (int c = 0; c < k; c++) {
            gi[c] += 4.0 * (yi[c] - yj[c]) * z;
          }
        }
      }
    }
    return g;
  }
}
