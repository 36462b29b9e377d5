package io.pmbench.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link Knn}: exact order, leave-one-out and tie-breaking by index (SPEC.md §6). */
class KnnTest {
  /** Gallery rows 0..7 at x = 0, 1, ..., 7 on a line (dim 1). */
  private static final double[] LINE = {0, 1, 2, 3, 4, 5, 6, 7};

  @Test
  void nearest_pointsOnALine_returnsThemInDistanceOrder() {
    // Query at 3.4: distances 3.4, 2.4, 1.4, 0.4, 0.6, 1.6, 2.6, 3.6.
    assertArrayEquals(new int[] {3, 4, 2, 5, 1, 6, 0, 7}, Knn.nearest(LINE, 8, 1, new double[] {3.4}, 8, -1));
    assertArrayEquals(new int[] {3, 4, 2}, Knn.nearest(LINE, 8, 1, new double[] {3.4}, 3, -1));
  }

  @Test
  void nearest_queryIdenticalToAGalleryRowAndExcluded_neverReturnsThatRow() {
    // Leave-one-out: the query is gallery row 5 itself. Fails if exclude is ignored (row 5 first,
    // at distance 0) or if it removes a row other than the excluded index.
    double[] query = {5};

    assertArrayEquals(new int[] {5, 4, 6}, Knn.nearest(LINE, 8, 1, query, 3, -1));
    assertArrayEquals(new int[] {4, 6, 3}, Knn.nearest(LINE, 8, 1, query, 3, 5));
  }

  @Test
  void nearest_excludedRowAndKAboveGallerySize_returnsEveryOtherRow() {
    assertArrayEquals(new int[] {0, 1, 2}, Knn.nearest(new double[] {0, 1, 2, 3}, 4, 1, new double[] {0}, 10, 3));
  }

  @Test
  void nearest_exactTies_areBrokenBySmallerIndex() {
    // Rows 1, 2, 4, 5 are all at distance 1 from the query 0; row 0 at distance 2, row 3 at 3.
    // Fails if a later row at an equal distance displaces an earlier one (when the list is full or
    // while it fills).
    double[] gallery = {2, 1, -1, 3, 1, -1};
    double[] q = {0};

    assertArrayEquals(new int[] {1, 2}, Knn.nearest(gallery, 6, 1, q, 2, -1));
    assertArrayEquals(new int[] {1, 2, 4, 5, 0}, Knn.nearest(gallery, 6, 1, q, 5, -1));
    assertArrayEquals(new int[] {1, 4, 5}, Knn.nearest(gallery, 6, 1, q, 3, 2));
  }

  @Test
  void nearest_randomGallery_matchesFullSortWithIndexTieBreak() {
    // Fails if the bounded insertion drops an item that belongs in the top K.
    SplittableRandom rng = new SplittableRandom(131);
    int rows = 300;
    int dim = 3;
    double[] gallery = new double[rows * dim];
    for (int i = 0; i < gallery.length; i++) {
      gallery[i] = rng.nextInt(5); // coarse grid: many exact ties
    }
    double[] q = {2, 2, 2};
    double[] dist = new double[rows];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < dim; c++) {
        dist[r] += Math.pow(gallery[r * dim + c] - q[c], 2);
      }
    }
    int[] expected = IntStream.range(0, rows).filter(r -> r != 17).boxed()
        .sorted((a, b) -> dist[a] != dist[b] ? Double.compare(dist[a], dist[b]) : Integer.compare(a, b))
        .mapToInt(Integer::intValue).limit(25).toArray();

    assertArrayEquals(expected, Knn.nearest(gallery, rows, dim, q, 25, 17));
  }

  @Test
  void nearest_zeroNeighbours_returnsEmpty() {
    assertArrayEquals(new int[0], Knn.nearest(LINE, 8, 1, new double[] {1}, 0, -1));
  }
}
