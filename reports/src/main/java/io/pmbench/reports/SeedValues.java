package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.Arrays;

/**
 * Per-query values in [0, 1] of one seed, e.g. each query's term of R_indep@K (the chance that
 * its retrieved list holds an independent query's label): the input of the value bootstraps of
 * {@link Bootstrap}. Query {@code i} has id {@code queryIds[i]}, as in {@link SeedHits}.
 *
 * @param seed the seed
 * @param queryIds the id of each query, distinct; copied
 * @param values the value of each query, finite and in [0, 1], as many as ids, at least one; copied
 */
public record SeedValues(long seed, int[] queryIds, double[] values) {
  public SeedValues {
    Preconditions.nonNull(queryIds, "queryIds");
    Preconditions.nonNull(values, "values");
    Preconditions.atLeast(values.length, 1, "values.length of seed " + seed);
    Preconditions.require(queryIds.length == values.length, "queryIds.length of seed " + seed,
        "values.length = " + values.length, queryIds.length);
    queryIds = queryIds.clone();
    values = values.clone();
    for (int i = 0; i < values.length; i++) {
      Preconditions.require(values[i] >= 0 && values[i] <= 1, "value of query id " + queryIds[i] + " of seed " + seed,
          "in [0, 1]", values[i]);
    }
  }

  /** A copy of the ids. */
  @Override
  public int[] queryIds() {
    return queryIds.clone();
  }

  /** A copy of the values. */
  @Override
  public double[] values() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SeedValues s && s.seed == seed && Arrays.equals(s.queryIds, queryIds)
        && Arrays.equals(s.values, values);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(seed) * 961 + Arrays.hashCode(queryIds) * 31 + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "SeedValues[seed=" + seed + ", queries=" + values.length + "]";
  }
}
