package io.pmbench.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ExactIndex} returns exactly {@link Knn#nearest}'s answer; {@link IvfIndex} is exact when it probes every cell. */
class GalleryIndexTest {
  private static double[] gaussian(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = rng.nextGaussian();
    }
    return x;
  }

  @Test
  void exactIndex_randomGalleries_matchKnnExactly() {
    // Sizes straddle the 256-row tile; dims cover the 2-D embeddings and feature vectors. Fails if a
    // distance is summed in another order (a tie would break differently), a tile boundary drops or
    // repeats a row, or exclusion is mishandled.
    for (int dim : new int[] {1, 2, 7, 64}) {
      for (int rows : new int[] {1, 5, 255, 256, 257, 1000}) {
        double[] g = gaussian(rows * dim, 31L * dim + rows);
        ExactIndex index = ExactIndex.of(g, rows, dim);
        for (int q = 0; q < 5; q++) {
          double[] query = gaussian(dim, q);
          int exclude = q % 2 == 0 ? -1 : q % rows;
          for (int k : new int[] {1, 8, 20}) {
            assertArrayEquals(Knn.nearest(g, rows, dim, query, k, exclude), index.nearest(query, k, exclude),
                "rows=" + rows + " dim=" + dim + " k=" + k);
          }
        }
      }
    }
  }

  @Test
  void exactIndex_exactTies_areBrokenBySmallerIndex() {
    // Integer grid points: many exactly equal distances, across tiles.
    int rows = 600;
    double[] g = new double[rows * 2];
    for (int r = 0; r < rows; r++) {
      g[2 * r] = r % 7;
      g[2 * r + 1] = (r / 7) % 5;
    }
    ExactIndex index = ExactIndex.of(g, rows, 2);
    double[] query = {3, 2};
    assertArrayEquals(Knn.nearest(g, rows, 2, query, 40, 10), index.nearest(query, 40, 10));
  }

  @Test
  void ivfIndex_probingEveryCell_isExact() {
    int rows = 700;
    int dim = 3;
    double[] g = gaussian(rows * dim, 5);
    IvfIndex ivf = IvfIndex.build(g, rows, dim, 12, 12, 5, 1);
    for (int q = 0; q < 20; q++) {
      double[] query = gaussian(dim, 100 + q);
      assertArrayEquals(Knn.nearest(g, rows, dim, query, 8, q), ivf.nearest(query, 8, q));
    }
  }

  @Test
  void ivfIndex_fewProbesOnClusteredData_findsMostTrueNeighbours() {
    // 20 well-separated clusters, one cell probed of ~26: the nearest neighbours of a point lie in its
    // own cluster, so the recall should be near 1. A weak bound (>= 0.9) that fails only when the
    // cells or the probe order are wrong, not on k-means noise.
    int rows = 4000;
    int dim = 8;
    double[] g = gaussian(rows * dim, 7);
    double[] centres = gaussian(20 * dim, 8);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < dim; c++) {
        g[r * dim + c] = 10 * centres[(r % 20) * dim + c] + 0.1 * g[r * dim + c];
      }
    }
    IvfIndex ivf = IvfIndex.build(g, rows, dim, 7);
    int found = 0;
    int total = 0;
    for (int q = 0; q < 100; q++) {
      double[] query = new double[dim];
      System.arraycopy(g, q * dim, query, 0, dim);
      int[] exact = Knn.nearest(g, rows, dim, query, 8, q);
      int[] approx = ivf.nearest(query, 8, q);
      for (int e : exact) {
        for (int a : approx) {
          found += a == e ? 1 : 0;
        }
      }
      total += exact.length;
    }
    assertTrue(found >= 0.9 * total, "neighbour recall " + found + "/" + total);
  }
}
