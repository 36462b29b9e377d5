package io.pmbench.core.mechanism;

import io.pmbench.core.privacy.PrivacyClaim;
import java.util.Map;

/**
 * What the client sends for one query: the released embedding of D and its privacy claim.
 * When the mechanism aligns on the public rows, the embedding has all n rows of D; otherwise it
 * needs at least row 0 (the query).
 *
 * @param embedding the released block
 * @param claim the privacy claim of this release
 * @param diagnostics named numbers for reports (e.g. {@code normQ}, {@code objectiveIncreased})
 */
public record ClientRelease(Embedding embedding, PrivacyClaim claim, Map<String, Double> diagnostics) {
  public ClientRelease {
    diagnostics = Map.copyOf(diagnostics);
  }
}
