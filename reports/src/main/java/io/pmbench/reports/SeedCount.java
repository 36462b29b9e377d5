package io.pmbench.reports;

import io.pmbench.core.Preconditions;

/**
 * The hit count of one seed at one K: what the unpaired bootstrap of Recall@K needs (the order
 * of the queries and their ids do not change it; see {@link Bootstrap}).
 *
 * @param seed the seed
 * @param hits queries with a hit, in [0, queries]
 * @param queries queries of the seed, &ge; 1
 */
public record SeedCount(long seed, int hits, int queries) {
  public SeedCount {
    Preconditions.atLeast(queries, 1, "queries of seed " + seed);
    Preconditions.require(hits >= 0 && hits <= queries, "hits of seed " + seed,
        "in [0, queries = " + queries + "]", hits);
  }

  /**
   * The count behind a per-seed Recall@K {@code recall} of {@code queries} queries (the recall
   * of a {@link CellSummary}, which stores hits / queries).
   *
   * @throws IllegalArgumentException if {@code recall · queries} is not a whole number of hits
   */
  public static SeedCount ofRecall(long seed, double recall, int queries) {
    Preconditions.unitInterval(recall, "recall of seed " + seed);
    double exact = recall * queries;
    long hits = Math.round(exact);
    Preconditions.require(Math.abs(exact - hits) <= 1e-6 * Math.max(1, queries),
        "recall of seed " + seed, "a whole number of hits out of " + queries + " queries", recall);
    return new SeedCount(seed, (int) hits, queries);
  }
}
