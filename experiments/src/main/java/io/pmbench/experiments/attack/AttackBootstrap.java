package io.pmbench.experiments.attack;

import io.pmbench.reports.Interval;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The two-level percentile bootstrap of SPEC.md §10, kept minimal until the shared one lands:
 * resample the seeds with replacement, then the queries within each drawn seed; the statistic is
 * the mean over all resampled queries; the 95% interval is the 2.5 and 97.5 percentiles of
 * {@link #RESAMPLES} resamples. The point estimate is the mean of all queries of all seeds.
 */
final class AttackBootstrap {
  /** Resamples per interval (SPEC.md §10). */
  static final int RESAMPLES = 2_000;

  private AttackBootstrap() {}

  /**
   * The mean of {@code perSeed} (one 0/1 or real outcome per query, one array per seed) and its
   * interval, drawn from a generator seeded with {@code seed}. The percentile ends are widened to
   * contain the mean when resampling noise puts it outside (it never does for more than a few
   * queries); for outcomes in [0, 1] the interval lies in [0, 1].
   */
  static Interval interval(double[][] perSeed, long seed) {
    if (perSeed.length == 0 || Arrays.stream(perSeed).anyMatch(s -> s.length == 0)) {
      throw new IllegalArgumentException("seeds and their queries must be >= 1. Provided value: "
          + perSeed.length + " seeds");
    }
    double total = 0;
    long count = 0;
    for (double[] s : perSeed) {
      for (double v : s) {
        total += v;
      }
      count += s.length;
    }
    double mean = total / count;
    SplittableRandom rng = new SplittableRandom(seed);
    double[] stats = new double[RESAMPLES];
    for (int b = 0; b < RESAMPLES; b++) {
      double sum = 0;
      long n = 0;
      for (int s = 0; s < perSeed.length; s++) {
        double[] drawn = perSeed[rng.nextInt(perSeed.length)];
        for (int q = 0; q < drawn.length; q++) {
          sum += drawn[rng.nextInt(drawn.length)];
        }
        n += drawn.length;
      }
      stats[b] = sum / n;
    }
    Arrays.sort(stats);
    double low = stats[(int) Math.floor(0.025 * (RESAMPLES - 1))];
    double high = stats[(int) Math.ceil(0.975 * (RESAMPLES - 1))];
    return new Interval(mean, Math.min(low, mean), Math.max(high, mean));
  }
}
