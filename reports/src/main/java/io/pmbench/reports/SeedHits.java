package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.Arrays;

/**
 * The per-query 0/1 hits of one seed at one K: the input of {@link Bootstrap}. Query {@code i}
 * of the seed has id {@code queryIds[i]} (its gallery index) and hit {@code hits[i]} (a
 * same-class item among its K nearest). Ids identify queries across mechanisms, so that a
 * paired comparison ({@link Bootstrap#pairedDifference}) matches A and B on (seed, query id).
 *
 * @param seed the seed
 * @param queryIds the id of each query, distinct; copied
 * @param hits the hit of each query, as many as ids, at least one; copied
 */
public record SeedHits(long seed, int[] queryIds, boolean[] hits) {
  public SeedHits {
    Preconditions.nonNull(queryIds, "queryIds");
    Preconditions.nonNull(hits, "hits");
    Preconditions.atLeast(hits.length, 1, "hits.length of seed " + seed);
    Preconditions.require(queryIds.length == hits.length, "queryIds.length of seed " + seed,
        "hits.length = " + hits.length, queryIds.length);
    queryIds = queryIds.clone();
    hits = hits.clone();
    int[] sorted = queryIds.clone();
    Arrays.sort(sorted);
    for (int i = 1; i < sorted.length; i++) {
      Preconditions.require(sorted[i] != sorted[i - 1], "query ids of seed " + seed, "distinct",
          "id " + sorted[i] + " repeated");
    }
  }

  /** Hits whose ids are {@code 0..hits.length-1}, for callers without query ids (unpaired use only). */
  public static SeedHits ofHits(long seed, boolean[] hits) {
    Preconditions.nonNull(hits, "hits");
    int[] ids = new int[hits.length];
    Arrays.setAll(ids, i -> i);
    return new SeedHits(seed, ids, hits);
  }

  /** A copy of the ids. */
  @Override
  public int[] queryIds() {
    return queryIds.clone();
  }

  /** A copy of the hits. */
  @Override
  public boolean[] hits() {
    return hits.clone();
  }

  /** Number of queries. */
  public int queries() {
    return hits.length;
  }

  /** Queries with a hit. */
  public int hitCount() {
    int s = 0;
    for (boolean h : hits) {
      s += h ? 1 : 0;
    }
    return s;
  }

  /** This seed's hit count, all an unpaired bootstrap needs. */
  public SeedCount count() {
    return new SeedCount(seed, hitCount(), hits.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SeedHits s && s.seed == seed && Arrays.equals(s.queryIds, queryIds)
        && Arrays.equals(s.hits, hits);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(seed) * 961 + Arrays.hashCode(queryIds) * 31 + Arrays.hashCode(hits);
  }

  @Override
  public String toString() {
    return "SeedHits[seed=" + seed + ", queries=" + hits.length + ", hits=" + hitCount() + "]";
  }
}
