/**
 * {@code private-pca}: differentially private PCA (Chaudhuri, Sarwate &amp; Sinha 2013; BASELINES.md
 * §3) — PPCA through Hoff's (2009) Gibbs sampler for the matrix Bingham distribution (its exact
 * one-dimensional conditionals, the O(d²) compressed eigenbasis of each column step) and
 * MOD-SULQ — followed by a Gaussian release of the projected rows.
 */
package io.pmbench.baselines.pca;
