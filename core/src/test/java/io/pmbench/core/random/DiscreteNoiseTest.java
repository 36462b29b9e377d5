package io.pmbench.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

/**
 * The exact samplers of {@link DiscreteNoise} against their pmfs. Small scale: a chi-square test
 * of 200,000 draws against the exact pmf (bins |x| ≤ 8, two tail bins), rejected above the
 * 1 − 10⁻⁶ quantile, so a correct sampler fails with probability 10⁻⁶ per seed (the seed is fixed).
 * Large scale (σ ≈ 2²⁶, the scale {@link NoiseSampler#SECURE} uses): mean and variance within 5
 * standard errors (false failure ≈ 6·10⁻⁷ each). If these fail, the sampler's distribution — hence
 * the privacy of every secure release — is wrong.
 */
class DiscreteNoiseTest {
  private static final int DRAWS = 200_000;
  private static final int HALF_WIDTH = 8;

  /** Chi-square statistic of DRAWS draws against the pmf ∝ weight(|x|) on ℤ (tails |x| > 8 pooled). */
  private static double chiSquare(LongUnaryOperator weight, java.util.function.LongSupplier sampler) {
    int bins = 2 * HALF_WIDTH + 3;
    long[] counts = new long[bins];
    for (int i = 0; i < DRAWS; i++) {
      counts[bin(sampler.getAsLong())]++;
    }
    double[] w = new double[bins];
    double total = 0;
    for (long x = -400; x <= 400; x++) {
      double v = Double.longBitsToDouble(weight.applyAsLong(Math.abs(x)));
      w[bin(x)] += v;
      total += v;
    }
    double chi = 0;
    for (int b = 0; b < bins; b++) {
      double expected = DRAWS * w[b] / total;
      chi += (counts[b] - expected) * (counts[b] - expected) / expected;
    }
    return chi;
  }

  private static int bin(long x) {
    if (x < -HALF_WIDTH) {
      return 0;
    }
    if (x > HALF_WIDTH) {
      return 2 * HALF_WIDTH + 2;
    }
    return (int) x + HALF_WIDTH + 1;
  }

  private static double criticalValue() {
    return new ChiSquaredDistribution(2 * HALF_WIDTH + 2).inverseCumulativeProbability(1 - 1e-6);
  }

  @Test
  void gaussian_smallScale_matchesExactPmf() {
    SplittableRandom rng = new SplittableRandom(11);
    long sigma = 3;
    double chi = chiSquare(x -> Double.doubleToLongBits(Math.exp(-(double) x * x / (2.0 * sigma * sigma))),
        () -> DiscreteNoise.gaussian(sigma, rng));
    assertTrue(chi < criticalValue(), "chi-square " + chi + " above " + criticalValue());
  }

  @Test
  void laplace_smallScale_matchesExactPmf() {
    SplittableRandom rng = new SplittableRandom(12);
    long t = 2;
    double chi = chiSquare(x -> Double.doubleToLongBits(Math.exp(-(double) x / t)), () -> DiscreteNoise.laplace(t, rng));
    assertTrue(chi < criticalValue(), "chi-square " + chi + " above " + criticalValue());
  }

  @Test
  void gaussian_smallScale_chiSquareDetectsWrongScale() {
    // The test above has power: the pmf at σ = 3 is rejected for draws at σ = 4.
    SplittableRandom rng = new SplittableRandom(13);
    double chi = chiSquare(x -> Double.doubleToLongBits(Math.exp(-(double) x * x / 18.0)),
        () -> DiscreteNoise.gaussian(4, rng));
    assertTrue(chi > criticalValue(), "chi-square " + chi);
  }

  @Test
  void gaussian_largeScale_meanAndVarianceWithinFiveStandardErrors() {
    SplittableRandom rng = new SplittableRandom(14);
    long sigma = (1L << 26) + 12_345;
    int n = 20_000;
    double[] m = meanAndVariance(() -> DiscreteNoise.gaussian(sigma, rng), n);
    assertEquals(0, m[0] / sigma, 5 / Math.sqrt(n));
    assertEquals(1, m[1] / ((double) sigma * sigma), 5 * Math.sqrt(2.0 / n));
  }

  @Test
  void laplace_largeScale_meanAndVarianceWithinFiveStandardErrors() {
    SplittableRandom rng = new SplittableRandom(15);
    long t = (1L << 26) + 777;
    int n = 20_000;
    double[] m = meanAndVariance(() -> DiscreteNoise.laplace(t, rng), n);
    // Var = 2t² (to relative 1/t² for large t); the variance estimator's SE is ≈ √(5/n)·2t² (kurtosis 6).
    assertEquals(0, m[0] / t, 5 * Math.sqrt(2.0 / n));
    assertEquals(1, m[1] / (2.0 * t * t), 5 * Math.sqrt(5.0 / n));
  }

  /** Sample mean and (biased) variance of n draws. */
  private static double[] meanAndVariance(java.util.function.LongSupplier sampler, int n) {
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      double x = sampler.getAsLong();
      sum += x;
      sumSq += x * x;
    }
    double mean = sum / n;
    return new double[] {mean, sumSq / n - mean * mean};
  }

  @Test
  void gaussian_nonPositiveScale_throws() {
    assertThrows(IllegalArgumentException.class, () -> DiscreteNoise.gaussian(0, new SplittableRandom(1)));
    assertThrows(IllegalArgumentException.class, () -> DiscreteNoise.laplace(0, new SplittableRandom(1)));
  }
}
