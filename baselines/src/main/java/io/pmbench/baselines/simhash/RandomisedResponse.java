package io.pmbench.baselines.simhash;

import io.pmbench.core.Preconditions;
import io.pmbench.core.random.NoiseOrigin;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Randomised response on coordinates in {−1, +1} (Warner 1965): each coordinate is kept with
 * probability 1 − q and negated with probability q, independently. For one bit the output
 * probabilities under the two inputs differ by the factor (1 − q)/q at most, so the bit is pure
 * ln((1 − q)/q)-DP; b bits that may all differ compose to b·ln((1 − q)/q) (basic composition,
 * Dwork &amp; Roth 2014, Theorem 3.16). For a per-bit budget ε_b the exact flip probability is
 * q = 1/(1 + e^{ε_b}).
 *
 * <p><b>Rounding toward privacy.</b> A flip happens when a uniform 53-bit integer U is below
 * m = ⌈q·2⁵³⌉ + 2, so the flip probability is exactly q′ = m/2⁵³ (no floating-point comparison of
 * a real uniform). The two extra units cover the rounding of e^{ε_b}, the sum and the quotient
 * (together a few ulps of q ≤ 1/2, i.e. below 2·2⁻⁵³), so q′ ≥ q and each bit's privacy loss
 * ln((1 − q′)/q′) is at most ε_b; q′ is capped at 1/2 (no information at all). The output is ±1 only,
 * so no low-order bit of a real number can leak (Mironov 2012's concern does not arise).
 *
 * @param threshold m: a flip when U &lt; m
 * @param origin where U comes from: the caller's stream, or an OS-seeded DRBG per release
 */
record RandomisedResponse(long threshold, NoiseOrigin origin) {
  private static final int UNIFORM_BITS = 53;
  private static final long HALF = 1L << (UNIFORM_BITS - 1);

  /** Randomised response at per-bit budget ε_b (q′ ≥ 1/(1 + e^{ε_b}), see the class comment). */
  static RandomisedResponse atEpsilonPerBit(double epsilonPerBit, NoiseOrigin origin) {
    Preconditions.checkEpsilon(epsilonPerBit);
    double q = 1 / (1 + Math.exp(epsilonPerBit));
    long m = (long) Math.ceil(Math.scalb(q, UNIFORM_BITS)) + 2;
    return new RandomisedResponse(Math.min(m, HALF), origin);
  }

  /** q′ = m/2⁵³, the exact probability that a coordinate is negated. */
  double flipProbability() {
    return Math.scalb((double) threshold, -UNIFORM_BITS);
  }

  /** ln((1 − q′)/q′): one bit's privacy loss, at most the per-bit budget asked for. */
  double epsilonPerBit() {
    double q = flipProbability();
    return Math.log1p(-q) - Math.log(q);
  }

  /**
   * A copy of {@code code} (entries ±1, not modified) with each entry negated with probability q′,
   * in index order, the uniforms drawn from {@code rng}, or under {@link NoiseOrigin#SYSTEM} from a
   * fresh OS-seeded DRBG ({@code rng} then not read).
   */
  double[] apply(double[] code, SplittableRandom rng) {
    RandomGenerator bits = origin == NoiseOrigin.SYSTEM ? NoiseOrigin.drbg() : rng;
    double[] out = code.clone();
    for (int i = 0; i < out.length; i++) {
      if ((bits.nextLong() >>> (Long.SIZE - UNIFORM_BITS)) < threshold) {
        out[i] = -out[i];
      }
    }
    return out;
  }
}
