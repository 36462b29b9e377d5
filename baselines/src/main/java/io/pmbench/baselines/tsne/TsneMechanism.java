package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.Reporting;

/**
 * {@code tsne} (BASELINES.md §1 as relaxed by issue 23: Smile stays the reference): exact t-SNE
 * with Smile's affinities, start and optimiser through pmbench's fast core {@link ExactTsne}, which
 * never writes an n × n table per iteration. It reaches the KL divergence of Smile's own t-SNE
 * ({@code tsne-smile}, {@link TsneSmileMechanism}) from the same start (tested), not its bits.
 * Everything else — privacy (none), neighbouring, cost of the shared distances — is
 * {@link TsneEmbedding}'s.
 *
 * <p><b>Revision.</b> Revision 1 ({@link #revision()} left at its default) is this core as it has
 * stood since 2026-11-25 (commit e0045c8, the float pair sweep), pinned in {@code RevisionPinsTest}.
 * Before that, {@code tsne} was Smile's t-SNE and then a double-precision first version of this core,
 * whose bits differ; they were computed before mechanisms had revisions, so their cells carry none
 * and read as revision 1. The only stored ones (three cells of {@code results/fashion-mnist/fig6})
 * were recomputed on 2026-11-28; a run folder begun before 2026-11-25 that holds {@code tsne} cells
 * should be rerun with {@code --fresh} rather than resumed.
 */
public final class TsneMechanism extends TsneEmbedding {
  public TsneMechanism() {
    super("tsne", "exact t-SNE (Smile's affinities and optimiser, fused kernel; perplexity 30, 1000 iterations) of"
        + " client and server rows, aligned on P; non-private", Reporting.at(Reporting.REFERENCE + 30)
        .as(Reporting.Role.NON_PRIVATE_BASELINE));
  }

  @Override
  double[] embed(double[][] squaredDistances, int k, long seed) {
    return ExactTsne.embed(squaredDistances, k, seed);
  }
}
