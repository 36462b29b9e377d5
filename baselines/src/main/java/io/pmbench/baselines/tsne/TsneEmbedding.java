package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.NonPrivateMechanism;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.List;
import java.util.Map;

/**
 * The non-private t-SNE baseline (BASELINES.md §1, SPEC.md §7) with its t-SNE core left to the
 * subclass: {@code tsne} ({@link ExactTsne}) and the reference {@code tsne-smile} (Smile 3.1.1,
 * {@link SmileTsne}). Perplexity 30, η = 200, 1000 iterations, k = {@link MechanismParams#k()}.
 * The client embeds its whole data set D = [r; P_r; P]; the server embeds [S; P] (Smile's t-SNE,
 * {@link TsneServer}, shared with DP-dSNE); the runner aligns the client's map to the server's on
 * P (Kabsch–Umeyama, SPEC.md §6).
 *
 * <p><b>Guarantee:</b> none — a non-private reference. The release is a deterministic function of
 * D and a seed drawn from the query's stream. Labels are not used.
 *
 * <p>Cost: the public–public distances (O(nPublic²·d), the bulk of D's distance matrix) are
 * computed once per cell and reused by every query; the core's 1000 iterations follow.
 */
abstract class TsneEmbedding extends AbstractMechanism implements TsneServed, NonPrivateMechanism {
  private static final PrivacyClaim CLAIM = PrivacyClaim.none("non-private reference: t-SNE of the client's D");

  TsneEmbedding(String name, String description, Reporting reporting) {
    super(name, description, reporting, List.of());
  }

  /**
   * The centred n × k map (row-major) of the rows whose n × n squared distances are given, seeded
   * with {@code seed}; {@code squaredDistances} may be modified.
   */
  abstract double[] embed(double[][] squaredDistances, int k, long seed);

  @Override
  public final boolean alignsOnPublic() {
    return true;
  }

  @Override
  public final ClientSide client(ClientView view, MechanismParams params) {
    int k = params.k();
    double[][] publicRows = SmileTsne.rows(view.publicSet().features());
    double[][] publicDistances = SmileTsne.squaredDistances(publicRows);
    return (data, rng) -> {
      double[][] distances = SmileTsne.squaredDistances(SmileTsne.rows(data.rows()), publicRows, publicDistances);
      double[] y = embed(distances, k, rng.nextLong());
      return new ClientRelease(new Embedding(y, data.size(), k), CLAIM, Map.of());
    };
  }
}
