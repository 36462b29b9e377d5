package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Preset;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit of a randomised-response stage ({@link AuditStage.Norm#HAMMING}): simhash-rr's own
 * stage passes (sensitivity within b bits, ε lower bound within the claim on the worst pair and at
 * the claimed Δ); a stage that flips less than its claim says is caught; one whose output ignores
 * the data gives a bound near 0. Each bound is at 95% confidence, so an honest stage is judged
 * above its claim with probability at most 5% over seeds; the seeds here are fixed, and the honest
 * and caught cases sit far from the claim (the under-flipped stage's true ε is 4 against a claim
 * of 1).
 */
class RandomisedResponseAuditTest {
  private static final AuditSettings S = AuditSettings.defaults(5, Preset.PAPER).withPrivacy(1, 1e-5)
      .withTrials(20_000);

  /** A stage of {@code bits} coordinates claimed at ε = 1 whose release flips each with probability {@code q}. */
  private static AuditStage stage(int bits, double q) {
    double[] code = new double[bits];
    for (int i = 0; i < bits; i++) {
      code[i] = i % 3 == 0 ? -1 : 1;
    }
    double claimed = 1 / (1 + Math.exp(1.0 / bits));
    return new AuditStage("rr", code, bits, AuditStage.Norm.HAMMING, claimed, 1, 0, 1, rng -> {
      double[] out = code.clone();
      for (int i = 0; i < bits; i++) {
        if (rng.nextDouble() < q) {
          out[i] = -out[i];
        }
      }
      return out;
    }, "test stage");
  }

  @Test
  void run_simhashRr_passesItsAudit(@TempDir Path dir) throws Exception {
    // Fails if a pair of data sets moves the code by more than b bits, or the flips leak more than
    // the claimed eps (then the mechanism, or the audit's randomised-response statistic, is wrong).
    AuditTarget t = Targets.of("simhash-rr", S).get(0);
    AuditRow worst = Audit.run(t, S, dir);
    AuditRow claimed = Audit.atClaimedDelta(t, S);
    for (AuditRow r : new AuditRow[] {worst, claimed}) {
      assertEquals("OK", r.verdict(), r.summary());
      assertEquals(0.0, r.delta(), r.summary());
      assertEquals(1.0, r.claimedEpsilon(), r.summary());
    }
    assertTrue(worst.sensitivityRatio() > 0 && worst.sensitivityRatio() <= 1, worst.summary());
    assertTrue(claimed.epsilonLower() > 0.1, "the audit at the claimed Delta has power: " + claimed.summary());
  }

  @Test
  void atClaimedDelta_underFlippedStage_caught() {
    // Flips at eps = 1 per bit over 4 bits (true eps 4) while claiming eps = 1: both bounds must refute it.
    EpsilonAudit.Bounds b = EpsilonAudit.atClaimedDelta(stage(4, 1 / (1 + Math.E)), 20_000, new SplittableRandom(1));
    assertTrue(b.clopperPearson().lowerBound() > 1, "Clopper-Pearson lower bound " + b.clopperPearson().lowerBound());
    assertTrue(b.fdp().epsilonLower() > 1, "f-DP lower bound " + b.fdp().epsilonLower());
  }

  @Test
  void atClaimedDelta_honestAndDataBlindStages_notAboveClaim() {
    // The f-DP bound of randomised response uses the (eps, delta) curve, which every eps-DP release
    // meets; a Laplace curve here would judge an honest stage above its claim.
    EpsilonAudit.Bounds honest = EpsilonAudit.atClaimedDelta(stage(4, 1 / (1 + Math.exp(0.25))), 20_000,
        new SplittableRandom(2));
    assertTrue(honest.clopperPearson().lowerBound() <= 1, "honest stage: " + honest.clopperPearson().lowerBound());
    assertTrue(honest.fdp().epsilonLower() <= 1, "honest stage, f-DP: " + honest.fdp().epsilonLower());
    assertEquals(FdpCurve.EPSILON_DELTA, honest.fdp().curve());
    // q = 1/2: the output does not depend on the code, so no test tells the means apart.
    EpsilonAudit.Bounds blind = EpsilonAudit.atClaimedDelta(stage(4, 0.5), 20_000, new SplittableRandom(3));
    assertTrue(blind.clopperPearson().lowerBound() < 0.1, "data-blind stage: " + blind.clopperPearson().lowerBound());
    assertTrue(blind.fdp().epsilonLower() < 0.1, "data-blind stage, f-DP: " + blind.fdp().epsilonLower());
  }

  /** One bit at eps = 1 is exactly randomised response at eps = 1: the f-DP bound comes close to it. */
  @Test
  void atClaimedDelta_oneBitAtItsClaim_tightBelowClaim() {
    EpsilonAudit.Bounds b = EpsilonAudit.atClaimedDelta(stage(1, 1 / (1 + Math.E)), 100_000, new SplittableRandom(4));
    assertTrue(b.fdp().epsilonLower() <= 1 && b.fdp().epsilonLower() > 0.9, "f-DP bound " + b.fdp().epsilonLower());
  }

  @Test
  void statistic_randomisedResponse_countsAgreementWithFPrimeOnDifferingCoordinates() {
    double[] f = {1, 1, -1, -1};
    double[] fPrime = {1, -1, 1, -1};
    assertEquals(2.0, NoiseKind.RANDOMISED_RESPONSE.statistic(new double[] {-1, -1, 1, 1}, f, fPrime));
    assertEquals(-2.0, NoiseKind.RANDOMISED_RESPONSE.statistic(new double[] {1, 1, -1, 1}, f, fPrime));
    assertEquals(2.0, NoiseKind.RANDOMISED_RESPONSE.distance(f, fPrime));
    assertEquals(NoiseKind.RANDOMISED_RESPONSE, NoiseKind.of(AuditStage.Norm.HAMMING));
  }
}
