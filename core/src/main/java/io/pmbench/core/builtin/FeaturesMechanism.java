package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.Map;

/**
 * {@code features}: retrieval on the original (unit-norm) features — the paper's "CGD"
 * non-private upper reference (SPEC.md §7). The output already lives in a shared space: no
 * alignment. <b>Guarantee:</b> none.
 */
public final class FeaturesMechanism implements EmbeddingMechanism {
  /** Non-private: the release does not depend on ε. */
  @Override
  public boolean readsEpsilon() {
    return false;
  }

  @Override
  public String name() {
    return "features";
  }

  @Override
  public String description() {
    return "non-private upper reference: k-NN on the original features";
  }

  @Override
  public Reporting reporting() {
    return Reporting.at(Reporting.REFERENCE);
  }

  @Override
  public void validate(MechanismParams params) {
    // non-private
  }

  @Override
  public boolean alignsOnPublic() {
    return false;
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    Embedding gallery = new Embedding(Mechanisms.toDoubles(view.gallery().features()), view.gallery().size(),
        view.gallery().dimension());
    Embedding pub = new Embedding(Mechanisms.toDoubles(view.publicSet().features()), view.publicSet().size(),
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
