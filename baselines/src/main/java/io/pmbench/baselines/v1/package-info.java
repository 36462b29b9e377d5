/**
 * {@code privatemail-v1}: the early PrivateMail variant of BASELINES.md §6 — Laplace noise after
 * each of the first two SMLQ iterations, calibrated either to a valid ℓ1 bound derived from
 * Appendix B or to the early paper's Corollary 1.1 (no valid guarantee) — with its Laplace
 * sampler, composition accounting and the early paper's Appendix E constants.
 */
package io.pmbench.baselines.v1;
