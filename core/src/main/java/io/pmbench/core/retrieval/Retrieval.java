package io.pmbench.core.retrieval;

/**
 * k-NN for the queries of one cell (SPEC.md §6). Most servers return the same gallery block for
 * every query: the second time a block (by identity) comes back, a {@link GalleryIndex} is built
 * for it and reused; a block seen once (a per-query gallery such as private-pca's projection) is
 * scanned directly by {@link Knn#nearest}. With the default builder ({@link ExactIndex}) every
 * answer is exactly {@link Knn#nearest}'s. With another builder (an approximate index) every
 * block is indexed the first time it is seen, so no answer depends on which query came first.
 * Thread-safe.
 */
public final class Retrieval {
  /** Builds the index of a gallery block that is queried more than once. */
  @FunctionalInterface
  public interface IndexBuilder {
    /** An index over {@code gallery} (rows × dim, row-major). */
    GalleryIndex build(double[] gallery, int rows, int dim);
  }

  private final IndexBuilder builder;
  private final boolean indexFirstSight;
  private double[] seen;
  private double[] indexed;
  private GalleryIndex index;

  /** Exact retrieval. */
  public Retrieval() {
    this.builder = ExactIndex::of;
    this.indexFirstSight = false;
  }

  /** Retrieval through the indexes {@code builder} makes, for every gallery block. */
  public Retrieval(IndexBuilder builder) {
    this.builder = builder;
    this.indexFirstSight = true;
  }

  /** The {@code kNearest} rows of {@code gallery} (rows × dim) nearest to {@code query}, skipping {@code exclude}. */
  public int[] nearest(double[] gallery, int rows, int dim, double[] query, int kNearest, int exclude) {
    GalleryIndex i = indexFor(gallery, rows, dim);
    return i != null ? i.nearest(query, kNearest, exclude) : Knn.nearest(gallery, rows, dim, query, kNearest, exclude);
  }

  private synchronized GalleryIndex indexFor(double[] gallery, int rows, int dim) {
    if (gallery == indexed && index.size() == rows && index.dimension() == dim) {
      return index;
    }
    if (gallery == seen || indexFirstSight) {
      index = builder.build(gallery, rows, dim);
      indexed = gallery;
      return index;
    }
    seen = gallery;
    return null;
  }
}
