package io.pmbench.reports;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The two 95% intervals the reports use.
 *
 * <ul>
 *   <li>Over the queries of one seed: Recall@K of one query is 0 or 1, so Recall@K of a seed is
 *       a binomial proportion and its interval is the Wilson score interval ({@link #wilson}).
 *   <li>Over seeds: the mean of the per-seed values with a Student-t interval ({@link
 *       #meanInterval}).
 * </ul>
 */
public final class Intervals {
  /** Two-sided coverage of every interval in the reports. */
  public static final double CONFIDENCE = 0.95;

  private static final double Z = standardNormalQuantile(0.5 + CONFIDENCE / 2);

  private Intervals() {}

  /**
   * The Wilson score interval (Wilson 1927, "Probable inference, the law of succession, and
   * statistical inference", JASA 22(158):209–212; Agresti &amp; Coull 1998
   * recommend it over the Wald interval for small n or p near 0 or 1):
   *
   * <pre>
   *   p̂ = s/n,  centre = (p̂ + z²/(2n)) / (1 + z²/n),
   *   half = z·√(p̂(1−p̂)/n + z²/(4n²)) / (1 + z²/n),   z = Φ⁻¹(0.975) ≈ 1.95996
   * </pre>
   *
   * The returned {@link Interval#mean()} is p̂ (the observed recall), not the Wilson centre; the
   * ends are clipped to [0, 1] to absorb rounding at s = 0 and s = n.
   *
   * @param successes queries with a hit, {@code 0 <= successes <= n}
   * @param n number of queries, {@code n >= 1}
   */
  public static Interval wilson(long successes, long n) {
    Checks.atLeast(n, 1, "n");
    Checks.require(successes >= 0 && successes <= n, "successes", "in [0, n = " + n + "]",
        successes);
    double p = (double) successes / n;
    double z2 = Z * Z;
    double denominator = 1 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denominator;
    double half = Z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denominator;
    double low = Math.max(0.0, Math.min(p, centre - half));
    double high = Math.min(1.0, Math.max(p, centre + half));
    return new Interval(p, low, high);
  }

  /**
   * Mean of {@code values} with its Student-t interval: x̄ ± t(0.975, n−1)·s/√n, where s is the
   * sample standard deviation (divisor n−1). Use it for values that are themselves estimates
   * from independent seeds; it assumes they are roughly normal, which with 3 to 10 seeds is an
   * assumption, not a check.
   *
   * @param values at least two finite values; not modified
   */
  public static Interval meanInterval(double[] values) {
    Checks.nonNullObject(values, "values");
    Checks.atLeast(values.length, 2, "values.length");
    for (int i = 0; i < values.length; i++) {
      Checks.require(Double.isFinite(values[i]), "values[" + i + "]", "finite", values[i]);
    }
    int n = values.length;
    double mean = mean(values);
    double sumSquares = 0;
    for (double v : values) {
      sumSquares += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(sumSquares / (n - 1));
    double half = studentTQuantile(0.5 + CONFIDENCE / 2, n - 1) * sd / Math.sqrt(n);
    return new Interval(mean, mean - half, mean + half);
  }

  /** Arithmetic mean of a non-empty array (two passes: the second corrects rounding). */
  static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    double correction = 0;
    for (double v : values) {
      correction += v - mean;
    }
    return mean + correction / values.length;
  }

  /**
   * The p-quantile of Student's t with {@code df} degrees of freedom (commons-math3). The
   * distribution is built without a random generator: it is only used for its inverse CDF.
   */
  static double studentTQuantile(double p, int df) {
    return new TDistribution(null, df).inverseCumulativeProbability(p);
  }

  private static double standardNormalQuantile(double p) {
    return new NormalDistribution(null, 0, 1).inverseCumulativeProbability(p);
  }
}
