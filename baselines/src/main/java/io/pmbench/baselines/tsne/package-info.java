/**
 * The {@code tsne} baseline (BASELINES.md §1, as relaxed by issue 23): exact t-SNE of the client's
 * D and of the server's [S; P] with Smile's affinities, start and optimiser on pmbench's fast pass
 * ({@link io.pmbench.baselines.tsne.PairSweep}, shared with {@code dp-dsne-official}), aligned on
 * the public rows; Smile's own t-SNE stays the reference {@code tsne-smile}. The server side is
 * shared with DP-dSNE.
 */
package io.pmbench.baselines.tsne;
