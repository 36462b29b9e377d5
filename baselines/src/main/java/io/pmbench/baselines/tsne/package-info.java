/**
 * The {@code tsne} baseline (BASELINES.md §1): Smile's exact t-SNE of the client's D and of the
 * server's [S; P], aligned on the public rows; its server side is shared with DP-dSNE.
 */
package io.pmbench.baselines.tsne;
