package io.pmbench.core.random;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * Exact Bernoulli trials on rational parameters, with integer arithmetic only (Canonne, Kamath &amp;
 * Steinke 2020, "The Discrete Gaussian for Differential Privacy", Algorithm 1). No floating-point
 * number is ever formed, so the output distribution is exactly the stated one given uniform
 * random integers (here {@link RandomGenerator#nextLong(long)}, unbiased both for the seeded
 * {@link java.util.SplittableRandom} and for the DRBG of {@link NoiseOrigin#SYSTEM}).
 */
final class ExactBernoulli {
  private static final BigInteger LONG_BOUND = BigInteger.valueOf(Long.MAX_VALUE);

  private ExactBernoulli() {}

  /** Bernoulli(num/den) for 0 ≤ num ≤ den: a uniform integer in [0, den) is below num. */
  static boolean ratio(BigInteger num, BigInteger den, RandomGenerator rng) {
    return uniformBelow(den, rng).compareTo(num) < 0;
  }

  /** A uniform integer in [0, bound), bound &gt; 0, by rejection on whole 64-bit words. */
  static BigInteger uniformBelow(BigInteger bound, RandomGenerator rng) {
    if (bound.compareTo(LONG_BOUND) <= 0) {
      return BigInteger.valueOf(rng.nextLong(bound.longValueExact()));
    }
    int bits = bound.bitLength();
    while (true) {
      BigInteger r = BigInteger.ZERO;
      for (int filled = 0; filled < bits; filled += 64) {
        r = r.shiftLeft(64).or(new BigInteger(1, longBytes(rng.nextLong())));
      }
      r = r.shiftRight(((bits + 63) / 64) * 64 - bits); // keep exactly `bits` uniform bits
      if (r.compareTo(bound) < 0) {
        return r;
      }
    }
  }

  /**
   * Bernoulli(exp(−num/den)) for num ≥ 0, den &gt; 0 (CKS 2020, Algorithm 1): ⌊γ⌋ independent
   * Bernoulli(e⁻¹) trials must all succeed, then one Bernoulli(exp(−(γ − ⌊γ⌋))).
   */
  static boolean expMinus(BigInteger num, BigInteger den, RandomGenerator rng) {
    BigInteger[] qr = num.divideAndRemainder(den);
    for (BigInteger i = BigInteger.ZERO; i.compareTo(qr[0]) < 0; i = i.add(BigInteger.ONE)) {
      if (!expMinusAtMostOne(BigInteger.ONE, BigInteger.ONE, rng)) {
        return false;
      }
    }
    return expMinusAtMostOne(qr[1], den, rng);
  }

  /** Bernoulli(exp(−num/den)) for long arguments (see {@link #expMinus(BigInteger, BigInteger, RandomGenerator)}). */
  static boolean expMinus(long num, long den, RandomGenerator rng) {
    return expMinus(BigInteger.valueOf(num), BigInteger.valueOf(den), rng);
  }

  /**
   * Bernoulli(exp(−γ)) for γ = num/den ∈ [0, 1]: draw A_k ~ Bernoulli(γ/k) for k = 1, 2, … until
   * the first failure at K; P(K odd) = Σ over odd K of γ^(K−1)/(K−1)!·(1 − γ/K) = e^(−γ).
   */
  private static boolean expMinusAtMostOne(BigInteger num, BigInteger den, RandomGenerator rng) {
    long k = 1;
    while (ratio(num, den.multiply(BigInteger.valueOf(k)), rng)) {
      k++;
    }
    return (k & 1) == 1;
  }

  private static byte[] longBytes(long v) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return b;
  }
}
