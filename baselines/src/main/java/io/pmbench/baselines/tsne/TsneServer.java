package io.pmbench.baselines.tsne;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;

/**
 * The server side of {@code tsne} and of the DP-dSNE family (BASELINES.md §1–§2): exact t-SNE of
 * [S; P] without privacy through pmbench's fast core {@link ExactTsne} (Smile's affinities, start
 * and optimiser; perplexity 30, η = 200, 1000 iterations; issue 23: Smile's own t-SNE stays the
 * reference {@code tsne-smile}), seeded from the shared seed. Row i of the gallery embedding embeds
 * gallery row i; the public rows' embedding is Y_P, which DP-dSNE publishes to the client.
 *
 * <p>Cost: n(n − 1)/2 kernel evaluations per iteration on two cores for 1000 iterations, after an
 * n × n distance matrix over the feature dimension and Smile's perplexity search. Memory: the
 * distances and the conditional rows (n × n doubles each, ≈ 0.97 GB each at n = 11,000) while P
 * is computed, then P's lower triangle in float (0.24 GB). BASELINES.md §1 fixes the iteration
 * count, so there is no knob to shorten it.
 */
public final class TsneServer {
  private TsneServer() {}

  /** The server side: t-SNE of [S; P] from the shared seed. */
  public static ServerSide embed(ServerView view, MechanismParams params) {
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
    double[] y = ExactTsne.embed(SmileTsne.squaredDistances(rows), k, Seeds.derive(view.sharedSeed(), "tsne-server"),
        true);
    return ServerSide.ofStacked(y, nS, nP, k);
  }

  /**
   * Cache key shared by {@code tsne}, {@code dp-dsne} and {@code dp-dsne-official}: the server
   * embedding depends on k only (perplexity, learning rate and iterations are fixed) and on the
   * t-SNE core, named in the key ({@link #core()}) so that a server embedding kept by an earlier
   * core (Smile's, before issue 23) is never loaded for this one.
   */
  public static String key(MechanismParams params) {
    return "tsne-server|core=" + core() + "|k=" + params.k() + "|perplexity=" + SmileTsne.perplexity() + "|eta="
        + SmileTsne.learningRate() + "|iterations=" + SmileTsne.iterations();
  }

  /** The t-SNE core of the server embedding and its summation layout (part of {@link #key}). */
  static String core() {
    return "exact-fused-p-float-blocks-" + PairSweep.BLOCKS;
  }
}
