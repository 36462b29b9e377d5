package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * {@link FdpLowerBound} on mechanisms whose ε is known exactly: M(D) = f(D) + N(0, s²) with
 * |f(D) − f(D′)| = 1 and s the analytic calibration at (ε, δ) = (1, 1e-5) (exactly (1, 1e-5)-DP,
 * μ = 1/s = 0.268), and f(D) + Lap(1) (exactly 1-DP), scored by the output itself at the midpoint
 * threshold 1/2 — the audit's own test at the claimed Δ. What would have to be wrong for each test
 * to fail is in its comment; each states its tolerance and false-failure probability.
 */
class FdpLowerBoundTest {
  private static final double DELTA = 1e-5;
  private static final double SIGMA = GaussianCalibration.analytic(1, 1, DELTA);
  private static final double CONFIDENCE = 0.95;

  /** n runs per side of f + noise(scale) at f = 0 and f = 1, bounded with {@code curve}. */
  private static FdpLowerBound audit(FdpCurve curve, double scale, int n, SplittableRandom rng) {
    double[] d = new double[n];
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = noise(curve, scale, rng);
      p[i] = 1 + noise(curve, scale, rng);
    }
    return FdpLowerBound.of(d, p, 0.5, curve, curve == FdpCurve.GAUSSIAN_DP ? DELTA : 0, CONFIDENCE);
  }

  private static double noise(FdpCurve curve, double scale, SplittableRandom rng) {
    return curve == FdpCurve.GAUSSIAN_DP ? scale * Seeds.gaussian(rng) : Seeds.laplace(scale, rng);
  }

  /**
   * The largest exceedance count of {@code audits} honest audits consistent with the stated level:
   * P(Binomial(audits, 1 − confidence) &gt; it) ≤ 1e-6.
   */
  static int allowedExceedances(int audits) {
    BinomialDistribution b = new BinomialDistribution(null, audits, 1 - CONFIDENCE);
    int k = 0;
    while (1 - b.cumulativeProbability(k) > 1e-6) {
      k++;
    }
    return k;
  }

  /** 2,000 audits of 2,000 runs per side at the exact scale: exceedances of ε = 1 within the 95% level. */
  private static void assertExceedancesWithinTheLevel(FdpCurve curve, double scale, SplittableRandom rng) {
    int audits = 2_000;
    int over = 0;
    for (int a = 0; a < audits; a++) {
      over += audit(curve, scale, 2_000, rng).epsilonLower() > 1 ? 1 : 0;
    }
    assertTrue(over <= allowedExceedances(audits), curve + ": " + over + " of " + audits + " audits above 1");
  }

  @Test
  void of_manyHonestGaussianAudits_exceedTheTrueEpsilonAtMostAtTheStatedRate() {
    // 2,000 seeded audits of the exactly (1, 1e-5)-DP Gaussian, 2,000 runs per side each. A valid 95% bound
    // exceeds epsilon = 1 in at most 5% of audits; the test allows the count a true 5% rate stays under with
    // probability 1 - 1e-6 (false failure <= 1e-6 for a valid bound). Fails if the error count is not bounded
    // (the point estimate exceeds 1 in half the audits), the bound is two-sided at 90%, or the duality rounds up.
    assertExceedancesWithinTheLevel(FdpCurve.GAUSSIAN_DP, SIGMA, new SplittableRandom(101));
  }

  @Test
  void of_manyHonestLaplaceAudits_exceedTheTrueEpsilonAtMostAtTheStatedRate() {
    // As above for Lap(1) shifted by 1 (exactly 1-DP, the Laplace curve exact at the midpoint).
    assertExceedancesWithinTheLevel(FdpCurve.LAPLACE, 1, new SplittableRandom(102));
  }

  @Test
  void of_exactGaussianAtEpsilonOneWithTenToTheFiveRuns_tightnessAtLeastPointNine() {
    // The target: at 1e5 runs per side the bound is 0.962 +- 0.023 (mean +- sd over seeds, simulated),
    // below 0.9 for 0.3% of seeds; this seed is fixed. Fails if the test wastes power (a threshold off
    // the midpoint, a level split over two rates, a loose duality).
    FdpLowerBound b = audit(FdpCurve.GAUSSIAN_DP, SIGMA, 100_000, new SplittableRandom(103));
    assertTrue(b.epsilonLower() >= 0.9 && b.epsilonLower() <= 1, "epsilon lower bound " + b.epsilonLower());
  }

  @Test
  void of_halfTheCalibratedNoise_caughtAboveTheClaim() {
    // Half of sigma doubles mu (0.536: epsilon 2.06 at 1e-5); half the Laplace scale is 2-DP. With 20,000 runs
    // the bounds sit near 2 (Gaussian) and 1.9 (Laplace), more than 10 standard errors above 1.
    SplittableRandom rng = new SplittableRandom(104);
    double g = audit(FdpCurve.GAUSSIAN_DP, SIGMA / 2, 20_000, rng).epsilonLower();
    double l = audit(FdpCurve.LAPLACE, 0.5, 20_000, rng).epsilonLower();
    assertTrue(g > 1, "Gaussian with half the noise: " + g);
    assertTrue(l > 1, "Laplace with half the noise: " + l);
  }

  @Test
  void of_constantScores_exactlyZero() {
    // A score that ignores the output: every run on the same side of the threshold. Deterministic.
    double[] zeros = new double[1000];
    for (FdpCurve c : FdpCurve.values()) {
      assertEquals(0.0, FdpLowerBound.of(zeros, zeros, 0, c, DELTA, CONFIDENCE).epsilonLower(), c.name());
      assertEquals(0.0, FdpLowerBound.of(zeros, zeros, -1, c, DELTA, CONFIDENCE).epsilonLower(), c.name());
    }
  }

  @Test
  void of_scoresWithoutSignal_zeroExceptAtTheStatedRate() {
    // The same distribution under D and D' (a score that ignores the release): the mean error is 1/2, so the
    // bound is exactly 0 unless the 95% interval fails, in at most 5% of audits. Over 2,000 seeded null
    // audits per curve the nonzero count must stay under the 1e-6 quantile of Binomial(2000, 0.05) (false
    // failure <= 1e-6); the first seed's audit must be exactly 0 (a fixed draw; 95% of seeds give 0). Fails if
    // noise becomes a positive epsilon: point estimates (half the audits), or a threshold picked on the runs.
    for (FdpCurve c : FdpCurve.values()) {
      int nonzero = 0;
      for (long seed = 1; seed <= 2_000; seed++) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] d = new double[1_000];
        double[] p = new double[1_000];
        for (int i = 0; i < d.length; i++) {
          d[i] = Seeds.gaussian(rng);
          p[i] = Seeds.gaussian(rng);
        }
        double eps = FdpLowerBound.of(d, p, 0, c, DELTA, CONFIDENCE).epsilonLower();
        if (seed == 1) {
          assertEquals(0.0, eps, c + " seed 1");
        }
        nonzero += eps > 0 ? 1 : 0;
      }
      assertTrue(nonzero <= allowedExceedances(2_000), c + ": " + nonzero + " of 2000 null audits above 0");
    }
  }

  @Test
  void of_manyClassicAuditsAtEpsilonPointOne_exceedTheTrueMuAtMostAtTheStatedRate() {
    // The regime of the private-rp CLASSIC row that failed on the CIFAR-100/Cars196 audits (issue 35):
    // epsilon = 0.1, delta = 1e-5, CLASSIC noise (mu = 0.0206, exactly 0.061-DP at 1e-5), 20,000 runs per
    // side, a pair a full Delta apart. 1,000 seeded audits: a valid 95% bound exceeds the true mu in at most
    // 5% of them, so the count must stay under the 1e-6 quantile of Binomial(1000, 0.05) (false failure
    // <= 1e-6). The bound exceeds the claim 0.1 only when mu_lb > 0.0325, E/(2n) at least 2.60 sd below its
    // mean: probability 0.47% per audit, so that count must stay under the same allowance too. Fails if the
    // bound loses its coverage where u is near 1/2 (a normal approximation instead of Clopper-Pearson, a
    // two-sided 90% interval) or the duality rounds mu up at small mu.
    double s = GaussianCalibration.classic(1, 0.1, DELTA);
    SplittableRandom rng = new SplittableRandom(105);
    int audits = 1_000;
    int overMu = 0;
    int overClaim = 0;
    for (int a = 0; a < audits; a++) {
      FdpLowerBound b = audit(FdpCurve.GAUSSIAN_DP, s, 20_000, rng);
      overMu += b.parameterLower() > 1 / s ? 1 : 0;
      overClaim += b.epsilonLower() > 0.1 ? 1 : 0;
    }
    assertTrue(overMu <= allowedExceedances(audits), overMu + " of " + audits + " audits above the true mu");
    assertTrue(overClaim <= allowedExceedances(audits), overClaim + " of " + audits + " audits above 0.1");
  }

  @Test
  void maxProvable_growsWithTrials() {
    double few = FdpLowerBound.maxProvable(FdpCurve.GAUSSIAN_DP, 100, DELTA, CONFIDENCE);
    double many = FdpLowerBound.maxProvable(FdpCurve.GAUSSIAN_DP, 100_000, DELTA, CONFIDENCE);
    assertTrue(few > 0 && many > few, few + " then " + many);
  }
}
