/**
 * From raw arrays to a {@link io.pmbench.core.data.FeatureSet}: validation, L2 normalisation,
 * label remapping and checksums ({@link io.pmbench.datasets.assembly.FeatureSets}), and the
 * paper's per-data-set defaults ({@link io.pmbench.datasets.assembly.TableTwo}).
 */
package io.pmbench.datasets.assembly;
