package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link PackedKernelLaplacian} against the dense {@link KernelLaplacian}: the same bits, half the memory. */
class PackedKernelLaplacianTest {
  private static final double SIGMA = 0.9;

  @ParameterizedTest
  @MethodSource("io.pmbench.core.kernel.BlockwiseKernelLaplacianTest#everyKernel")
  void smlqRun_everyScaleAndLabelKernel_equalsDenseBitForBit(FeatureKernelScale scaleRule, LabelKernel labels,
      boolean renormalize) {
    // Fails if a packed entry differs from the dense one, if a row's terms below and above the
    // diagonal are summed in another order, or if the degrees are not W·1 as the dense path sums them.
    BlockwiseKernelLaplacianTest.assertSmlqRunEqualsDense(PackedKernelLaplacian::of, scaleRule, labels, renormalize,
        301, 12, 41);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void multiply_severalChunksInParallel_equalsDenseBitForBit(int k) {
    // n above two chunks of 512 rows and not a multiple of the 8 × 256 kernel tile: fails if a
    // chunk misses the column run of a row above it or a row's run overlaps the next row's.
    int n = 1100;
    int dim = 9;
    double[] rows = BlockwiseKernelLaplacianTest.unitRows(n, dim, 51);
    double scale = FeatureKernelScale.TWO_SIGMA_SQUARED.scale(SIGMA);
    BlockwiseKernelLaplacianTest.assertSameOperator(KernelLaplacian.of(rows, n, dim, scale),
        PackedKernelLaplacian.of(rows, n, dim, scale), k);
  }

  @Test
  void multiply_oneAndTwoRows_equalsDense() {
    for (int n = 1; n <= 2; n++) {
      double[] rows = BlockwiseKernelLaplacianTest.unitRows(n, 3, 61);
      BlockwiseKernelLaplacianTest.assertSameOperator(KernelLaplacian.of(rows, n, 3, 1.0),
          PackedKernelLaplacian.of(rows, n, 3, 1.0), 2);
    }
  }

  @Test
  void bytes_halfOfTheDenseBlock() {
    assertEquals(4.0 * 11_000 * 10_999, PackedKernelLaplacian.bytes(11_000), 0.0);
    assertThrows(IllegalArgumentException.class, () -> PackedKernelLaplacian.of(new double[4], 2, 2, 0));
    assertThrows(IllegalArgumentException.class, () -> PackedKernelLaplacian.of(new double[5], 2, 2, 1));
  }

  @Test
  void layout_packedOption_parsesAndBuildsThePackedOperator() {
    assertEquals(LaplacianLayout.PACKED, LaplacianLayout.parse("packed"));
    double[] rows = BlockwiseKernelLaplacianTest.unitRows(20, 4, 71);
    assertEquals(PackedKernelLaplacian.class, LaplacianLayout.PACKED.build(rows, 20, 4, 1.0, 0).getClass());
  }
}
