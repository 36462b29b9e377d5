package io.pmbench.core.retrieval;

import io.pmbench.core.Preconditions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The K nearest gallery rows of each query of a cell with their labels, nearest first, and each
 * query's own label: enough to compute any retrieval metric of the cell (Recall@K' for K' ≤ K,
 * {@link #independentChances R_indep}, mAP@K) without rerunning it. Labels are numbered as the
 * run numbered them (SPEC.md §8).
 *
 * <p>Row-major: the neighbours of query {@code i} are {@code ids[i*k .. i*k+k-1]}. A gallery with
 * fewer than K other rows leaves the tail of a query's list at {@link #NO_ROW} (id and label).
 *
 * @param k the K kept per query (the largest K of the run), &ge; 0
 * @param queryLabels the label of each query, in the cell's query order
 * @param ids gallery row of each query's j-th nearest neighbour
 * @param labels the gallery label of each of {@code ids}
 */
public record NearestLists(int k, int[] queryLabels, int[] ids, int[] labels) {
  /** The id and label of a missing neighbour (a gallery with fewer than K other rows). */
  public static final int NO_ROW = -1;

  public NearestLists {
    Preconditions.atLeast(k, 0, "k");
    Preconditions.nonNull(queryLabels, "queryLabels");
    Preconditions.nonNull(ids, "ids");
    Preconditions.nonNull(labels, "labels");
    Preconditions.require(ids.length == (long) queryLabels.length * k, "ids.length",
        "queries x k = " + queryLabels.length + " x " + k, ids.length);
    Preconditions.require(labels.length == ids.length, "labels.length", "ids.length = " + ids.length,
        labels.length);
    queryLabels = queryLabels.clone();
    ids = ids.clone();
    labels = labels.clone();
  }

  /** The top-K lists of a cell with no queries. */
  public static NearestLists empty(int k) {
    return new NearestLists(k, new int[0], new int[0], new int[0]);
  }

  /**
   * One query's list: its first {@code k} entries of {@code neighbours} (padded with
   * {@link #NO_ROW}) and their labels in {@code galleryLabels}.
   *
   * @return {@code [ids, labels]}, each of length {@code k}
   */
  public static int[][] row(int[] neighbours, int[] galleryLabels, int k) {
    int[] id = new int[k];
    int[] label = new int[k];
    for (int j = 0; j < k; j++) {
      id[j] = j < neighbours.length ? neighbours[j] : NO_ROW;
      label[j] = j < neighbours.length ? galleryLabels[neighbours[j]] : NO_ROW;
    }
    return new int[][] {id, label};
  }

  public int queries() {
    return queryLabels.length;
  }

  @Override
  public int[] queryLabels() {
    return queryLabels.clone();
  }

  @Override
  public int[] ids() {
    return ids.clone();
  }

  @Override
  public int[] labels() {
    return labels.clone();
  }

  /**
   * Per query q, R_indep's term at K' (issue 35): Σ<sub>c ∈ L<sub>q</sub></sub> π<sub>c</sub>,
   * with L<sub>q</sub> the set of labels among q's {@code kPrefix} nearest rows and π the
   * empirical distribution of this cell's query labels — the chance that q's retrieved list holds
   * the label of an independent query drawn like the cell's queries. Its mean over queries is
   * R_indep@K'; Recall@K' scored against a uniformly drawn other query of the cell has that mean.
   *
   * @param kPrefix K' in [1, k]
   */
  public double[] independentChances(int kPrefix) {
    Preconditions.require(kPrefix >= 1 && kPrefix <= k, "kPrefix", "in [1, " + k + "]", kPrefix);
    Map<Integer, Integer> counts = new HashMap<>();
    for (int c : queryLabels) {
      counts.merge(c, 1, Integer::sum);
    }
    double n = queryLabels.length;
    double[] out = new double[queryLabels.length];
    Set<Integer> seen = new HashSet<>();
    for (int q = 0; q < out.length; q++) {
      seen.clear();
      long covered = 0; // queries whose label is among q's top K': summed exactly, divided once, so <= 1
      for (int j = 0; j < kPrefix; j++) {
        int c = labels[q * k + j];
        if (c != NO_ROW && seen.add(c)) {
          covered += counts.getOrDefault(c, 0);
        }
      }
      out[q] = covered / n;
    }
    return out;
  }

  /** R_indep@K': the mean of {@link #independentChances}; NaN without queries. */
  public double independentRecall(int kPrefix) {
    return Arrays.stream(independentChances(kPrefix)).average().orElse(Double.NaN);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearestLists t && t.k == k && Arrays.equals(t.queryLabels, queryLabels) && Arrays.equals(t.ids, ids)
        && Arrays.equals(t.labels, labels);
  }

  @Override
  public int hashCode() {
    return (k * 31 + Arrays.hashCode(queryLabels)) * 31 + Arrays.hashCode(ids) * 17 + Arrays.hashCode(labels);
  }

  @Override
  public String toString() {
    return "NearestLists[k=" + k + ", queries=" + queryLabels.length + "]";
  }
}
