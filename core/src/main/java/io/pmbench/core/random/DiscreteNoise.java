package io.pmbench.core.random;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * Exact samplers of the discrete Laplace and discrete Gaussian distributions on the integers
 * (Canonne, Kamath &amp; Steinke 2020, "The Discrete Gaussian for Differential Privacy", NeurIPS,
 * Algorithms 2 and 3), with integer parameters and integer arithmetic only.
 *
 * <ul>
 *   <li>{@link #laplace}: P[X = x] ∝ e^(−|x|/t), x ∈ ℤ. Adding it to an integer-valued query of
 *       ℓ1 sensitivity Δ₁ is exactly (Δ₁/t)-DP (pure): the pmf ratio at shift Δ₁ is at most
 *       e^(Δ₁/t).
 *   <li>{@link #gaussian}: P[X = x] ∝ e^(−x²/(2σ²)), x ∈ ℤ. CKS 2020 show it gives the same
 *       concentrated DP as the continuous Gaussian (ρ = Δ²/(2σ²) for integer-valued queries of ℓ2
 *       sensitivity Δ, coordinates independent) and an (ε, δ) curve within a negligible term of the
 *       continuous one when σ ≫ 1; here σ ≥ 2²⁶ grid units (see {@link NoiseSampler}).
 * </ul>
 */
public final class DiscreteNoise {
  private DiscreteNoise() {}

  /** A discrete Laplace deviate of integer scale t ≥ 1 (CKS 2020, Algorithm 2 with s = 1). */
  public static long laplace(long t, RandomGenerator rng) {
    if (t < 1) {
      throw new IllegalArgumentException("discrete Laplace scale t must be >= 1. Provided value: " + t);
    }
    while (true) {
      long u = rng.nextLong(t);
      if (!ExactBernoulli.expMinus(u, t, rng)) {
        continue;
      }
      long v = 0;
      while (ExactBernoulli.expMinus(1, 1, rng)) {
        v++;
      }
      long x = Math.addExact(u, Math.multiplyExact(t, v));
      boolean negative = rng.nextBoolean();
      if (negative && x == 0) {
        continue;
      }
      return negative ? -x : x;
    }
  }

  /**
   * A discrete Gaussian deviate of integer scale σ ≥ 1 (CKS 2020, Algorithm 3): with t = σ + 1,
   * propose Y from the discrete Laplace of scale t and accept with probability
   * exp(−(|Y| − σ²/t)²/(2σ²)) = exp(−(|Y|·t − σ²)²/(2σ²t²)), evaluated exactly.
   */
  public static long gaussian(long sigma, RandomGenerator rng) {
    if (sigma < 1) {
      throw new IllegalArgumentException("discrete Gaussian scale sigma must be >= 1. Provided value: " + sigma);
    }
    long t = Math.addExact(sigma, 1);
    BigInteger s2 = BigInteger.valueOf(sigma).pow(2);
    BigInteger bt = BigInteger.valueOf(t);
    BigInteger den = s2.multiply(bt).multiply(bt).shiftLeft(1);
    while (true) {
      long y = laplace(t, rng);
      BigInteger gap = BigInteger.valueOf(Math.abs(y)).multiply(bt).subtract(s2);
      if (ExactBernoulli.expMinus(gap.multiply(gap), den, rng)) {
        return y;
      }
    }
  }
}
