package io.pmbench.reports;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Shared test inputs. */
final class Fixtures {
  static final String SHA_A = "a".repeat(64);
  static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

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

  static Provenance provenance() {
    return new Provenance("pmbench fig6 --dataset cub200 --seeds 3",
        Map.of("epsilons", List.of(0.1, 1.0), "dataset", "cub200", "queries", 1000),
        List.of(1L, 2L, 3L), "cub200", SHA_A.toUpperCase(Locale.ROOT),
        Map.of("features/cub200_train.npy", "b".repeat(64)), COMMIT, false, "0.1.0-SNAPSHOT",
        "17.0.15", "Debian", "Linux", "amd64", 8, 4L << 30,
        Instant.parse("2024-05-01T10:00:00Z"), Instant.parse("2024-05-01T10:02:30.500Z"));
  }
}
