package io.pmbench.core.random;

import java.util.Objects;

/**
 * How one run's privacy noise is drawn: the sampler (option {@code noiseSampler}) and where its
 * uniform bits come from (option {@code noiseSource}), both resolved once from the parameters
 * when a mechanism builds its client, so that no query parses an option again. Draw every noise
 * a privacy claim relies on through {@link #gaussian} or {@link #laplace}.
 *
 * @param sampler double-precision or exact discrete sampling ({@link NoiseSampler})
 * @param origin the run's seeded streams or an OS-seeded DRBG ({@link NoiseOrigin}); {@code system}
 *     needs the {@code secure} sampler
 */
public record NoiseDraw(NoiseSampler sampler, NoiseOrigin origin) {

  public NoiseDraw {
    Objects.requireNonNull(sampler, "sampler");
    Objects.requireNonNull(origin, "origin");
    if (origin == NoiseOrigin.SYSTEM && sampler != NoiseSampler.SECURE) {
      throw new IllegalArgumentException(NoiseSampler.OPTION + " must be secure under " + NoiseOrigin.OPTION
          + "=system. Provided value: " + sampler.cliName());
    }
  }

  /** N(0, s²) per coordinate ({@link NoiseSampler#gaussian(double, double, int, NoiseOrigin)}). */
  public NoiseSource gaussian(double s, double l2Sensitivity, int coordinates) {
    return sampler.gaussian(s, l2Sensitivity, coordinates, origin);
  }

  /** Lap(b) per coordinate ({@link NoiseSampler#laplace(double, double, int, NoiseOrigin)}). */
  public NoiseSource laplace(double b, double l1Sensitivity, int coordinates) {
    return sampler.laplace(b, l1Sensitivity, coordinates, origin);
  }
}
