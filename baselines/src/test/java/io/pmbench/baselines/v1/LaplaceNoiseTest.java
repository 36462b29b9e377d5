package io.pmbench.baselines.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Laplace sampler has the stated scale b. For it to fail, the inversion formula (or the
 * uniform draw) would have to be wrong, which would make every privatemail-v1 claim wrong.
 */
class LaplaceNoiseTest {

  /**
   * N = 400,000 draws of Lap(b): the sample mean is within 5 standard errors of 0
   * (se = √(2b²/N)), the sample variance within 5 standard errors of 2b² (Var(X²) = E X⁴ − (E X²)²
   * = 24b⁴ − 4b⁴ = 20b⁴, se = √(20b⁴/N)) and the mean absolute value within 5 standard errors of
   * b (Var|X| = b², se = b/√N). Each check's false-failure probability is ≈ 6·10⁻⁷ (normal
   * approximation, two-sided 5σ).
   */
  @Test
  void sample_manyDraws_meanAndVarianceMatchScale() {
    double b = 2.5;
    int count = 400_000;
    SplittableRandom rng = new SplittableRandom(20240611);
    double sum = 0;
    double sum2 = 0;
    double sumAbs = 0;
    for (int i = 0; i < count; i++) {
      double x = LaplaceNoise.sample(b, rng);
      sum += x;
      sum2 += x * x;
      sumAbs += Math.abs(x);
    }
    double mean = sum / count;
    double var = sum2 / count - mean * mean;
    double meanAbs = sumAbs / count;
    System.out.printf("Lap(%.2f), N = %d: mean %.5f (se %.5f), variance %.4f vs 2b^2 = %.4f (se %.4f),"
        + " mean |x| %.5f vs b (se %.5f)%n", b, count, mean, Math.sqrt(2 * b * b / count), var, 2 * b * b,
        Math.sqrt(20 * Math.pow(b, 4) / count), meanAbs, b / Math.sqrt(count));
    assertTrue(Math.abs(mean) < 5 * Math.sqrt(2 * b * b / count), "mean " + mean);
    assertTrue(Math.abs(var - 2 * b * b) < 5 * Math.sqrt(20 * Math.pow(b, 4) / count), "variance " + var);
    assertTrue(Math.abs(meanAbs - b) < 5 * b / Math.sqrt(count), "mean |x| " + meanAbs);
  }

  @Test
  void addTo_fixedSeed_addsTheSameDrawsAsSample() {
    double[] x = {1, 2, 3};
    LaplaceNoise.addTo(x, 0.5, new SplittableRandom(3));
    SplittableRandom rng = new SplittableRandom(3);
    for (int i = 0; i < x.length; i++) {
      assertEquals(i + 1 + LaplaceNoise.sample(0.5, rng), x[i], 0.0);
    }
  }

  @Test
  void sample_nonPositiveOrInfiniteScale_isRejected() {
    SplittableRandom rng = new SplittableRandom(1);
    assertThrows(IllegalArgumentException.class, () -> LaplaceNoise.sample(0, rng));
    assertThrows(IllegalArgumentException.class, () -> LaplaceNoise.sample(Double.POSITIVE_INFINITY, rng));
    assertThrows(IllegalArgumentException.class, () -> LaplaceNoise.sample(Double.NaN, rng));
  }
}
