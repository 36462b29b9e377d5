package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link EpsilonLowerBound} on mechanisms whose ε is known exactly. The 95% bound must not exceed
 * the true ε (it may with probability ≤ 5% for a correct implementation; the seeds are fixed and
 * the margins below are far from that edge) and must come reasonably close to it. If the first
 * assertion fails, the bound is not a valid lower bound (it would accuse correct mechanisms).
 */
class EpsilonLowerBoundTest {
  @Test
  void of_laplaceMechanismEpsilonOne_boundBelowOneAndAboveHalf() {
    // M(D) = f(D) + Lap(1) with |f(D) − f(D′)| = 1 is exactly 1-DP (δ = 0).
    SplittableRandom rng = new SplittableRandom(21);
    int n = 200_000;
    double[] d = new double[n];
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = Seeds.laplace(1, rng);
      p[i] = 1 + Seeds.laplace(1, rng);
    }
    EpsilonLowerBound b = EpsilonLowerBound.of(d, p, 0, 0.95);
    assertTrue(b.lowerBound() <= 1, "lower bound " + b.lowerBound() + " above the true epsilon 1");
    assertTrue(b.lowerBound() > 0.6, "lower bound " + b.lowerBound());
  }

  @Test
  void of_randomisedResponse_boundBelowLnThree() {
    // Randomised response with truth probability 3/4 is exactly ln 3-DP.
    SplittableRandom rng = new SplittableRandom(22);
    int n = 100_000;
    double[] d = new double[n];
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = rng.nextDouble() < 0.75 ? 0 : 1;
      p[i] = rng.nextDouble() < 0.75 ? 1 : 0;
    }
    EpsilonLowerBound b = EpsilonLowerBound.of(d, p, 0, 0.95);
    assertTrue(b.lowerBound() <= Math.log(3), "lower bound " + b.lowerBound() + " above ln 3");
    assertTrue(b.lowerBound() > 0.95 * Math.log(3) - 0.05, "lower bound " + b.lowerBound());
    assertEquals(Math.log(3), b.pointEstimate(), 0.05);
  }

  @Test
  void of_identicalDistributions_boundNearZero() {
    SplittableRandom rng = new SplittableRandom(23);
    int n = 20_000;
    double[] d = new double[n];
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = Seeds.gaussian(rng);
      p[i] = Seeds.gaussian(rng);
    }
    assertTrue(EpsilonLowerBound.of(d, p, 1e-5, 0.95).lowerBound() < 0.05);
  }

  @Test
  void bound_formula_matchesDefinition() {
    assertEquals(Math.log((1 - 0.1 - 0.2) / 0.1), EpsilonLowerBound.bound(0.1, 0.2, 0.1), 1e-12);
    assertEquals(0, EpsilonLowerBound.bound(0.5, 0.5, 0));
  }
}
