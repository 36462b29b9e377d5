package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.GaussianCalibration;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * {@link FdpCurve} against closed forms: each curve's parameter recovered from its own exact rates,
 * the GDP → (ε, δ) duality inverting the analytic Gaussian calibration, and every rounding on the
 * side that keeps a lower bound one. A failure here means the f-DP bound converts rates into the
 * wrong ε (too high: it would accuse honest stages; too low: it would lose power).
 */
class FdpCurveTest {
  private static final NormalDistribution N = new NormalDistribution(null, 0, 1);

  @Test
  void minimalError_isTheSmallestMeanErrorOnTheCurve() {
    // min over alpha of (alpha + T(alpha))/2 on a grid of step 1e-5: the closed form must lie at or below the
    // grid's minimum and within the grid's resolution (step x the curve's steepest slope e^theta / 2) of it.
    // Fails if a closed form is not the curve's fixed point (the bound would claim more than the curve allows).
    for (FdpCurve c : FdpCurve.values()) {
      for (double theta : new double[] {0.05, 0.27, 1, 2.5}) {
        double min = 1;
        for (int i = 1; i < 100_000; i++) {
          double alpha = i / 100_000.0;
          min = Math.min(min, (alpha + c.tradeOff(theta, alpha, 1e-5)) / 2);
        }
        double closed = c.minimalError(theta, 1e-5);
        assertTrue(closed <= min + 1e-12 && min - closed <= 1e-5 * Math.exp(theta) / 2, c + " at " + theta + ": "
            + closed + " vs grid " + min);
      }
    }
  }

  @Test
  void lowerParameter_ofTheMinimalError_isTheParameter() {
    for (FdpCurve c : FdpCurve.values()) {
      for (double theta : new double[] {0.01, 0.27, 1, 4}) {
        assertEquals(theta, c.lowerParameter(c.minimalError(theta, 1e-5), 1e-5), 1e-9 * Math.max(1, theta), c.name());
      }
    }
    // mu = -2 Phi^-1(u) for the Gaussian curve (its fixed point is Phi(-mu/2)).
    assertEquals(-2 * N.inverseCumulativeProbability(0.3), FdpCurve.GAUSSIAN_DP.lowerParameter(0.3, 1e-5), 1e-12);
  }

  @Test
  void epsilonAt_gaussianDpOfTheAnalyticCalibration_isItsEpsilon() {
    // The analytic Gaussian sigma at (1, 1e-5) is exactly (1, 1e-5)-DP, so its mu = Delta/sigma maps back to
    // epsilon = 1; fails if the duality or its bisection is wrong, or rounds up.
    double mu = 1 / GaussianCalibration.analytic(1, 1, 1e-5);
    double eps = FdpCurve.GAUSSIAN_DP.epsilonAt(mu, 1e-5);
    assertTrue(eps <= 1 + 1e-9 && eps > 1 - 1e-6, "epsilon " + eps);
    assertEquals(0.268051, mu, 1e-6, "mu of (1, 1e-5)");
    assertEquals(Double.POSITIVE_INFINITY, FdpCurve.GAUSSIAN_DP.epsilonAt(0.1, 0), "a Gaussian release is never pure");
  }

  @Test
  void epsilonAt_laplaceWithDelta_followsItsPrivacyProfile() {
    // delta(eps') = 1 - exp((eps' - eps)/2) for the Laplace mechanism (Balle et al. 2018, privacy profiles).
    assertEquals(1.0, FdpCurve.LAPLACE.epsilonAt(1, 0));
    double eps = FdpCurve.LAPLACE.epsilonAt(1, 0.1);
    assertEquals(0.1, 1 - Math.exp((eps - 1) / 2), 1e-12);
  }

  @Test
  void lowerParameter_epsilonDeltaAtEqualRates_equalsTheRegionBound() {
    // At alpha = beta = u the (eps, delta) curve gives the bound of EpsilonLowerBound's region.
    for (double u : new double[] {0.001, 0.05, 0.3, 0.49}) {
      assertEquals(EpsilonLowerBound.bound(u, u, 1e-5), FdpCurve.EPSILON_DELTA.lowerParameter(u, 1e-5), 1e-9);
    }
  }

  @Test
  void lowerParameter_meanErrorOneHalfOrMore_exactlyZero() {
    // A test that separates nothing (mean error >= 1/2) proves nothing: exactly 0, not a small positive number.
    for (FdpCurve c : FdpCurve.values()) {
      assertEquals(0.0, c.lowerParameter(0.5, 0), c.name());
      assertEquals(0.0, c.lowerParameter(0.7, 1e-5), c.name());
      assertEquals(0.0, c.epsilonAt(0, 1e-5), c.name());
    }
  }

  @Test
  void parse_names_roundTripAndUnknownFails() {
    for (FdpCurve c : FdpCurve.values()) {
      assertEquals(c, FdpCurve.parse(c.cliName()));
    }
    assertThrows(IllegalArgumentException.class, () -> FdpCurve.parse("gdp"));
  }
}
