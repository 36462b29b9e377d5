package io.pmbench.baselines.pca;

/**
 * An orthonormal eigenbasis E of a symmetric d × d matrix G = E·diag(values)·Eᵀ, used through its
 * coordinate maps only (PPCA's Gibbs chain runs in G's eigen-coordinates): {@link SymmetricEigen}
 * (dense) or {@link UpdatedEigenbasis} (a cached decomposition plus rank-one updates).
 */
interface Eigenbasis {
  /** The eigenvalues, in the order of the coordinates (not necessarily sorted); not to be modified. */
  double[] values();

  /** Eᵀ·x for a vector x in the original coordinates. */
  double[] toEigen(double[] x);

  /**
   * {@link #toEigen(double[])} of each vector (not modified), bit for bit; an implementation may share
   * work between the vectors.
   */
  default double[][] toEigen(double[][] xs) {
    double[][] out = new double[xs.length][];
    for (int c = 0; c < xs.length; c++) {
      out[c] = toEigen(xs[c]);
    }
    return out;
  }

  /** E·y for a vector y in eigen-coordinates. */
  double[] fromEigen(double[] y);
}
