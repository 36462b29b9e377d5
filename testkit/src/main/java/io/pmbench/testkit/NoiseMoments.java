package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pooled moments of standardised noise z = (release − f(D)) / s, and the test that they are those
 * of the stated distribution: mean 0 and variance 1 for Gaussian noise of standard deviation s;
 * mean 0 and variance 2 for Laplace noise of scale b = s (excess kurtosis 3). Each moment may be
 * off by {@link #STANDARD_ERRORS} standard errors of its estimate over N draws (mean: √(v/N);
 * variance: v·√((2 + κ)/N)); by the normal approximation a correct sampler fails one check with
 * probability about 2e-9, so a failure means the noise has another scale or is not centred.
 */
public final class NoiseMoments {
  /** The tolerance, in standard errors of each pooled moment. */
  public static final double STANDARD_ERRORS = 6;

  private final double variance;
  private final double excessKurtosis;
  private double sum;
  private double sumSq;
  private long count;

  private NoiseMoments(double variance, double excessKurtosis) {
    this.variance = variance;
    this.excessKurtosis = excessKurtosis;
  }

  /** For standardised N(0, 1) noise. */
  public static NoiseMoments gaussian() {
    return new NoiseMoments(1, 0);
  }

  /** For standardised Laplace(0, 1) noise. */
  public static NoiseMoments laplace() {
    return new NoiseMoments(2, 3);
  }

  /** Adds (release[i] − preNoise[i]) / scale for every i. */
  public void add(double[] release, double[] preNoise, double scale) {
    if (release.length != preNoise.length) {
      throw new IllegalArgumentException("release must have f(D)'s length " + preNoise.length + ". Provided value: "
          + release.length);
    }
    for (int i = 0; i < release.length; i++) {
      double z = (release[i] - preNoise[i]) / scale;
      sum += z;
      sumSq += z * z;
      count++;
    }
  }

  public long count() {
    return count;
  }

  public double mean() {
    return sum / count;
  }

  /** The second moment about 0 (the noise is centred under the null). */
  public double secondMoment() {
    return sumSq / count;
  }

  /** Asserts mean ≈ 0 and second moment ≈ the stated variance within {@link #STANDARD_ERRORS}. */
  public void assertStated(String what) {
    double meanSe = Math.sqrt(variance / count);
    double varSe = variance * Math.sqrt((2 + excessKurtosis) / count);
    assertEquals(0, mean(), STANDARD_ERRORS * meanSe, what + ": standardised noise mean over " + count + " draws");
    assertEquals(variance, secondMoment(), STANDARD_ERRORS * varSe,
        what + ": standardised noise variance over " + count + " draws");
  }
}
