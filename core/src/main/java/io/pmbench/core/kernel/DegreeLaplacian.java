package io.pmbench.core.kernel;

/** A kernel-graph Laplacian whose diagonal is a kept vector of degrees (its size is their count). */
abstract class DegreeLaplacian implements Laplacian {
  /** Σ_j W_ij per row; filled by the subclass's constructor. */
  final double[] degree;

  DegreeLaplacian(int n) {
    this.degree = new double[n];
  }

  @Override
  public final int size() {
    return degree.length;
  }

  @Override
  public final double diagonal(int i) {
    return degree[i];
  }
}
