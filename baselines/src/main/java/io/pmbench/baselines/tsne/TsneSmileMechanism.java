package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.Reporting;

/**
 * {@code tsne-smile}: the reference for {@code tsne} — Smile 3.1.1's own exact t-SNE
 * ({@link SmileTsne}, O(n²) memory per iteration), bit for bit what {@code tsne} released before
 * issue 23. Same privacy (none), protocol and server as {@link TsneEmbedding}. Not in
 * {@code --mechanisms all} (it would bring back the cost {@code tsne} removed): it runs when named.
 */
public final class TsneSmileMechanism extends TsneEmbedding {
  public TsneSmileMechanism() {
    super("tsne-smile", "t-SNE (Smile 3.1.1, perplexity 30, 1000 iterations) of client and server rows, aligned on"
        + " P; non-private; reference for tsne", Reporting.DEFAULT);
  }

  @Override
  double[] embed(double[][] squaredDistances, int k, long seed) {
    return SmileTsne.flatten(SmileTsne.embedDistances(squaredDistances, k, seed), k);
  }

  /** A reference: runs when named, not in {@code --mechanisms all}. */
  @Override
  public boolean inAll() {
    return false;
  }
}
