package io.pmbench.core.retrieval;

/**
 * Exact Euclidean k-nearest-neighbour search by a full scan (SPEC.md §6). Ties are broken by
 * the smaller gallery index, so results are deterministic.
 */
public final class Knn {
  private Knn() {}

  /**
   * Indices of the {@code kNearest} gallery rows nearest to {@code query}, nearest first,
   * skipping the row {@code exclude} (leave-one-out; pass −1 to keep every row).
   *
   * @param gallery row-major, {@code rows × dim}
   */
  public static int[] nearest(double[] gallery, int rows, int dim, double[] query, int kNearest, int exclude) {
    int available = rows - (exclude >= 0 && exclude < rows ? 1 : 0);
    TopK top = new TopK(Math.min(kNearest, available));
    for (int r = 0; r < rows; r++) {
      if (r == exclude) {
        continue;
      }
      int base = r * dim;
      double s = 0;
      for (int c = 0; c < dim; c++) {
        double d = gallery[base + c] - query[c];
        s += d * d;
      }
      top.offer(r, s);
    }
    return top.indices();
  }
}
