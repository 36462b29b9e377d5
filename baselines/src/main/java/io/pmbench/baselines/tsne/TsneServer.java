package io.pmbench.baselines.tsne;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;

/**
 * The server side of {@code tsne} and of the DP-dSNE family (BASELINES.md §1–§2): Smile's exact
 * t-SNE of [S; P] without privacy, seeded from the shared seed. Row i of {@link #gallery()} embeds
 * gallery row i; {@link #publicRows()} is Y_P, which DP-dSNE publishes to the client.
 *
 * <p>Cost: O(n²) per iteration for 1000 iterations plus an n × n distance matrix over the feature
 * dimension; at n = 11,000 it holds ≈ 2.9 GB (see {@link SmileTsne}). BASELINES.md §1 fixes the
 * iteration count, so there is no knob to shorten it.
 */
public final class TsneServer implements ServerSide {
  private final Embedding gallery;
  private final Embedding publicRows;

  public TsneServer(ServerView view, MechanismParams params) {
    int k = params.k();
    FeatureMatrix s = view.gallery().features();
    FeatureMatrix p = view.publicSet().features();
    int nS = s.rows();
    int nP = p.rows();
    double[][] rows = new double[nS + nP][];
    for (int i = 0; i < nS; i++) {
      rows[i] = s.row(i);
    }
    for (int j = 0; j < nP; j++) {
      rows[nS + j] = p.row(j);
    }
    double[] y = SmileTsne.embed(rows, k, Seeds.derive(view.sharedSeed(), "tsne-server"));
    this.gallery = new Embedding(Arrays.copyOfRange(y, 0, nS * k), nS, k);
    this.publicRows = new Embedding(Arrays.copyOfRange(y, nS * k, (nS + nP) * k), nP, k);
  }

  /**
   * Cache key shared by {@code tsne}, {@code dp-dsne} and {@code dp-dsne-official}: the server
   * embedding depends on k only (perplexity, learning rate and iterations are fixed).
   */
  public static String key(MechanismParams params) {
    return "tsne-server|k=" + params.k() + "|perplexity=" + SmileTsne.perplexity() + "|eta="
        + SmileTsne.learningRate() + "|iterations=" + SmileTsne.iterations();
  }

  @Override
  public Embedding gallery() {
    return gallery;
  }

  @Override
  public Embedding publicRows() {
    return publicRows;
  }
}
