package io.pmbench.core.retrieval;

/**
 * Exact k-NN for the queries of one cell (SPEC.md §6), answering exactly as {@link Knn#nearest}.
 * Most servers return the same gallery block for every query: the second time a block (by
 * identity) comes back, an {@link ExactIndex} is built for it and reused; a block seen once (a
 * per-query gallery such as private-pca's projection) is scanned directly. Thread-safe.
 */
public final class Retrieval {
  private double[] seen;
  private double[] indexed;
  private ExactIndex index;

  /** The {@code kNearest} rows of {@code gallery} (rows × dim) nearest to {@code query}, skipping {@code exclude}. */
  public int[] nearest(double[] gallery, int rows, int dim, double[] query, int kNearest, int exclude) {
    ExactIndex i = indexFor(gallery, rows, dim);
    return i != null ? i.nearest(query, kNearest, exclude) : Knn.nearest(gallery, rows, dim, query, kNearest, exclude);
  }

  private synchronized ExactIndex indexFor(double[] gallery, int rows, int dim) {
    if (gallery == indexed && index.size() == rows && index.dimension() == dim) {
      return index;
    }
    if (gallery == seen) {
      index = ExactIndex.of(gallery, rows, dim);
      indexed = gallery;
      return index;
    }
    seen = gallery;
    return null;
  }
}
