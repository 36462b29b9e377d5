package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * A point estimate with its 95% two-level bootstrap interval ({@link Bootstrap}, SPEC.md §10)
 * and the sample it rests on: a Recall@K over seeds (in [0, 1]) or a paired difference of two
 * recalls (in [−1, 1]).
 *
 * @param mean the mean over all queries of all seeds
 * @param low lower end of the percentile interval, {@code <= mean}
 * @param high upper end of the percentile interval, {@code >= mean}
 * @param seeds number of seeds, &ge; 1
 * @param queries queries summed over the seeds, &ge; seeds
 * @param queriesPerSeed the number of queries of every seed when all seeds have the same, else
 *     empty
 * @param resamples bootstrap resamples, &ge; 1
 */
public record BootstrapInterval(double mean, double low, double high, int seeds, long queries,
    OptionalInt queriesPerSeed, int resamples) {
  public BootstrapInterval {
    Preconditions.require(Double.isFinite(mean) && mean >= -1 && mean <= 1, "mean", "in [-1, 1]",
        mean);
    Preconditions.require(Double.isFinite(low) && low >= -1 && low <= mean, "low",
        "in [-1, mean = " + mean + "]", low);
    Preconditions.require(Double.isFinite(high) && high <= 1 && high >= mean, "high",
        "in [mean = " + mean + ", 1]", high);
    Preconditions.atLeast(seeds, 1, "seeds");
    Preconditions.atLeast(queries, seeds, "queries");
    Preconditions.nonNull(queriesPerSeed, "queriesPerSeed");
    Preconditions.require(queriesPerSeed.isEmpty() || (long) queriesPerSeed.getAsInt() * seeds == queries,
        "queriesPerSeed", "empty or queries / seeds = " + queries + " / " + seeds, queriesPerSeed);
    Preconditions.atLeast(resamples, 1, "resamples");
  }

  /** The plain interval (mean, low, high). */
  public Interval interval() {
    return new Interval(mean, low, high);
  }

  /** {@code high - low}. */
  public double width() {
    return high - low;
  }

  /** {@code 0.455 [0.431, 0.480]}; a negative number is written with a minus sign (−). */
  public String text() {
    return number(mean) + " [" + number(low) + ", " + number(high) + "]";
  }

  /**
   * The sample size: {@code n = 3 seeds × 1,000 queries}, or {@code n = 3 seeds, 2,400 queries
   * in all} when the seeds differ in their number of queries.
   */
  public String sizeText() {
    String s = seeds == 1 ? "1 seed" : seeds + " seeds";
    return queriesPerSeed.isPresent()
        ? String.format(Locale.ROOT, "n = %s × %,d queries", s, queriesPerSeed.getAsInt())
        : String.format(Locale.ROOT, "n = %s, %,d queries in all", s, queries);
  }

  /** {@link #text()} and {@link #sizeText()}: {@code 0.455 [0.431, 0.480] (n = 3 seeds × 1,000 queries)}. */
  public String textWithSize() {
    return text() + " (" + sizeText() + ")";
  }

  /** What the interval is, for captions: {@code 95% two-level bootstrap over 3 seeds × 1,000 queries}. */
  public String method() {
    return "95% two-level bootstrap over " + sizeText().substring("n = ".length());
  }

  private static String number(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    // "-0.000" is a rounded value of either sign; print it as 0.000
    return s.equals("-0.000") ? "0.000" : s.replace('-', '−');
  }
}
