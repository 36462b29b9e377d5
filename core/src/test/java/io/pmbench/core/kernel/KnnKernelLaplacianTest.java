package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link KnnKernelLaplacian} against the dense graph it approximates. */
class KnnKernelLaplacianTest {
  private static final double SCALE = FeatureKernelScale.TWO_SIGMA_SQUARED.scale(0.5);

  @Test
  void of_allNeighbours_equalsDenseBitForBit() {
    // κ = n − 1 keeps every edge: fails if an entry is lost or doubled by the symmetrising union,
    // or if a row's sum runs in another order than the dense product.
    int n = 90;
    int dim = 8;
    double[] rows = BlockwiseKernelLaplacianTest.unitRows(n, dim, 41);
    KnnKernelLaplacian knn = KnnKernelLaplacian.of(rows, n, dim, SCALE, n - 1);

    BlockwiseKernelLaplacianTest.assertSameOperator(KernelLaplacian.of(rows, n, dim, SCALE), knn, 2);
    assertEquals((long) n * (n - 1), knn.entries());
  }

  @Test
  void of_fewNeighbours_keepsEachRowsLargestEntriesSymmetrised() {
    // Fails if the heap keeps other than the κ largest kernel entries of a row, or if the union
    // leaves the graph asymmetric (then L̃ would not be a Laplacian and SMLQ's objective could rise).
    assertKeepsLargest(BlockwiseKernelLaplacianTest.unitRows(300, 8, 43), 300, 8, 5);
  }

  @Test
  void of_rowsOnAGrid_keepsEveryEntryAboveTheKthAndSkipsNoCandidate() {
    // Rows on a 6 x 6 x 6 integer grid: many equal distances, so many equal kernel values at each
    // row's κ-th. Fails if the build's distance pre-check (an exponential only for an entry nearer
    // than the row's current κ-th) dropped an entry the full offer would keep.
    int side = 6;
    int n = side * side * side;
    double[] rows = new double[n * 3];
    for (int i = 0; i < n; i++) {
      rows[3 * i] = i % side;
      rows[3 * i + 1] = (i / side) % side;
      rows[3 * i + 2] = i / (side * side);
    }
    assertKeepsLargest(rows, n, 3, 7);
  }

  /**
   * Asserts W̃ is symmetric, keeps at least κ entries a row, and keeps every entry larger than a
   * row's κ-th largest with its exact kernel value.
   */
  private static void assertKeepsLargest(double[] rows, int n, int dim, int kk) {
    KnnKernelLaplacian knn = KnnKernelLaplacian.of(rows, n, dim, SCALE, kk);
    double[][] w = new double[n][n];
    double[] e = new double[n];
    for (int j = 0; j < n; j++) {
      e[j] = 1;
      double[] col = new double[n];
      knn.multiply(e, 1, col); // column j of L̃: −W̃_ij off the diagonal
      e[j] = 0;
      for (int i = 0; i < n; i++) {
        w[i][j] = i == j ? 0 : -col[i];
      }
    }
    for (int i = 0; i < n; i++) {
      double[] exact = new double[n];
      for (int j = 0; j < n; j++) {
        exact[j] = j == i ? -1 : GaussianKernel.value(GaussianKernel.squaredDistance(rows, i, rows, j, dim), SCALE);
      }
      double[] sorted = exact.clone();
      java.util.Arrays.sort(sorted);
      double kth = sorted[n - kk];
      int kept = 0;
      for (int j = 0; j < n; j++) {
        assertEquals(w[i][j], w[j][i], 0.0);
        if (j != i && exact[j] > kth || j != i && exact[j] == kth && w[i][j] != 0) {
          assertEquals(exact[j], w[i][j], 0.0);
        }
        kept += w[i][j] != 0 ? 1 : 0;
      }
      assertTrue(kept >= kk, "row " + i + " keeps " + kept);
    }
  }

  @Test
  void of_neighboursOutOfRange_throws() {
    assertThrows(IllegalArgumentException.class, () -> KnnKernelLaplacian.of(new double[8], 4, 2, 1, 4));
    assertThrows(IllegalArgumentException.class, () -> KnnKernelLaplacian.of(new double[8], 4, 2, 1, 0));
  }

  @Test
  void layoutParse_unknownValue_namesTheChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaplacianLayout.parse("sparse"));
    assertEquals("server must be one of auto, blockwise, dense, knn, packed. Provided value: sparse", e.getMessage());
    assertEquals(LaplacianLayout.BLOCKWISE, LaplacianLayout.parse("Blockwise"));
    assertEquals(LaplacianLayout.DENSE, LaplacianLayout.AUTO.resolve(10));
  }
}
