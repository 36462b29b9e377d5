package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pooled flip rate of randomised response on coordinates in {−1, +1}, and the test that it is
 * the stated probability q: every released coordinate must be f(D)'s value or its negation, and
 * the fraction negated over N coordinates may be off q by {@link NoiseMoments#STANDARD_ERRORS}
 * standard errors √(q(1 − q)/N). By the normal approximation to the binomial a correct sampler
 * fails with probability about 2e-9, so a failure means the bits are flipped at another rate than
 * the claim's (or the release is not randomised response on f(D)).
 */
public final class FlipRate {
  private long flips;
  private long count;

  /** Adds every coordinate of {@code release} against {@code preNoise} (both must hold ±1 only). */
  public void add(double[] release, double[] preNoise) {
    if (release.length != preNoise.length) {
      throw new IllegalArgumentException("release must have f(D)'s length " + preNoise.length + ". Provided value: "
          + release.length);
    }
    for (int i = 0; i < release.length; i++) {
      assertTrue(Math.abs(preNoise[i]) == 1 && Math.abs(release[i]) == 1,
          "randomised response needs coordinates in {-1, +1}; coordinate " + i + ": f(D) = " + preNoise[i]
              + ", release = " + release[i]);
      flips += release[i] != preNoise[i] ? 1 : 0;
      count++;
    }
  }

  public long count() {
    return count;
  }

  /** The fraction of coordinates negated. */
  public double rate() {
    return (double) flips / count;
  }

  /** Asserts the rate is {@code q} within {@link NoiseMoments#STANDARD_ERRORS} standard errors. */
  public void assertStated(String what, double q) {
    double se = Math.sqrt(q * (1 - q) / count);
    assertEquals(q, rate(), NoiseMoments.STANDARD_ERRORS * se, what + ": flip rate over " + count + " coordinates");
  }
}
