package io.pmbench.baselines.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import org.junit.jupiter.api.Test;

/**
 * The composition accounting of privatemail-v1. For these to fail, the run's ε₀ would be solved
 * from a wrong formula or rounded the wrong way, and the claimed ε would not be met.
 */
class LaplaceCompositionTest {

  /**
   * m = 2, δ′ = 1e-5, ε₀ = 0.5, by hand:
   * basic = m·ε₀ = 2·0.5 = 1.0;
   * kov = ε₀·√(2m·ln(1/δ′)) + m·ε₀·(e^ε₀ − 1)/(e^ε₀ + 1)
   *     = 0.5·√(4·11.512925464970229) + 2·0.5·(1.6487212707 − 1)/(1.6487212707 + 1)
   *     = 0.5·√46.051701859880914 + 0.24491866240370913
   *     = 0.5·6.786140424415112 + 0.24491866240370913
   *     = 3.393070212207556 + 0.24491866240370913 = 3.6379888746112647,
   * so ε̃ = min(1.0, 3.638) = 1.0: the early paper's formula is 3.6 times worse than basic.
   */
  @Test
  void composed_handComputedCase_matchesBasicAndKov() {
    assertEquals(1.0, LaplaceComposition.basic(0.5, 2), 0.0);
    assertEquals(3.6379888746112647, LaplaceComposition.kov(0.5, 2, 1e-5), 1e-14);
    assertEquals(1.0, LaplaceComposition.composed(0.5, 2, 1e-5), 0.0);
    assertEquals(LaplaceComposition.Branch.BASIC, LaplaceComposition.branch(0.5, 2, 1e-5));
  }

  /**
   * For m = 2, kov − basic = 2ε₀·(√ln(1/δ′) + tanh(ε₀/2) − 1) &gt; 0 exactly when
   * √ln(1/δ′) &gt; 1 − tanh(ε₀/2); δ′ &lt; 1/e makes ln(1/δ′) &gt; 1, so KOV is worse for every ε₀.
   * Above 1/e it can win (e.g. δ′ = 0.9, ε₀ = 1).
   */
  @Test
  void kov_twoIterationsSmallDeltaPrime_worseThanBasic() {
    for (double deltaPrime : new double[] {1e-12, 1e-5, 0.01, 0.3, Math.exp(-1) * 0.999}) {
      for (double eps0 = 1e-4; eps0 < 20; eps0 *= 1.3) {
        assertTrue(LaplaceComposition.kov(eps0, 2, deltaPrime) > LaplaceComposition.basic(eps0, 2),
            "kov <= basic at eps0=" + eps0 + ", delta'=" + deltaPrime);
      }
    }
    assertTrue(LaplaceComposition.kov(1.0, 2, 0.9) < LaplaceComposition.basic(1.0, 2));
  }

  /** ε̃(ε₀) ≤ ε (rounded toward more noise) and ε̃(1.000001·ε₀) &gt; ε (as large as allowed). */
  @Test
  void solveEpsilon0_variousTargets_isLargestFeasible() {
    double[] epsilons = {0.01, 0.05, 0.1, 0.5, 1, 2, 8};
    int[] ms = {1, 2, 3, 10, 200, 5000};
    double[] deltas = {1e-9, 1e-5, 0.1};
    int kovBinding = 0;
    for (double eps : epsilons) {
      for (int m : ms) {
        for (double dp : deltas) {
          double e0 = LaplaceComposition.solveEpsilon0(budget(eps, dp), m);
          assertTrue(LaplaceComposition.composed(e0, m, dp) <= eps, "infeasible eps0 " + e0);
          assertTrue(LaplaceComposition.composed(1.000001 * e0, m, dp) > eps, "not the largest eps0 " + e0);
          kovBinding += LaplaceComposition.branch(e0, m, dp) == LaplaceComposition.Branch.KOV ? 1 : 0;
        }
      }
    }
    assertTrue(kovBinding > 0, "the grid must also exercise the KOV branch");
    assertEquals(0.5, LaplaceComposition.solveEpsilon0(budget(1.0, 1e-5), 2), 0.0); // basic binds: eps0 = eps/2 exactly
  }

  @Test
  void solveEpsilon0_badArguments_areRejected() {
    assertThrows(IllegalArgumentException.class, () -> LaplaceComposition.solveEpsilon0(budget(0, 1e-5), 2));
    assertThrows(IllegalArgumentException.class, () -> LaplaceComposition.solveEpsilon0(budget(1, 1e-5), 0));
    assertThrows(IllegalArgumentException.class, () -> LaplaceComposition.solveEpsilon0(budget(1, 1), 2));
  }

  /** The target (ε, δ′) as the budget a mechanism hands over (the calibration plays no part). */
  private static PrivacyBudget budget(double epsilon, double deltaPrime) {
    return PrivacyBudget.of(epsilon, deltaPrime, NoiseCalibration.ANALYTIC);
  }
}
