package io.pmbench.core.mechanism;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Optional part of the plugin contract: a private mechanism's {@link ClientSide} that opens each
 * noisy stage of its release to {@code pmbench audit}, so the audit measures the mechanism's own
 * code — its pre-noise value f(D), the sensitivity it claims, and its noisy release — rather than
 * a re-implementation of it.
 *
 * <p>A stage is one additive-noise release the privacy claim covers (e.g. PrivateMail's noisy
 * SMLQ step; private-pca's projection D·V + N; each Laplace iteration of privatemail-v1). The
 * mechanism's other randomness — PrivateMail's Q, a fixed subspace V, the input of a later
 * iteration — is drawn from {@code internal}, and must not depend on the data (or only on what
 * the stage's claim treats as given): a guarantee proved for every fixed value of it must hold
 * conditionally on it, so an auditor fixes it (same seed for D and D′) and varies only the noise.
 */
public interface Auditable {
  /** The names of the noisy stages the privacy claim covers, in release order. */
  List<String> auditStages();

  /**
   * Stage {@code stage} (one of {@link #auditStages()}) of the release of {@code data}, its
   * internal randomness drawn from {@code internal}; an unknown stage throws
   * {@link IllegalArgumentException} naming the known ones.
   */
  AuditStage auditStage(String stage, ClientData data, SplittableRandom internal);

  /**
   * Fails with {@link AuditStage#unknown} unless {@code stage} is one of {@link #auditStages()}:
   * the check an {@link #auditStage} implementation starts with.
   */
  default void requireStage(String stage) {
    if (!auditStages().contains(stage)) {
      throw AuditStage.unknown(stage, auditStages());
    }
  }

  /**
   * The name of the rule the stages' noise scale follows when it is not the run's Gaussian
   * {@link io.pmbench.core.privacy.NoiseCalibration} (e.g. privatemail-v1's Laplace scale from its
   * own sensitivity mode); empty, the default, when the stages are calibrated by the run's
   * calibration. {@code pmbench audit} labels its rows with it.
   */
  default Optional<String> ownNoiseRule() {
    return Optional.empty();
  }
}
