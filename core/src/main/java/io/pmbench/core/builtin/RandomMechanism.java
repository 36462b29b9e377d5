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
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.List;
import java.util.Map;

/**
 * Control {@code random} (BASELINES.md §5): every client and server row gets an iid N(0, 1)
 * embedding of dimension k, then the usual alignment and retrieval — chance level
 * (≈ 1 − (1 − 1/C)^K for balanced classes). <b>Guarantee:</b> none needed (the output is
 * independent of the data).
 */
public final class RandomMechanism extends AbstractMechanism implements NonPrivateMechanism {
  public RandomMechanism() {
    super("random", "control: iid N(0,1) embeddings of every row (chance level)",
        Reporting.at(Reporting.CONTROL + 10).asPairedControl().inIdsClaim().attackedInClaims()
            .as(Reporting.Role.CHANCE), List.of());
  }

  @Override
  public boolean alignsOnPublic() {
    return true;
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|k=" + params.k();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams p) {
    int nS = view.gallery().size();
    int nP = view.publicSet().size();
    Embedding gallery = new Embedding(
        Seeds.gaussianBlock(nS, p.k(), 1.0, Seeds.stream(view.sharedSeed(), "random-gallery")), nS, p.k());
    Embedding pub = new Embedding(
        Seeds.gaussianBlock(nP, p.k(), 1.0, Seeds.stream(view.sharedSeed(), "random-public")), nP, p.k());
    return ServerSide.of(gallery, pub);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams p) {
    return (data, rng) -> new ClientRelease(
        new Embedding(Seeds.gaussianBlock(data.size(), p.k(), 1.0, rng), data.size(), p.k()),
        PrivacyClaim.none("control: data-independent random embedding"), Map.of());
  }
}
