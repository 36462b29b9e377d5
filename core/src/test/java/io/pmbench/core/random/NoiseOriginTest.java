package io.pmbench.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link NoiseOrigin}: seeded noise is a function of the stream; system noise is not and leaves it untouched. */
class NoiseOriginTest {
  @Test
  void gaussian_seeded_isTheSeedlessOverloadBitForBit() {
    // Fails if choosing noiseSource=seeded changed the numbers of runs made before the option existed.
    NoiseSource a = NoiseSampler.SECURE.gaussian(0.3, 0.1, 8, NoiseOrigin.SEEDED);
    NoiseSource b = NoiseSampler.SECURE.gaussian(0.3, 0.1, 8);
    SplittableRandom ra = new SplittableRandom(9);
    SplittableRandom rb = new SplittableRandom(9);
    for (int i = 0; i < 50; i++) {
      assertEquals(b.perturb(1.25, rb), a.perturb(1.25, ra));
    }
  }

  @Test
  void gaussian_system_sameStreamTwice_differentNoiseAndStreamNotAdvanced() {
    // Privacy-relevant: fails if system noise were still a function of the (public) seeded stream,
    // i.e. anyone knowing the seed could regenerate and subtract it. Two DRBG-drawn vectors of 64
    // coordinates at scale 1 coincide with probability far below 2^-64.
    double[] x = new double[64];
    double[] y = new double[64];
    SplittableRandom rx = new SplittableRandom(1);
    SplittableRandom ry = new SplittableRandom(1);
    NoiseSampler.SECURE.gaussian(1, 1, 64, NoiseOrigin.SYSTEM).addTo(x, rx);
    NoiseSampler.SECURE.gaussian(1, 1, 64, NoiseOrigin.SYSTEM).addTo(y, ry);
    assertNotEquals(java.util.Arrays.toString(x), java.util.Arrays.toString(y));
    assertEquals(new SplittableRandom(1).nextLong(), rx.nextLong(), "system noise must not read the seeded stream");
  }

  @Test
  void laplace_system_keepsTheSecureScaleAndGrid() {
    // Fails if the DRBG path used another (smaller) scale than the seeded secure sampler claims.
    NoiseSource sys = NoiseSampler.SECURE.laplace(2.0, 1.0, 10, NoiseOrigin.SYSTEM);
    NoiseSource seeded = NoiseSampler.SECURE.laplace(2.0, 1.0, 10);
    assertEquals(seeded.scale(), sys.scale());
    double grid = NoiseSampler.gridFor(2.0);
    double v = sys.perturb(0.0, new SplittableRandom(2));
    assertEquals(Math.rint(v / grid) * grid, v);
    assertTrue(sys.description().contains("DRBG"), sys.description());
  }

  @Test
  void gaussian_systemWithStandardSampler_refused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> NoiseSampler.STANDARD.gaussian(1, 1, 4, NoiseOrigin.SYSTEM));
    assertEquals("noiseSampler must be secure under noiseSource=system. Provided value: standard", e.getMessage());
  }

  @Test
  void parse_unknown_messageListsChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseOrigin.parse("os"));
    assertEquals("noiseSource must be one of seeded, system. Provided value: os", e.getMessage());
    assertEquals(NoiseOrigin.SYSTEM, NoiseOrigin.parse(" System "));
  }
}
