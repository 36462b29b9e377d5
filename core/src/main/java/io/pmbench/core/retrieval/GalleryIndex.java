package io.pmbench.core.retrieval;

/**
 * A gallery prepared once for many k-nearest-neighbour queries (the gallery does not change
 * between the queries of a cell). {@link ExactIndex} returns exactly {@link Knn#nearest}'s
 * answer; {@link IvfIndex} trades a measured recall loss for speed on large galleries.
 */
public interface GalleryIndex {
  /** Number of gallery rows. */
  int size();

  /** Their dimension. */
  int dimension();

  /**
   * Indices of the {@code kNearest} gallery rows nearest to {@code query}, nearest first,
   * skipping the row {@code exclude} (−1 keeps every row).
   */
  int[] nearest(double[] query, int kNearest, int exclude);
}
