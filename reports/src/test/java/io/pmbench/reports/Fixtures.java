package io.pmbench.reports;

import java.util.SortedMap;
import java.util.TreeMap;

/** Shared test inputs. */
final class Fixtures {
  private Fixtures() {}

  /** A private cell with Recall@1 and Recall@8 given as (successes of queries). */
  static CellSummary privateCell(String mechanism, long seed, int queries, int hits1, int hits8,
      double msPerQuery, double serverMillis) {
    return new CellSummary("cub200", mechanism, "paper", 0.1, 1e-5, seed, queries,
        recall(queries, hits1, hits8), msPerQuery, serverMillis, "(0.1, 1e-05)-DP", 12.5, 3.25,
        "add/remove one row", "P, labels", "CLASSIC",
        "L_Y uses the raw labels, so the guarantee covers \"labels\" only if public");
  }

  /** A non-private cell (no Δ, no noise, empty caveat). */
  static CellSummary nonPrivateCell(String mechanism, long seed, int queries, int hits1,
      int hits8) {
    return new CellSummary("cub200", mechanism, "paper", 0.1, 1e-5, seed, queries,
        recall(queries, hits1, hits8), 0.5, 100.0, "none", Double.NaN, Double.NaN, "", "",
        "none", "");
  }

  static SortedMap<Integer, Interval> recall(int queries, int hits1, int hits8) {
    SortedMap<Integer, Interval> recall = new TreeMap<>();
    recall.put(1, Intervals.wilson(hits1, queries));
    recall.put(8, Intervals.wilson(hits8, queries));
    return recall;
  }

}
