package io.pmbench.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Noise calibrations of SPEC.md §5.3. */
class GaussianCalibrationTest {

  @Test
  void classic_matchesDworkRothFormula() {
    // fails if the formula's constant 1.25 or the square root were changed
    assertEquals(Math.sqrt(2 * Math.log(1.25 / 1e-5)) * 3 / 0.5, GaussianCalibration.classic(3, 0.5, 1e-5), 1e-12);
    assertEquals(48.4480526260539, GaussianCalibration.classic(1, 0.1, 1e-5), 1e-9);
  }

  @Test
  void classic_epsilonAtLeastOne_refuses() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> GaussianCalibration.classic(1, 1.0, 1e-5));
    assertTrue(e.getMessage().startsWith("epsilon must be < 1"), e.getMessage());
  }

  /**
   * Balle &amp; Wang 2018 report σ ≈ 3.73 for ε = 1, δ = 1e-5, Δ = 1 (vs 4.84 classic). The other
   * references were computed from their Theorem 8 with 40-digit arithmetic (mpmath bisection).
   */
  @ParameterizedTest
  @CsvSource({
      "0.05, 1e-5, 57.7706952445645",
      "0.1, 1e-5, 30.7495661319774",
      "0.5, 1e-5, 7.03182667558249",
      "1, 1e-5, 3.73063163481594",
      "2, 1e-5, 1.99381244564354",
      "8, 1e-5, 0.600229072198952",
      "1, 1e-10, 5.86777774963053"})
  void analytic_matchesReferenceValues(double epsilon, double delta, double expected) {
    assertEquals(expected, GaussianCalibration.analytic(1, epsilon, delta), expected * 1e-10);
    assertEquals(2.5 * expected, GaussianCalibration.analytic(2.5, epsilon, delta), expected * 1e-9);
  }

  @Test
  void analytic_roundsTowardMoreNoise() {
    // the returned σ satisfies the exact condition; 1e-9 less noise does not
    for (double eps : new double[] {0.05, 0.3, 1, 4, 8}) {
      double s = GaussianCalibration.analytic(1, eps, 1e-5);
      assertTrue(GaussianCalibration.exactDelta(1, s, eps) <= 1e-5, "eps=" + eps);
      assertTrue(GaussianCalibration.exactDelta(1, s * (1 - 1e-9), eps) > 1e-5, "eps=" + eps);
    }
  }

  @Test
  void analytic_isMonotoneDecreasingInEpsilon() {
    double prev = Double.POSITIVE_INFINITY;
    for (double eps = 0.02; eps <= 20; eps *= 1.3) {
      double s = GaussianCalibration.analytic(1, eps, 1e-5);
      assertTrue(s < prev, "not decreasing at eps=" + eps);
      prev = s;
    }
  }

  @Test
  void analytic_belowClassicForEpsilonBelowOne() {
    for (double eps = 0.01; eps < 1; eps += 0.01) {
      assertTrue(GaussianCalibration.analytic(1, eps, 1e-5) < GaussianCalibration.classic(1, eps, 1e-5),
          "eps=" + eps);
    }
  }

  @Test
  void officialCode_isVarianceFormulaAndFlaggedNotDp() {
    double delta = 1e-5;
    assertEquals(2 * Math.log(1.25 / delta) * 4 / 0.01, GaussianCalibration.officialCode(2, 0.1, delta), 1e-9);
    assertFalse(NoiseCalibration.OFFICIAL_CODE.isDifferentiallyPrivate());
    assertTrue(NoiseCalibration.CLASSIC.isDifferentiallyPrivate());
    assertTrue(NoiseCalibration.ANALYTIC.isDifferentiallyPrivate());
  }

  @Test
  void officialCode_smallSensitivity_isFarBelowWhatDpNeeds() {
    // with Δ ≪ 1 the variance formula gives far less noise than a valid calibration: at Δ = 1e-4,
    // ε = 0.1 the noise is s ≈ 2.3e-5 and the exact δ of that mechanism is ≈ 0.97, not 1e-5
    double s = GaussianCalibration.officialCode(1e-4, 0.1, 1e-5);
    assertTrue(GaussianCalibration.exactDelta(1e-4, s, 0.1) > 0.5);
  }
}
