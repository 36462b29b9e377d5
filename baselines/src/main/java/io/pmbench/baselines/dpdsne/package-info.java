/**
 * DP-dSNE (BASELINES.md §2): {@code dp-dsne}, noisy clipped t-SNE steps of the client's own rows
 * with the public rows fixed at the server's published t-SNE map, and {@code dp-dsne-official}, the
 * official code's AdaClip variant (not DP). Both share the {@code tsne} server.
 */
package io.pmbench.baselines.dpdsne;
