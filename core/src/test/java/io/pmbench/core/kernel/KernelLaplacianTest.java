package io.pmbench.core.kernel;

import static io.pmbench.core.kernel.DenseLaplacians.assertOperatorEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link KernelLaplacian} against the textbook dense construction (SPEC.md §3): W_ij = kernel,
 * W_ii = 0, L = Diag(W·1) − W, built with plain loops in {@link DenseLaplacians}.
 */
class KernelLaplacianTest {
  private static final double REL = 1e-10;
  private static final double SIGMA = 0.9;
  private static final int K = 3;

  /** Unit-norm rows (as SPEC.md §2 feeds them) of dimension dim. */
  private static double[] unitRows(int n, int dim, long seed) {
    double[] x = DenseLaplacians.gaussianRows(n, dim, new SplittableRandom(seed));
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int c = 0; c < dim; c++) {
        s += x[i * dim + c] * x[i * dim + c];
      }
      double inv = 1 / Math.sqrt(s);
      for (int c = 0; c < dim; c++) {
        x[i * dim + c] *= inv;
      }
    }
    return x;
  }

  private static double[] concat(double[] a, double[] b) {
    double[] out = new double[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @ParameterizedTest
  @EnumSource(FeatureKernelScale.class)
  void of_everyScale_matchesDenseConstruction(FeatureKernelScale scaleRule) {
    // Fails if W_ii ≠ 0, if the degree is not the row sum of W, if the kernel divides by the
    // wrong scale s(σ), or if multiply mixes up rows/columns of the row-major block.
    int n = 23;
    int dim = 5;
    double[] rows = unitRows(n, dim, 11);
    double scale = scaleRule.scale(SIGMA);
    double[][] dense = DenseLaplacians.feature(rows, n, dim, scale);
    double[] x = DenseLaplacians.gaussianRows(n, K, new SplittableRandom(12));

    KernelLaplacian op = KernelLaplacian.of(rows, n, dim, scale);

    assertOperatorEquals(dense, op, x, K, REL);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        assertEquals(i == j ? 0.0 : -dense[i][j], op.weight(i, j), REL, "W_" + i + "," + j);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(FeatureKernelScale.class)
  void extend_everyScale_equalsFullConstructionOfExtraThenBase(FeatureKernelScale scaleRule) {
    // Fails if the block form [[A, B], [Bᵀ, W_base]] places a block wrongly (e.g. uses B where
    // Bᵀ belongs), forgets the cross terms in the base rows' degrees, or orders D as [base; extra].
    // p = 70 > the kernel's tile of 48 rows, so several tiles and parallel rows are exercised.
    int p = 70;
    int m = 5;
    int dim = 6;
    double scale = scaleRule.scale(SIGMA);
    double[] base = unitRows(p, dim, 21);
    double[] extra = unitRows(m, dim, 22);
    double[] full = concat(extra, base);
    double[][] dense = DenseLaplacians.feature(full, m + p, dim, scale);
    double[] x = DenseLaplacians.gaussianRows(m + p, K, new SplittableRandom(23));

    KernelLaplacian op = KernelLaplacian.extend(KernelLaplacian.base(base, p, dim, scale), extra, m);

    assertOperatorEquals(dense, op, x, K, REL);
    assertOperatorEquals(dense, KernelLaplacian.of(full, m + p, dim, scale), x, K, REL);
  }

  @Test
  void of_polynomialExp_eachWeightIsNegExpOfTheSameArgument() {
    // The kernel rebuilt after the noise (n = 1,030 rows of dimension 2, spanning tiles and a
    // split across threads): fails if a POLYNOMIAL weight is not NegExp.of(q/s) of the same
    // squared distance, if the mirror or the diagonal is wrong, or if it strays more than 1 ulp
    // from the Math.exp weight of the same pair.
    int n = 1030;
    double[] rows = DenseLaplacians.gaussianRows(n, 2, new SplittableRandom(71));
    double scale = 2.0;
    KernelLaplacian poly = KernelLaplacian.of(rows, n, 2, scale, new double[n][n], GaussianKernel.Exp.POLYNOMIAL);
    KernelLaplacian math = KernelLaplacian.of(rows, n, 2, scale);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double expected = i == j ? 0.0 : NegExp.of(GaussianKernel.squaredDistance(rows, i, rows, j, 2) / scale);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(poly.weight(i, j)),
            "W_" + i + "," + j);
        assertEquals(math.weight(i, j), poly.weight(i, j), Math.ulp(math.weight(i, j)), "W_" + i + "," + j);
      }
    }
  }

  @Test
  void extend_oneExtraRow_equalsFullConstruction() {
    // The client's D without dummies has a single new row (r): A is 1 × 1 and all zero.
    int p = 9;
    int dim = 4;
    double scale = FeatureKernelScale.TWO_SIGMA_SQUARED.scale(SIGMA);
    double[] base = unitRows(p, dim, 31);
    double[] extra = unitRows(1, dim, 32);
    double[][] dense = DenseLaplacians.feature(concat(extra, base), p + 1, dim, scale);
    double[] x = DenseLaplacians.gaussianRows(p + 1, 2, new SplittableRandom(33));

    assertOperatorEquals(dense, KernelLaplacian.extend(KernelLaplacian.base(base, p, dim, scale), extra, 1), x, 2,
        REL);
  }

  @Test
  void extend_sameBaseTwice_doesNotChangeTheBase() {
    // The public block is cached and shared by every query: extending must not mutate it.
    int p = 12;
    int dim = 3;
    double scale = 1.3;
    double[] base = unitRows(p, dim, 41);
    KernelLaplacian.Base cached = KernelLaplacian.base(base, p, dim, scale);
    KernelLaplacian.extend(cached, unitRows(3, dim, 42), 3);
    double[] extra = unitRows(2, dim, 43);
    double[][] dense = DenseLaplacians.feature(concat(extra, base), p + 2, dim, scale);

    assertOperatorEquals(dense, KernelLaplacian.extend(cached, extra, 2),
        DenseLaplacians.gaussianRows(p + 2, 2, new SplittableRandom(44)), 2, REL);
  }

  @Test
  void base_nonPositiveScale_throwsIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> KernelLaplacian.base(new double[4], 2, 2, 0.0));
    assertThrows(IllegalArgumentException.class, () -> KernelLaplacian.base(new double[4], 2, 2, Double.NaN));
  }

  @Test
  void quadraticForm_anyBlock_equalsHalfWeightedSquaredDifferences() {
    // Tr(XᵀLX) = ½·Σ_ij W_ij‖x_i − x_j‖² (the paper's equation 1): fails if L is not a Laplacian.
    int n = 15;
    int dim = 4;
    double scale = 0.8;
    double[] rows = unitRows(n, dim, 51);
    double[] x = DenseLaplacians.gaussianRows(n, 2, new SplittableRandom(52));
    KernelLaplacian op = KernelLaplacian.of(rows, n, dim, scale);
    double expected = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d2 = Math.pow(x[2 * i] - x[2 * j], 2) + Math.pow(x[2 * i + 1] - x[2 * j + 1], 2);
        expected += 0.5 * op.weight(i, j) * d2;
      }
    }

    assertEquals(expected, op.quadraticForm(x, 2), 1e-10 * Math.abs(expected));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"1030, 4, 2", "1030, 5, 3", "61, 1, 1", "66, 3, 4", "9, 0, 2",
      "1030, 0, 2", "1030, 0, 1", "66, 0, 3", "67, 0, 5"})
  void multiply_anyShape_equalsThePlainRowLoopsBitForBit(int p, int m, int k) {
    // The class's stated summation orders, written as the plain loops: fails if a product
    // reorders any single sum (e.g. a layout change, an unrolling that regroups the additions,
    // the diagonal term, or a split across threads — p = 1,030 spans two chunks of 1,024 rows).
    int dim = 3;
    double[] base = unitRows(p, dim, 61 + p);
    double[] extra = unitRows(m, dim, 62 + m);
    if (m > 1) {
      System.arraycopy(base, 5 * dim, extra, dim, dim); // a dummy: bit for bit a base row
    }
    double scale = 0.7;
    KernelLaplacian op = m == 0
        ? KernelLaplacian.of(base, p, dim, scale, new double[p][p])
        : KernelLaplacian.extend(KernelLaplacian.base(base, p, dim, scale), extra, m);
    int n = m + p;
    double[] x = DenseLaplacians.gaussianRows(n, k, new SplittableRandom(63));
    double[] out = new double[n * k];
    op.multiply(x, k, out);

    if (m == 0) {
      // degrees and products of L alone do not depend on which is asked for first (fails if a
      // product or a degree read changes state the other reads, e.g. a lazily summed degree)
      KernelLaplacian first = KernelLaplacian.of(base, p, dim, scale, new double[p][p]);
      double[] degrees = new double[n];
      for (int i = 0; i < n; i++) {
        degrees[i] = first.diagonal(i);
      }
      double[] again = new double[n * k];
      first.multiply(x, k, again);
      for (int i = 0; i < n; i++) {
        assertEquals(Double.doubleToRawLongBits(op.diagonal(i)), Double.doubleToRawLongBits(degrees[i]),
            "degree " + i + " asked before any product");
      }
      for (int i = 0; i < n * k; i++) {
        assertEquals(Double.doubleToRawLongBits(out[i]), Double.doubleToRawLongBits(again[i]),
            "product " + i + " after the degrees were asked for");
      }
    }
    for (int i = 0; i < n; i++) {
      // new row: A then B, ascending; base row: W_base ascending, then B's column, ascending
      int[] order = new int[n];
      int t = 0;
      if (i < m) {
        for (int j = 0; j < n; j++) {
          order[t++] = j;
        }
      } else {
        for (int j = m; j < n; j++) {
          order[t++] = j;
        }
        for (int j = 0; j < m; j++) {
          order[t++] = j;
        }
      }
      double degree = 0;
      for (int j : order) {
        if (j != i) {
          degree += op.weight(i, j);
        }
      }
      assertEquals(Double.doubleToRawLongBits(degree), Double.doubleToRawLongBits(op.diagonal(i)), "degree " + i);
      for (int c = 0; c < k; c++) {
        double acc = 0;
        for (int j : order) {
          if (j != i) {
            acc += op.weight(i, j) * x[j * k + c];
          }
        }
        double expected = degree * x[i * k + c] - acc;
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(out[i * k + c]),
            "(L x)_" + i + "," + c);
      }
    }
  }
}
