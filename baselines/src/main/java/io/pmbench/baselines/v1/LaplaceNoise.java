package io.pmbench.baselines.v1;

import java.util.SplittableRandom;

/**
 * Laplace noise Lap(b), density (1/(2b))·e^(−|x|/b), mean 0, variance 2b² (the early paper's
 * Appendix C; Dwork &amp; Roth 2014, Def. 3.3). The Laplace mechanism with scale b = Δ₁/ε is
 * ε-DP for ℓ1 sensitivity Δ₁ (Dwork &amp; Roth 2014, Thm 3.6).
 *
 * <p>Sampled by inversion: u uniform on the open interval (0, 1) from the 53 high bits of
 * {@link SplittableRandom#nextLong()} (u = (j + ½)·2⁻⁵³, never 0 or 1), then
 * x = b·ln(2u) for u &lt; ½ and x = −b·ln(2(1 − u)) otherwise. Deterministic for a given stream
 * state. Like core's Gaussian sampler it is not floating-point hardened (Mironov 2012's attack on
 * textbook samplers applies); it is adequate for measuring utility, not for deployment.
 */
public final class LaplaceNoise {
  private static final double TWO_POW_M53 = 0x1.0p-53;

  private LaplaceNoise() {}

  /** One Lap(b) deviate; b must be finite and &gt; 0. */
  public static double sample(double b, SplittableRandom rng) {
    checkScale(b);
    double u = ((rng.nextLong() >>> 11) + 0.5) * TWO_POW_M53;
    return u < 0.5 ? b * Math.log(2 * u) : -b * Math.log(2 * (1 - u));
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
