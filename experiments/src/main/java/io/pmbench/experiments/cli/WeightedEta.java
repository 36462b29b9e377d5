package io.pmbench.experiments.cli;

import io.pmbench.experiments.sweep.CellKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The time left of a grid whose mechanisms differ in cost per query by four orders of magnitude
 * (0.1 ms for {@code random}, 6 s for {@code tsne}), where counting queries would promise the end
 * of a t-SNE sweep after its cheap cells. Each finished cell times its mechanism (mean ms per
 * query); the work done and left are weighted by those times, and the time left is the elapsed
 * time scaled by their ratio. While a mechanism with queries left has not finished a cell, the
 * estimate is a lower bound and names it.
 */
final class WeightedEta {
  private final Map<CellKey, Long> pending;
  private final Map<String, Long> remaining = new LinkedHashMap<>(); // mechanism → queries of pending cells
  private final Map<String, double[]> timing = new HashMap<>(); // mechanism → {Σ queries·ms, Σ queries}
  private double doneWork;

  /** @param pendingCells the cells still to compute, with their queries */
  WeightedEta(Map<CellKey, Long> pendingCells) {
    this.pending = new HashMap<>(pendingCells);
    pendingCells.forEach((k, q) -> remaining.merge(k.mechanism(), q, Long::sum));
  }

  /**
   * The computed cell {@code key} finished: its {@code queries} queries (0 for a refused or
   * failed cell) took {@code meanQueryMillis} each.
   */
  synchronized void cellFinished(CellKey key, long queries, double meanQueryMillis) {
    String mechanism = key.mechanism();
    Long planned = pending.remove(key);
    if (planned != null) {
      remaining.merge(mechanism, -planned, Long::sum);
    }
    if (Double.isFinite(meanQueryMillis) && meanQueryMillis >= 0 && queries > 0) {
      double[] t = timing.computeIfAbsent(mechanism, m -> new double[2]);
      t[0] += queries * meanQueryMillis;
      t[1] += queries;
      doneWork += queries * meanQueryMillis;
    }
  }

  /**
   * {@code ", ETA 1234 s"}, {@code ", ETA > 1234 s (not yet timed: tsne)"}, {@code ", ETA unknown
   * (not yet timed: tsne)"} when only untimed work is left, or empty before any cell finished.
   */
  synchronized String text(double elapsedSeconds) {
    if (doneWork <= 0) {
      return "";
    }
    double left = 0;
    List<String> untimed = new ArrayList<>();
    for (Map.Entry<String, Long> e : remaining.entrySet()) {
      if (e.getValue() <= 0) {
        continue;
      }
      double[] t = timing.get(e.getKey());
      if (t == null) {
        untimed.add(e.getKey());
      } else {
        left += e.getValue() * (t[0] / t[1]);
      }
    }
    double seconds = elapsedSeconds * left / doneWork;
    if (untimed.isEmpty()) {
      return seconds > 0 ? String.format(Locale.ROOT, ", ETA %.0f s", seconds) : "";
    }
    String names = untimed.size() <= 3 ? String.join(", ", untimed)
        : String.join(", ", untimed.subList(0, 3)) + " and " + (untimed.size() - 3) + " more";
    return seconds >= 1 ? String.format(Locale.ROOT, ", ETA > %.0f s (not yet timed: %s)", seconds, names)
        : ", ETA unknown (not yet timed: " + names + ")";
  }
}
