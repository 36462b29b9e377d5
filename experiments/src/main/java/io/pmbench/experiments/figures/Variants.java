package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.MechanismParams;

/**
 * Copies of {@link MechanismParams} with the knobs a figure varies changed and every other field
 * kept ({@link MechanismParams#toBuilder()}; {@code VariantsTest} fails for any field a variant drops).
 */
final class Variants {
  private Variants() {}

  /** The parameters with another k, α and σ (fig5). */
  static MechanismParams kernel(MechanismParams p, int k, double alpha, double sigma) {
    return p.toBuilder().k(k).alpha(alpha).sigma(sigma).build();
  }

  /** The parameters with the client running t SMLQ iterations and the server t (fig3). */
  static MechanismParams iterations(MechanismParams p, int t) {
    return p.toBuilder().iterations(t - 1).serverIterations(t).build();
  }
}
