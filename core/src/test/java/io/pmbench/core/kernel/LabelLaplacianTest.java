package io.pmbench.core.kernel;

import static io.pmbench.core.kernel.DenseLaplacians.assertOperatorEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link LabelLaplacian} (which works through per-class sums, never an n × n matrix) against the
 * dense constructions of SPEC.md §3 in {@link DenseLaplacians}.
 */
class LabelLaplacianTest {
  private static final double REL = 1e-10;
  private static final double SIGMA = 1.7;

  /**
   * Labels with gaps (values 0, 2, 3, 7, 11) and unequal class sizes, so a confusion of label
   * values with dense class indices, or of counts between classes, shows.
   */
  private static int[] labels(int n, long seed) {
    int[] values = {0, 2, 3, 7, 11};
    SplittableRandom rng = new SplittableRandom(seed);
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = values[Math.min(rng.nextInt(values.length + 2), values.length - 1)];
    }
    return y;
  }

  @ParameterizedTest
  @EnumSource(LabelKernel.class)
  void of_everyLabelKernel_matchesDenseConstruction(LabelKernel kernel) {
    // Pairwise kernels: fails if W_ii is not excluded, if the class-sum shortcut uses dense class
    // indices where the label values belong (GAUSSIAN_INTEGER), or if a kernel's affinity is wrong.
    // CENTERED_DISTANCE: fails if K ≠ −½·J·D·J, if K's diagonal is dropped, or if the degree is not
    // the column sum of K (compared against dense matrix products).
    int n = 29;
    int[] y = labels(n, 61);
    double[][] dense = DenseLaplacians.label(y, kernel, SIGMA);
    double[] x = DenseLaplacians.gaussianRows(n, 3, new SplittableRandom(62));

    assertOperatorEquals(dense, LabelLaplacian.of(y, kernel, SIGMA), x, 3, REL);
  }

  @ParameterizedTest
  @EnumSource(LabelKernel.class)
  void of_singleClass_matchesDenseConstruction(LabelKernel kernel) {
    // Degenerate but legal: every row of D has the same label (D = 0 for CENTERED_DISTANCE).
    int[] y = {4, 4, 4, 4, 4};
    double[] x = DenseLaplacians.gaussianRows(y.length, 2, new SplittableRandom(63));

    assertOperatorEquals(DenseLaplacians.label(y, kernel, SIGMA), LabelLaplacian.of(y, kernel, SIGMA), x, 2, 1e-12);
  }

  @Test
  void of_gaussianIntegerTwoRows_matchesHandComputedValue() {
    // L = [[w, −w], [−w, w]] with w = exp(−(3 − 0)²/(2σ²)), σ = 1.5: a value by hand, independent
    // of the dense helper. Fails if the integer labels are not used as numbers or 2σ² is wrong.
    double sigma = 1.5;
    double w = Math.exp(-9.0 / (2 * sigma * sigma));
    LabelLaplacian l = LabelLaplacian.of(new int[] {0, 3}, LabelKernel.GAUSSIAN_INTEGER, sigma);
    double[] out = new double[2];

    l.multiply(new double[] {1.0, 0.0}, 1, out);

    assertEquals(w, l.diagonal(0), 1e-15);
    assertEquals(w, out[0], 1e-15);
    assertEquals(-w, out[1], 1e-15);
  }

  @Test
  void quadraticForm_centeredDistance_isNeverPositive() {
    // Documents a property of the official code's label graph (SPEC.md §3), not a choice of this
    // class: J·1 = 0 makes every column sum of K = −½·J·D·J zero, so L_Y = −K; and D_ij = |y_i − y_j|
    // is conditionally negative definite, so K is positive semidefinite and L_Y negative
    // semidefinite. Then −α·Tr(XᵀL_Y X) is convex, not concave, and Theorem 1's CCCP argument does
    // not cover the official-code preset. Fails if the formula above changes.
    int[] y = labels(40, 71);
    LabelLaplacian l = LabelLaplacian.of(y, LabelKernel.CENTERED_DISTANCE, SIGMA);
    SplittableRandom rng = new SplittableRandom(72);
    for (int trial = 0; trial < 20; trial++) {
      double[] x = DenseLaplacians.gaussianRows(y.length, 2, rng);
      assertTrue(l.quadraticForm(x, 2) <= 1e-9, "Tr(XᵀL_Y X) = " + l.quadraticForm(x, 2));
    }
  }

  @Test
  void of_emptyLabels_throwsIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> LabelLaplacian.of(new int[0], LabelKernel.SAME_CLASS, 1));
  }

  @Test
  void affinity_centeredDistance_throwsUnsupportedOperationException() {
    assertThrows(UnsupportedOperationException.class, () -> LabelKernel.CENTERED_DISTANCE.affinity(0, 1, 1));
  }
}
