package io.pmbench.reports;

import io.pmbench.core.Preconditions;

/**
 * A point estimate with its 95% interval: {@code low <= mean <= high}, all finite.
 *
 * <p>For Recall@K of one seed, {@code mean} is the fraction of queries with a relevant item in
 * the top K and {@code [low, high]} its bootstrap interval over the queries; aggregated
 * over seeds it is the mean over all queries of all seeds with its two-level bootstrap interval
 * ({@link Bootstrap}, {@link BootstrapInterval#interval()}).
 *
 * @param mean the point estimate
 * @param low lower end of the interval
 * @param high upper end of the interval
 */
public record Interval(double mean, double low, double high) {
  public Interval {
    Preconditions.require(Double.isFinite(mean), "mean", "finite", mean);
    Preconditions.require(Double.isFinite(low) && low <= mean, "low", "finite and <= mean " + mean,
        low);
    Preconditions.require(
        Double.isFinite(high) && high >= mean, "high", "finite and >= mean " + mean, high);
  }

  /** A zero-width interval at {@code value} (an exact quantity, e.g. a deterministic time). */
  public static Interval exact(double value) {
    return new Interval(value, value, value);
  }

  /** {@code high - low}. */
  public double width() {
    return high - low;
  }
}
