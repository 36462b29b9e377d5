package io.pmbench.experiments.audit;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * The Clopper–Pearson ("exact") interval for a binomial proportion (Clopper &amp; Pearson 1934):
 * with k successes in n trials and level 1 − a, lower = Beta⁻¹(a/2; k, n − k + 1) (0 when k = 0)
 * and upper = Beta⁻¹(1 − a/2; k + 1, n − k) (1 when k = n). Its coverage is at least 1 − a for
 * every true proportion.
 *
 * @param lower the lower end
 * @param upper the upper end
 */
public record ClopperPearson(double lower, double upper) {
  /** The two-sided interval at {@code confidence} (e.g. 0.95) for k of n. */
  public static ClopperPearson of(long k, long n, double confidence) {
    if (n < 1 || k < 0 || k > n) {
      throw new IllegalArgumentException("k must be in [0, n] with n >= 1. Provided value: k=" + k + ", n=" + n);
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must be in (0, 1). Provided value: " + confidence);
    }
    double a = 1 - confidence;
    double lower = k == 0 ? 0 : new BetaDistribution(k, n - k + 1.0).inverseCumulativeProbability(a / 2);
    double upper = k == n ? 1 : new BetaDistribution(k + 1.0, n - k).inverseCumulativeProbability(1 - a / 2);
    return new ClopperPearson(lower, upper);
  }

  /**
   * The one-sided upper bound at {@code level} for k of n: the upper end of the two-sided interval
   * at 2·level − 1, i.e. Beta⁻¹(level; k + 1, n − k) (1 when k = n). The true proportion is below it
   * with probability at least {@code level}.
   */
  public static double upper(long k, long n, double level) {
    if (!(level > 0.5 && level < 1)) {
      throw new IllegalArgumentException("level must be in (0.5, 1). Provided value: " + level);
    }
    return of(k, n, 2 * level - 1).upper();
  }
}
