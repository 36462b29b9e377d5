package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.MechanismParams;

/** Copies of {@link MechanismParams} with one knob changed (core's record has no copy for these). */
final class Variants {
  private Variants() {}

  /** The parameters with another k, α and σ (fig5). */
  static MechanismParams kernel(MechanismParams p, int k, double alpha, double sigma) {
    return new MechanismParams(p.epsilon(), p.delta(), sigma, alpha, k, p.sigmaQ(), p.iterations(),
        p.serverIterations(), p.featureKernelScale(), p.labelKernel(), p.calibration(), p.renormalize(),
        p.officialCodeMii(), p.options());
  }

  /** The parameters with the client running t SMLQ iterations and the server t (fig3). */
  static MechanismParams iterations(MechanismParams p, int t) {
    return new MechanismParams(p.epsilon(), p.delta(), p.sigma(), p.alpha(), p.k(), p.sigmaQ(), t - 1, t,
        p.featureKernelScale(), p.labelKernel(), p.calibration(), p.renormalize(), p.officialCodeMii(), p.options());
  }
}
