package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.smlq.Smlq;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BlockwiseKernelLaplacian} against the dense {@link KernelLaplacian}: the brief asks for
 * agreement to 1e-10 relative; the class promises the same bits, which is what is asserted (a
 * failure of the weaker bound would fail this first).
 */
class BlockwiseKernelLaplacianTest {
  private static final double SIGMA = 0.9;
  private static final double ALPHA = 0.6;

  static double[] unitRows(int n, int dim, long seed) {
    double[] x = DenseLaplacians.gaussianRows(n, dim, new SplittableRandom(seed));
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int c = 0; c < dim; c++) {
        s += x[i * dim + c] * x[i * dim + c];
      }
      for (int c = 0; c < dim; c++) {
        x[i * dim + c] /= Math.sqrt(s);
      }
    }
    return x;
  }

  static Stream<Arguments> everyKernel() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (FeatureKernelScale s : FeatureKernelScale.values()) {
      for (LabelKernel l : LabelKernel.values()) {
        for (boolean renormalize : new boolean[] {false, true}) {
          b.add(Arguments.of(s, l, renormalize));
        }
      }
    }
    return b.build();
  }

  /** Builds a kernel Laplacian of rows (row-major n × dim) at kernel scale s. */
  @FunctionalInterface
  interface Build {
    Laplacian of(double[] rows, int n, int dim, double scale);
  }

  @ParameterizedTest
  @MethodSource("everyKernel")
  void smlqRun_everyScaleAndLabelKernel_equalsDenseBitForBit(FeatureKernelScale scaleRule, LabelKernel labels,
      boolean renormalize) {
    // Fails if a blockwise kernel entry differs from the dense one, if a row's sum runs in
    // another order or skips/keeps the diagonal differently, or if the degrees are not W·1.
    assertSmlqRunEqualsDense(BlockwiseKernelLaplacian::of, scaleRule, labels, renormalize, 300, 16, 21);
  }

  /** SMLQ (6 iterations, k = 2) on {@code build}'s L_X and on the dense one: embedding and objective bit for bit. */
  static void assertSmlqRunEqualsDense(Build build, FeatureKernelScale scaleRule, LabelKernel labels,
      boolean renormalize, int n, int dim, long seed) {
    double[] rows = unitRows(n, dim, seed);
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = (i * 7) % 5;
    }
    double scale = scaleRule.scale(SIGMA);
    LabelLaplacian ly = LabelLaplacian.of(y, labels, SIGMA);
    double[] q = DenseLaplacians.gaussianRows(n, 2, new SplittableRandom(seed + 1));

    Smlq.Result dense = Smlq.run(KernelLaplacian.of(rows, n, dim, scale), ly, ALPHA, q, 2, 6, renormalize);
    Smlq.Result other = Smlq.run(build.of(rows, n, dim, scale), ly, ALPHA, q, 2, 6, renormalize);

    assertArrayEquals(dense.embedding(), other.embedding(), 0.0);
    assertArrayEquals(dense.objective(), other.objective(), 0.0);
  }

  @Test
  void multiply_parallelSizeAndOddK_equalsDenseBitForBit() {
    // n·n·d above the split threshold, n not a multiple of the 8 × 256 tile, k = 3 (the dense
    // product's two-column pass plus its single-column pass): fails if a parallel tile writes
    // another tile's rows or the tile edges drop or repeat a column.
    int n = 530;
    int dim = 16;
    double[] rows = unitRows(n, dim, 31);
    double scale = FeatureKernelScale.TWO_SIGMA_SQUARED.scale(SIGMA);

    assertSameOperator(KernelLaplacian.of(rows, n, dim, scale), BlockwiseKernelLaplacian.of(rows, n, dim, scale), 3);
  }

  /** Asserts equal diagonals and equal products with one seeded n × k block, bit for bit. */
  static void assertSameOperator(Laplacian want, Laplacian got, int k) {
    int n = want.size();
    assertEquals(n, got.size());
    double[] x = DenseLaplacians.gaussianRows(n, k, new SplittableRandom(32));
    double[] a = new double[n * k];
    double[] b = new double[n * k];
    want.multiply(x, k, a);
    got.multiply(x, k, b);
    assertArrayEquals(a, b, 0.0);
    for (int i = 0; i < n; i++) {
      assertEquals(want.diagonal(i), got.diagonal(i), 0.0);
    }
  }

  @Test
  void of_nonPositiveScale_throws() {
    assertThrows(IllegalArgumentException.class, () -> BlockwiseKernelLaplacian.of(new double[4], 2, 2, 0));
  }
}
