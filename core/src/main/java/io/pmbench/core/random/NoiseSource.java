package io.pmbench.core.random;

import java.util.SplittableRandom;

/**
 * The noise of one release: m coordinates perturbed independently at one scale, made by
 * {@link NoiseSampler#gaussian} or {@link NoiseSampler#laplace}.
 */
public interface NoiseSource {
  /** The noise scale actually used (standard deviation or Laplace scale; ≥ the requested one). */
  double scale();

  /** One perturbed coordinate: {@code value} plus one noise draw from {@code rng}. */
  double perturb(double value, SplittableRandom rng);

  /** A line for a report saying how the noise was sampled (and, for the secure sampler, its grid). */
  String description();

  /** Perturbs every entry of {@code x} in place, in index order. */
  default void addTo(double[] x, SplittableRandom rng) {
    for (int i = 0; i < x.length; i++) {
      x[i] = perturb(x[i], rng);
    }
  }
}
