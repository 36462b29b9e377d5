package io.pmbench.core.protocol;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.retrieval.NearestLists;

/**
 * The outcome of one (data set, mechanism, ε, seed) cell.
 *
 * @param dataset data set name
 * @param mechanism mechanism name
 * @param params the mechanism parameters (ε, δ and calibration included)
 * @param seed the run seed of this cell
 * @param ks the K values
 * @param hits per query (rows) and K (columns): whether a same-label item was among the K nearest
 * @param queryIndices the gallery index of each query, in order
 * @param meanQueryMillis mean wall time of one query (client embedding + alignment + retrieval)
 * @param serverMillis wall time of the server embedding (0 when shared and already computed)
 * @param claim the privacy claim of the first query (ε, δ, calibration and caveats are the same
 *     for every query; Δ and s vary with ‖Q‖_F)
 * @param meanSensitivity mean Δ over queries (NaN when non-private)
 * @param meanNoiseScale mean noise scale over queries (NaN when non-private)
 * @param objectiveIncreases queries whose SMLQ objective increased at some iteration
 * @param nearest each query's K nearest gallery rows and labels (K the largest of {@code ks}) and its label
 */
public record CellResult(
    String dataset,
    String mechanism,
    MechanismParams params,
    long seed,
    int[] ks,
    boolean[][] hits,
    int[] queryIndices,
    double meanQueryMillis,
    double serverMillis,
    PrivacyClaim claim,
    double meanSensitivity,
    double meanNoiseScale,
    int objectiveIncreases,
    NearestLists nearest) {

  public int queries() {
    return hits.length;
  }

  /** Number of hits at the j-th K. */
  public int hitCount(int j) {
    int s = 0;
    for (boolean[] h : hits) {
      if (h[j]) {
        s++;
      }
    }
    return s;
  }

  /** Recall at the j-th K. */
  public double recall(int j) {
    return hits.length == 0 ? Double.NaN : (double) hitCount(j) / hits.length;
  }

  /** Recall@K for a K in {@link #ks()}. */
  public double recallAt(int k) {
    for (int j = 0; j < ks.length; j++) {
      if (ks[j] == k) {
        return recall(j);
      }
    }
    throw new IllegalArgumentException("K must be one of the run's K values. Provided value: " + k);
  }
}
