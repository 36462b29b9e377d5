package io.pmbench.core.protocol;

import io.pmbench.core.privacy.PrivacyClaim;

/**
 * What one query of a cell contributes to the cell's result (see {@link ProtocolRunner#run}).
 *
 * @param query the gallery index of the query row
 * @param hits for each K of the run (ascending), whether a same-label item was among the K nearest
 * @param millis wall time of the query (client release, alignment, retrieval)
 * @param sensitivity the release's Δ (NaN when non-private)
 * @param noiseScale the release's noise scale (NaN when non-private)
 * @param objectiveIncreased whether the SMLQ objective increased at some iteration
 * @param claim the release's privacy claim
 * @param label the query's label (as the run numbers labels)
 * @param neighbours the gallery rows of its K nearest, nearest first (K the run's largest;
 *     {@link io.pmbench.core.retrieval.NearestLists#NO_ROW} past the gallery's end)
 * @param neighbourLabels the gallery label of each of {@code neighbours}
 */
public record QueryOutcome(
    int query,
    boolean[] hits,
    double millis,
    double sensitivity,
    double noiseScale,
    boolean objectiveIncreased,
    PrivacyClaim claim,
    int label,
    int[] neighbours,
    int[] neighbourLabels) {

  public QueryOutcome {
    hits = hits.clone();
    neighbours = neighbours.clone();
    neighbourLabels = neighbourLabels.clone();
    if (neighbours.length != neighbourLabels.length) {
      throw new IllegalArgumentException("neighbourLabels must have one label per neighbour ("
          + neighbours.length + "). Provided value: " + neighbourLabels.length);
    }
  }

  @Override
  public int[] neighbours() {
    return neighbours.clone();
  }

  @Override
  public int[] neighbourLabels() {
    return neighbourLabels.clone();
  }

  @Override
  public boolean[] hits() {
    return hits.clone();
  }
}
