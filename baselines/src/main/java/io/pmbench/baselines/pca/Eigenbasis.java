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

  /** E·y for a vector y in eigen-coordinates. */
  double[] fromEigen(double[] y);
}
