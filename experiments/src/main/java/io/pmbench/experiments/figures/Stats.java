package io.pmbench.experiments.figures;

import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.Interval;
import io.pmbench.reports.Intervals;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Recall over the seeds of one grid point, with the reports' 95% interval. */
final class Stats {
  private Stats() {}

  /**
   * Recall@K over OK cells: with two or more seeds the mean of the per-seed recalls and its
   * Student-t interval; with one seed the recall and its Wilson interval over queries; empty
   * when no cell is OK.
   */
  static Optional<Interval> recall(List<CellRecord> cells, int k) {
    List<CellRecord> ok = cells.stream().filter(CellRecord::ok).toList();
    if (ok.isEmpty()) {
      return Optional.empty();
    }
    if (ok.size() == 1) {
      CellRecord c = ok.get(0);
      return Optional.of(Intervals.wilson(c.hitCount(k), c.queries()));
    }
    double[] v = ok.stream().mapToDouble(c -> c.recallAt(k)).toArray();
    return Optional.of(Intervals.meanInterval(v).clippedToUnit());
  }

  /** What the interval is over, for captions. */
  static String intervalKind(List<CellRecord> cells) {
    long ok = cells.stream().filter(CellRecord::ok).count();
    return ok >= 2 ? "t over " + ok + " seeds" : ok == 1 ? "Wilson over " + cells.get(0).queries() + " queries" : "-";
  }

  /** {@code 0.455 [0.431, 0.480]}. */
  static String text(Interval i) {
    return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", i.mean(), i.low(), i.high());
  }

  /** Whether a's interval lies entirely above b's. */
  static boolean above(Interval a, Interval b) {
    return a.low() > b.high();
  }

  static String num(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
  }
}
