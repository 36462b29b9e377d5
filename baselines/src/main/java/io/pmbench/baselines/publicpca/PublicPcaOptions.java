package io.pmbench.baselines.publicpca;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;

/**
 * public-pca's option {@code dims} (SPEC.md §7): the number of right singular vectors of the
 * centred public rows to project on, default the run's k.
 *
 * @param dims the projection's dimension, ≥ 1 (and ≤ d, checked by {@link #checkDimension} once d
 *     is known)
 */
record PublicPcaOptions(int dims) {
  /** The option's name. */
  static final String DIMS = "dims";

  /** Option {@code dims}; its default is the run's k. */
  static final OptionSpec<Integer> SPEC = OptionSpec.integer(DIMS, 1, "k",
      "right singular vectors of the centred public rows to project on (at most d)").derivedFrom(MechanismParams::k);

  PublicPcaOptions {
    if (dims < 1) {
      throw new IllegalArgumentException(DIMS + " must be an integer >= 1. Provided value: " + dims);
    }
  }

  /** Parses {@code dims} (default k); a value that is not an integer >= 1 throws naming the option. */
  static PublicPcaOptions of(MechanismParams p) {
    return new PublicPcaOptions(SPEC.value(p));
  }

  /** Throws naming the option unless {@code dims} ≤ d, the feature dimension. */
  void checkDimension(int d) {
    if (dims > d) {
      throw new IllegalArgumentException(DIMS + " must be an integer in [1, d = " + d + "] for public-pca. Provided"
          + " value: " + dims);
    }
  }
}
