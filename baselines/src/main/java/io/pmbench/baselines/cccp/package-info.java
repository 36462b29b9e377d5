/**
 * {@code smlq-cccp}: the early PrivateMail paper's concave–convex update (its equation 6) as a
 * non-private reference, with the two ways pmbench applies the Laplacian pseudo-inverse L_X⁺ —
 * one dense factorisation for the client's data set, conjugate gradients on the operator for the
 * server's [S; P].
 */
package io.pmbench.baselines.cccp;
