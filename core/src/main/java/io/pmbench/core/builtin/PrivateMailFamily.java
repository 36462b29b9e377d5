package io.pmbench.core.builtin;

import io.pmbench.core.Preconditions;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.List;

/**
 * PrivateMail ({@link PrivateMailMechanism}) and the controls run through its client
 * ({@code label-only}, {@code shuffled-labels}): SMLQ's server side, and PrivateMail's parameter
 * checks for all of them. The controls compute the noise scale as PrivateMail does (any
 * calibration is accepted; CLASSIC still refuses ε ≥ 1 so the scales match PrivateMail's at every
 * run).
 */
abstract class PrivateMailFamily extends SmlqServedMechanism {
  PrivateMailFamily(String name, String description, Reporting reporting) {
    super(name, description, reporting, List.of());
  }

  /** The server's options, and CLASSIC's range of ε (SPEC.md §5.3). */
  @Override
  public final void validate(MechanismParams params) {
    SmlqServer.validate(params);
    if (params.calibration() == NoiseCalibration.CLASSIC) {
      Preconditions.checkClassicGaussianEpsilon(params.epsilon());
    }
  }
}
