package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;

/**
 * Control {@code label-only} (SPEC.md §7, BASELINES.md §5): PrivateMail's post-processing run
 * with the noisy release X̃ replaced by data-independent noise of the same shape and scale, so the
 * output depends on the labels of D only. It measures how much recall the labels alone buy.
 *
 * <p><b>Guarantee:</b> none needed for the features (they are never read); the labels are used
 * raw, as in PrivateMail. The server side is PrivateMail's (noise-free SMLQ on [S; P]).
 */
public final class LabelOnlyMechanism extends PrivateMailFamily {
  public LabelOnlyMechanism() {
    super("label-only", "control: PrivateMail post-processing on labels alone (features replaced by data-independent"
        + " noise)", Reporting.at(Reporting.CONTROL).asPairedControl().inIdsClaim().attackedInClaims()
        .as(Reporting.Role.LABEL_ONLY));
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new PrivateMailClient(view, params, false);
  }
}
