package io.pmbench.baselines.v1;

import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * Laplace noise Lap(b), density (1/(2b))·e^(−|x|/b), mean 0, variance 2b² (the early paper's
 * Appendix C; Dwork &amp; Roth 2014, Def. 3.3). The Laplace mechanism with scale b = Δ₁/ε is
 * ε-DP for ℓ1 sensitivity Δ₁ (Dwork &amp; Roth 2014, Thm 3.6).
 *
 * <p>Sampled by inversion ({@link Seeds#laplace}). Like core's Gaussian sampler it is not
 * floating-point hardened (Mironov 2012's attack on textbook samplers applies); the mechanism
 * switches to {@link io.pmbench.core.random.NoiseSampler#SECURE} with {@code noiseSampler=secure}.
 */
public final class LaplaceNoise {
  private LaplaceNoise() {}

  /** One Lap(b) deviate; b must be finite and &gt; 0. */
  public static double sample(double b, SplittableRandom rng) {
    return Seeds.laplace(b, rng);
  }

  /** Adds iid Lap(b) to every entry of {@code x} in place, in index order. */
  public static void addTo(double[] x, double b, SplittableRandom rng) {
    checkScale(b);
    for (int i = 0; i < x.length; i++) {
      x[i] += sample(b, rng);
    }
  }

  private static void checkScale(double b) {
    if (!(b > 0) || !Double.isFinite(b)) {
      throw new IllegalArgumentException("Laplace scale must be > 0 and finite. Provided value: " + b);
    }
  }
}
