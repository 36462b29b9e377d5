/**
 * Resolving a data-set name or file spec to a loaded {@link io.pmbench.core.data.FeatureSet}:
 * {@link io.pmbench.datasets.Datasets#load(String)} over the standard
 * {@link io.pmbench.datasets.DatasetRegistry}. Packages below: {@code format} (file readers),
 * {@code assembly} (validation, normalisation, label remapping, checksums), {@code builtin}
 * (Fashion-MNIST carried in the jar) and {@code synthetic} (the seeded generator).
 */
package io.pmbench.datasets;
