package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.Map;

/**
 * {@code tsne} (BASELINES.md §1, SPEC.md §7): exact t-SNE (Van der Maaten &amp; Hinton 2008) through
 * Smile 3.1.1, perplexity 30, η = 200, 1000 iterations, k = {@link MechanismParams#k()}. The client
 * embeds its whole data set D = [r; P_r; P]; the server embeds [S; P]; the runner aligns the
 * client's map to the server's on P (Kabsch–Umeyama, SPEC.md §6).
 *
 * <p><b>Guarantee:</b> none — a non-private reference. The release is a deterministic function of
 * D and a seed drawn from the query's stream (see {@link SmileTsne} for how Smile's generator is
 * seeded). Labels are not used.
 *
 * <p>Cost: O(n²) per iteration on the client (n ≈ nPublic + dummies + 1), once per query; the
 * public–public distances (O(nPublic²·d), the bulk of the distance matrix) are computed once per
 * cell and reused by every query.
 */
public final class TsneMechanism extends TsneServedMechanism {
  private static final PrivacyClaim CLAIM = PrivacyClaim.none("non-private reference: t-SNE of the client's D");

  /** Non-private: the release does not depend on ε. */
  @Override
  public boolean readsEpsilon() {
    return false;
  }

  @Override
  public String name() {
    return "tsne";
  }

  @Override
  public String description() {
    return "t-SNE (Smile, perplexity 30, 1000 iterations) of client and server rows, aligned on P; non-private";
  }

  @Override
  public void validate(MechanismParams params) {
    // non-private: every MechanismParams (k >= 1 is checked by its constructor) is valid
  }

  @Override
  public boolean alignsOnPublic() {
    return true;
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    int k = params.k();
    double[][] publicRows = SmileTsne.rows(view.publicSet().features());
    double[][] publicDistances = SmileTsne.squaredDistances(publicRows);
    return (data, rng) -> {
      double[][] distances = SmileTsne.squaredDistances(SmileTsne.rows(data.rows()), publicRows, publicDistances);
      double[] y = SmileTsne.flatten(SmileTsne.embedDistances(distances, k, rng.nextLong()), k);
      return new ClientRelease(new Embedding(y, data.size(), k), CLAIM, Map.of());
    };
  }
}
