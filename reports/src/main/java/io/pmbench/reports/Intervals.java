package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The interval of a single proportion: Recall@K of one seed (one row of {@code results.csv}).
 * Recall@K of one query is 0 or 1, so Recall@K of a seed is a binomial proportion and its
 * interval is the Wilson score interval ({@link #wilson}).
 *
 * <p>Every Recall@K over seeds and every comparison uses the two-level bootstrap instead
 * ({@link Bootstrap}, SPEC.md §10); a Student-t interval over 2–4 seeds is not used.
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
    Preconditions.atLeast(n, 1, "n");
    Preconditions.require(successes >= 0 && successes <= n, "successes", "in [0, n = " + n + "]",
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

  private static double standardNormalQuantile(double p) {
    return new NormalDistribution(null, 0, 1).inverseCumulativeProbability(p);
  }
}
