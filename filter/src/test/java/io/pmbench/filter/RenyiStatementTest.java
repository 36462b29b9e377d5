package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Theorem 3's statement for hand-made filters. */
class RenyiStatementTest {
  static final double DELTA = 1e-5;

  @Test
  void filter_handMadeGamma_matchesHandComputation() {
    // A = diag(2, 1): AAᵀ = diag(4, 1), σ_min = 1. V = [[1, −1], [0.5, 0]]: column sums 1.5 and 1, τ = 1.5.
    // R = 1: L = 2. α = 2, d = 2: ε = α d (L² + 2τ²) / (2σ_min) = 2·2·(4 + 4.5)/2 = 17.
    // Direct: v_0 − v_1 = (2, 0.5), |·|² in (AAᵀ)⁻¹ = 4/4 + 0.25 = 1.25; ε = (α/2)(L/1 + √1.25)² = (2 + √1.25)².
    LinearFilter f = LinearFilter.of(new double[] {2, 0, 0, 1}, new double[] {1, -1, 0.5, 0}, 2);
    RenyiStatement s = RenyiStatement.filter(f, 1, 2, DELTA);
    assertTrue(s.holds(), s.reason());
    assertEquals(1, s.sigmaMin(), 1e-12);
    assertEquals(1.5, s.tau(), 1e-15);
    assertEquals(17, s.epsilon(), 1e-12);
    double direct = Math.pow(2 + Math.sqrt(1.25), 2);
    assertEquals(direct, s.epsilonDirect(), 1e-12);
    // Corollary 4 / Mironov Prop. 3 optimised over α: ε(α) = 8.5 α, so ε_DP = 8.5 + 2√(8.5 ln 1e5)
    assertEquals(8.5 + 2 * Math.sqrt(8.5 * Math.log(1e5)), s.dpEpsilon(), 1e-9);
    assertEquals(direct / 2 + 2 * Math.sqrt(direct / 2 * Math.log(1e5)), s.dpEpsilonDirect(), 1e-9);
    assertFalse(s.statedProven(), "d = 2 < 4: the stated epsilon rests on the false step 32e");
    assertTrue(s.line().startsWith("Theorem 3: (alpha, epsilon) = (2.000, 17.00)-RDP"), s.line());
  }

  @Test
  void filter_singularNoiseBlock_refusedWithTheReason() {
    // AAᵀ = diag(1, 0): no noise along the second coordinate, so two latents differing there are
    // told apart with certainty; a statement that "holds" here would be a false privacy claim.
    LinearFilter f = LinearFilter.of(new double[] {1, 0, 0, 0}, new double[] {0.1, -0.1, 0, 0}, 2);
    RenyiStatement s = RenyiStatement.filter(f, 1, 2, DELTA);
    assertFalse(s.holds());
    assertTrue(s.reason().contains("AA^T is singular"), s.reason());
    assertTrue(Double.isNaN(s.epsilon()));
    assertTrue(s.line().startsWith("Theorem 3 does not apply: AA^T is singular"), s.line());
  }

  @Test
  void filter_unclippedLatent_refused() {
    LinearFilter f = LinearFilter.of(new double[] {1, 0, 0, 1}, new double[] {0, 0, 0, 0}, 2);
    RenyiStatement s = RenyiStatement.filter(f, Double.POSITIVE_INFINITY, 2, DELTA);
    assertFalse(s.holds());
    assertTrue(s.reason().contains("not bounded"), s.reason());
  }

  @Test
  void directBound_randomFiltersAndRecords_upperBoundsExactDivergence() {
    // The exact Rényi divergence between the output laws of (z, y) and (z', y') is
    // (α/2)·Δᵀ(AAᵀ)⁻¹Δ with Δ = z − z' + v_y − v_y' (eq. 32b). Fails if either reported bound is
    // below it for some pair in the clipped ball (the stated one only for d ≥ 4, where it is proven).
    SplittableRandom rng = new SplittableRandom(17);
    for (int trial = 0; trial < 20; trial++) {
      int d = 1 + rng.nextInt(6);
      int k = 2 + rng.nextInt(3);
      double[] a = new double[d * d];
      double[] v = new double[d * k];
      for (int i = 0; i < a.length; i++) {
        a[i] = Seeds.gaussian(rng);
      }
      for (int i = 0; i < v.length; i++) {
        v[i] = Seeds.gaussian(rng) * 2;
      }
      LinearFilter f = LinearFilter.of(a, v, d);
      double radius = 0.5 + rng.nextDouble();
      double alpha = 1.5 + 3 * rng.nextDouble();
      RenyiStatement s = RenyiStatement.filter(f, radius, alpha, DELTA);
      assertTrue(s.holds(), s.reason());
      double[] p = GaussianKl.precision(f.noiseCovariance());
      for (int pair = 0; pair < 200; pair++) {
        double[] z1 = ball(d, radius, rng);
        double[] z2 = ball(d, radius, rng);
        int y1 = rng.nextInt(k);
        int y2 = rng.nextInt(k);
        double[] delta = new double[d];
        for (int i = 0; i < d; i++) {
          delta[i] = z1[i] - z2[i] + v[i * k + y1] - v[i * k + y2];
        }
        double exact = alpha / 2 * GaussianKl.quadratic(delta, p);
        assertTrue(exact <= s.epsilonDirect() * (1 + 1e-12), "direct bound below the divergence");
        if (d >= 4) {
          assertTrue(exact <= s.epsilon() * (1 + 1e-12), "stated bound below the divergence for d >= 4");
        }
      }
    }
  }

  @Test
  void statedEpsilon_dimensionOne_isBelowTheExactDivergence() {
    // The counterexample to the proof's step 32e: d = 1, A = 1, V = [0 1], R = 1/2 (L = 1), z − z' = 1,
    // y ≠ y': the divergence is (α/2)(1 + 1)² = 2α but Theorem 3 states (α/2)·1·(1 + 2·1²) = 1.5α.
    LinearFilter f = LinearFilter.of(new double[] {1}, new double[] {0, 1}, 1);
    double alpha = 2;
    RenyiStatement s = RenyiStatement.filter(f, 0.5, alpha, DELTA);
    double worst = alpha / 2 * Math.pow(0.5 - (-0.5) + 1 - 0, 2); // z = 1/2, y = 1 against z' = −1/2, y' = 0
    assertEquals(1.5 * alpha, s.epsilon(), 1e-12);
    assertEquals(2 * alpha, worst, 1e-12);
    assertTrue(worst > s.epsilon(), "the stated epsilon is exceeded");
    assertEquals(worst, s.epsilonDirect(), 1e-12, "the direct bound is attained here");
    assertFalse(s.statedProven());
  }

  @Test
  void gaussian_clippedLatent_isTheorem2() {
    // (α, α L²/(2 s²)) with L = 2R: R = 1.5, s = 0.5, α = 3 → 3·9/(2·0.25) = 54
    RenyiStatement s = RenyiStatement.gaussian(10, 0.5, 1.5, 3, DELTA);
    assertTrue(s.holds());
    assertEquals(54, s.epsilon(), 1e-12);
    assertFalse(RenyiStatement.gaussian(10, 0, 1.5, 3, DELTA).holds());
  }

  @Test
  void bestOrder_minimisesTheConversion() {
    double c = 0.7;
    double a = RenyiStatement.bestOrder(c, DELTA);
    double at = c * a + Math.log(1 / DELTA) / (a - 1);
    assertEquals(RenyiStatement.dpEpsilon(c, DELTA), at, 1e-12);
    for (double other : new double[] {a * 0.9, a * 1.1}) {
      assertTrue(c * other + Math.log(1 / DELTA) / (other - 1) >= at);
    }
  }

  static double[] ball(int d, double radius, SplittableRandom rng) {
    double[] z = new double[d];
    double norm = 0;
    for (int i = 0; i < d; i++) {
      z[i] = Seeds.gaussian(rng);
      norm += z[i] * z[i];
    }
    norm = Math.sqrt(norm);
    double r = radius * (rng.nextDouble() < 0.3 ? 1 : rng.nextDouble());
    for (int i = 0; i < d; i++) {
      z[i] *= r / norm;
    }
    return z;
  }
}
