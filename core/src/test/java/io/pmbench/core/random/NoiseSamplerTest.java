package io.pmbench.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link NoiseSampler}: the standard path is the textbook sampler; the secure path is exact on its grid. */
class NoiseSamplerTest {
  @Test
  void gaussian_standard_isSeedsGaussianBitForBit() {
    SplittableRandom a = new SplittableRandom(3);
    SplittableRandom b = new SplittableRandom(3);
    NoiseSource noise = NoiseSampler.STANDARD.gaussian(0.7, 1.0, 10);
    for (int i = 0; i < 100; i++) {
      assertEquals(1.5 + 0.7 * Seeds.gaussian(b), noise.perturb(1.5, a));
    }
    assertEquals(0.7, noise.scale());
  }

  @Test
  void addTo_standardGaussian_isPerturbEntryByEntryBitForBit() {
    // Fails if the batched draw (Seeds.addGaussians) uses another uniform, another order, or another
    // order of the floating-point operations than perturb: released bits of every Gaussian
    // mechanism (and stored cells) depend on it.
    NoiseSource noise = NoiseSampler.STANDARD.gaussian(0.37, 1.0, 10);
    for (int n : new int[] {0, 1, 2, 3, 10, 1_001}) {
      for (long seed = 1; seed <= 20; seed++) {
        SplittableRandom values = new SplittableRandom(100 + seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
          x[i] = (values.nextDouble() - 0.5) * Math.scalb(1.0, values.nextInt(-20, 20));
        }
        double[] expected = x.clone();
        SplittableRandom a = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
          expected[i] = noise.perturb(expected[i], a);
        }
        SplittableRandom b = new SplittableRandom(seed);
        noise.addTo(x, b);
        assertArrayEquals(expected, x, "n = " + n + ", seed " + seed);
        assertEquals(a.nextLong(), b.nextLong(), "stream position after n = " + n + ", seed " + seed);
      }
    }
  }

  @Test
  void laplace_standard_isSeedsLaplaceBitForBit() {
    SplittableRandom a = new SplittableRandom(4);
    SplittableRandom b = new SplittableRandom(4);
    NoiseSource noise = NoiseSampler.STANDARD.laplace(2.5, 1.0, 10);
    for (int i = 0; i < 100; i++) {
      assertEquals(-1 + Seeds.laplace(2.5, b), noise.perturb(-1, a));
    }
  }

  @Test
  void gaussian_secure_outputsLieOnThePowerOfTwoGrid() {
    // Privacy-relevant: an output off the grid would carry low-order bits of f (Mironov 2012).
    double s = 3.7e-6;
    NoiseSource noise = NoiseSampler.SECURE.gaussian(s, 1e-6, 2_000);
    double grid = NoiseSampler.gridFor(s);
    SplittableRandom rng = new SplittableRandom(5);
    for (int i = 0; i < 1_000; i++) {
      double v = noise.perturb(1.234567e-7 * i, rng);
      assertEquals(Math.rint(v / grid), v / grid, 0.0, "off the grid: " + v);
    }
  }

  @Test
  void gaussian_secure_scalePaysForTheGrid() {
    // Privacy-relevant: the scale must grow by at least 1 + γ√m/Δ, or rounding to the grid
    // would raise the sensitivity/scale ratio above the real-valued mechanism's.
    double s = 3.7e-6;
    double delta = 1e-6;
    int m = 2_000;
    NoiseSource noise = NoiseSampler.SECURE.gaussian(s, delta, m);
    double needed = s * (1 + NoiseSampler.gridFor(s) * Math.sqrt(m) / delta);
    assertTrue(noise.scale() >= needed, noise.scale() + " < " + needed);
    assertTrue(noise.scale() < needed * (1 + 1e-6));
    assertTrue(NoiseSampler.SECURE.laplace(s, delta, m).scale() >= s * (1 + NoiseSampler.gridFor(s) * m / delta));
  }

  @Test
  void gaussian_secure_meanAndSpreadAroundTheValue() {
    double s = 0.25;
    NoiseSource noise = NoiseSampler.SECURE.gaussian(s, 1, 1);
    SplittableRandom rng = new SplittableRandom(6);
    int n = 20_000;
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      double e = noise.perturb(10.0, rng) - 10.0;
      sum += e;
      sumSq += e * e;
    }
    // 5 standard errors: false failure ≈ 6e-7 each.
    assertEquals(0, sum / n, 5 * s / Math.sqrt(n));
    assertEquals(1, sumSq / n / (noise.scale() * noise.scale()), 5 * Math.sqrt(2.0 / n));
  }

  @Test
  void parse_namesAndBadValue_parsedOrRefused() {
    assertEquals(NoiseSampler.SECURE, NoiseSampler.parse("secure"));
    assertEquals(NoiseSampler.STANDARD, NoiseSampler.parse("STANDARD"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseSampler.parse("fast"));
    assertTrue(e.getMessage().startsWith("noiseSampler must be one of standard, secure"));
  }

  @Test
  void gaussian_badScale_throws() {
    assertThrows(IllegalArgumentException.class, () -> NoiseSampler.SECURE.gaussian(0, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> NoiseSampler.SECURE.gaussian(1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> NoiseSampler.STANDARD.laplace(1, 1, 0));
  }
}
