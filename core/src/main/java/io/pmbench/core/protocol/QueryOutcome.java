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
 */
public record QueryOutcome(
    int query,
    boolean[] hits,
    double millis,
    double sensitivity,
    double noiseScale,
    boolean objectiveIncreased,
    PrivacyClaim claim) {

  public QueryOutcome {
    hits = hits.clone();
  }

  @Override
  public boolean[] hits() {
    return hits.clone();
  }
}
