package io.pmbench.core.mechanism;

import io.pmbench.core.privacy.PrivacyClaim;
import java.util.Map;

/**
 * What the client sends for one query: the released embedding of D, anything else the mechanism
 * publishes with it, and its privacy claim. When the mechanism aligns on the public rows, the
 * embedding has all n rows of D; otherwise it needs at least row 0 (the query).
 *
 * <p>{@code published} holds further outputs of the same release that the server may use to embed
 * its side for this query (e.g. {@code private-pca}'s DP subspace {@code V}, d × k): they are part
 * of what the client releases, so the privacy claim covers them. See
 * {@link ServerSide#galleryFor(ClientRelease)}.
 *
 * @param embedding the released block
 * @param claim the privacy claim of this release (covering {@code embedding} and {@code published})
 * @param diagnostics named numbers for reports (e.g. {@code normQ}, {@code objectiveIncreased})
 * @param published further released blocks by name (empty for most mechanisms)
 */
public record ClientRelease(
    Embedding embedding, PrivacyClaim claim, Map<String, Double> diagnostics, Map<String, Embedding> published) {
  public ClientRelease {
    diagnostics = Map.copyOf(diagnostics);
    published = Map.copyOf(published);
  }

  /** A release that publishes nothing beside its embedding. */
  public ClientRelease(Embedding embedding, PrivacyClaim claim, Map<String, Double> diagnostics) {
    this(embedding, claim, diagnostics, Map.of());
  }
}
