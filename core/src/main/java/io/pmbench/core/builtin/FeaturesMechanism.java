package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.NonPrivateMechanism;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.mechanism.SharedSpaceMechanism;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.List;
import java.util.Map;

/**
 * {@code features}: retrieval on the original (unit-norm) features — the paper's "CGD"
 * non-private upper reference (SPEC.md §7). The output already lives in a shared space: no
 * alignment. <b>Guarantee:</b> none.
 */
public final class FeaturesMechanism extends AbstractMechanism
    implements NonPrivateMechanism, SharedSpaceMechanism {
  public FeaturesMechanism() {
    super("features", "non-private upper reference: k-NN on the original features", Reporting.at(Reporting.REFERENCE).as(Reporting.Role.RAW_FEATURES),
        List.of());
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    Embedding gallery = new Embedding(view.gallery().features().toDoubles(), view.gallery().size(),
        view.gallery().dimension());
    Embedding pub = new Embedding(view.publicSet().features().toDoubles(), view.publicSet().size(),
        view.publicSet().dimension());
    return ServerSide.of(gallery, pub);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return (data, rng) -> new ClientRelease(
        new Embedding(data.privateRows(), data.publicOffset(), data.rows().cols()),
        PrivacyClaim.none("non-private reference (raw features)"), Map.of());
  }
}
