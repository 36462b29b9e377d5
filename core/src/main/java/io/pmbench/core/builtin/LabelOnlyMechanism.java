package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import java.util.List;

/**
 * Control {@code label-only} (SPEC.md §7, BASELINES.md §5): PrivateMail's post-processing run
 * with the noisy release X̃ replaced by data-independent noise of the same shape and scale, so the
 * output depends on the labels of D only. It measures how much recall the labels alone buy.
 *
 * <p><b>Guarantee:</b> none needed for the features (they are never read); the labels are used
 * raw, as in PrivateMail. The server side is PrivateMail's (noise-free SMLQ on [S; P]).
 */
public final class LabelOnlyMechanism implements SmlqServed {
  @Override
  public String name() {
    return "label-only";
  }

  @Override
  public String description() {
    return "control: PrivateMail post-processing on labels alone (features replaced by data-independent noise)";
  }

  @Override
  public Reporting reporting() {
    return Reporting.at(Reporting.CONTROL).asPairedControl().inIdsClaim().attackedInClaims();
  }

  /** The server side's options ({@code server}, {@code serverNeighbours}). */
  @Override
  public List<OptionSpec<?>> options() {
    return SmlqServer.OPTIONS;
  }

  @Override
  public void validate(MechanismParams params) {
    // The noise scale is computed as PrivateMail's (any calibration is accepted for the control;
    // CLASSIC still refuses epsilon >= 1 so the scales match PrivateMail's at every run).
    new PrivateMailMechanism().validate(params);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new PrivateMailClient(view, params, false);
  }
}
