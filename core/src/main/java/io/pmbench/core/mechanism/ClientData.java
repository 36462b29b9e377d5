package io.pmbench.core.mechanism;

import io.pmbench.core.data.FeatureMatrix;

/**
 * The client's data set D = [r; P_r; P] for one query (SPEC.md §1): row 0 is the query r, rows
 * 1..publicOffset−1 the dummy queries P_r, rows publicOffset.. the public set P in the
 * {@link ClientView}'s order.
 *
 * @param rows the feature rows of D
 * @param labels the labels of D (r's true label included, as the official code does)
 * @param publicOffset index of the first public row
 */
public record ClientData(FeatureMatrix rows, int[] labels, int publicOffset) {
  public ClientData {
    if (rows.rows() != labels.length) {
      throw new IllegalArgumentException("labels must match rows. Provided value: " + labels.length);
    }
    if (publicOffset < 1 || publicOffset > labels.length) {
      throw new IllegalArgumentException("publicOffset must be in [1, n]. Provided value: " + publicOffset);
    }
  }

  public int size() {
    return labels.length;
  }

  /** The rows of D before the public set (r and the dummies) as a row-major double block. */
  public double[] privateRows() {
    int d = rows.cols();
    double[] out = new double[publicOffset * d];
    double[] row = new double[d];
    for (int i = 0; i < publicOffset; i++) {
      rows.row(i, row);
      System.arraycopy(row, 0, out, i * d, d);
    }
    return out;
  }
}
