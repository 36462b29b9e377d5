/**
 * {@code public-pca} (SPEC.md §7): the Gaussian mechanism in a basis fixed by the public rows
 * alone (their mean and top right singular vectors), calibrated to ℓ2 sensitivity 1 under
 * add/remove-one-row neighbours; the server projects its gallery with the same basis.
 */
package io.pmbench.baselines.publicpca;
