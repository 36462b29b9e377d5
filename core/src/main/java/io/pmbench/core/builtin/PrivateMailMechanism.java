package io.pmbench.core.builtin;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.NoiseCalibration;

/**
 * PrivateMail (SPEC.md §5; the paper's Figure 4 and Algorithm 1).
 *
 * <p><b>Guarantee:</b> (ε, δ)-DP for the release X̃ = f(X) + N(0, s²·I_{n×k}) and, by
 * post-processing, for everything computed from it. <b>Neighbouring:</b> D and D′ differ by one
 * added or removed row (the smaller padded with a zero row; SPEC.md §1). <b>Sensitivity:</b>
 * Δ = M·√(n+1)/2·‖Q‖_F with M = n·M_ij + M_ii from Appendix B (eqs. 7–8), which assumes unit-norm
 * rows, the {@code TWO_SIGMA_SQUARED} feature kernel and {@code GAUSSIAN_INTEGER} labels.
 * <b>Noise:</b> s from the run's {@link NoiseCalibration} (CLASSIC requires ε &lt; 1;
 * OFFICIAL_CODE is reported as not DP). <b>Assumed public:</b> the labels (L_Y uses them raw,
 * r's own label included), P, and the hyper-parameters; Q stays secret.
 */
public final class PrivateMailMechanism extends PrivateMailFamily {
  public PrivateMailMechanism() {
    super("privatemail", "PrivateMail: one SMLQ step + Gaussian noise calibrated to Appendix B's sensitivity, then"
        + " T post-processing iterations", Reporting.at(Reporting.PRIVATE).inIdsClaim().attackedInClaims().asSubject());
  }

  /** Whether the Appendix B bound's assumptions (kernel scale and labels) hold for these params. */
  static boolean boundAssumptionsHold(MechanismParams p) {
    return p.featureKernelScale() == FeatureKernelScale.TWO_SIGMA_SQUARED
        && p.labelKernel() == LabelKernel.GAUSSIAN_INTEGER;
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new PrivateMailClient(view, params, true);
  }
}
