package io.pmbench.core.mechanism;

/**
 * A non-private reference or control (no guarantee to check): the release does not depend on ε
 * or the noise calibration ({@link #readsEpsilon()} is false), and every parameter
 * {@link MechanismParams} accepts is valid ({@link #validate} checks nothing unless the
 * mechanism has options of its own to check).
 */
public interface NonPrivateMechanism extends EmbeddingMechanism {
  /** Non-private: the release does not depend on ε. */
  @Override
  default boolean readsEpsilon() {
    return false;
  }

  /** Non-private: nothing to check beyond {@link MechanismParams}'s own checks. */
  @Override
  default void validate(MechanismParams params) {
    // no guarantee, so no parameter range it depends on
  }
}
