/**
 * Data-set descriptors (DATASETS.md §6): a small JSON or YAML file naming the
 * files of a feature set, the arrays in them, the split rule (by files, by class ranks or by
 * index arrays), the paper's Table 2 defaults, the licence and each file's SHA-256.
 * {@link io.pmbench.datasets.descriptor.DescriptorParser} checks a descriptor completely before
 * any data is read; {@link io.pmbench.datasets.descriptor.DescriptorLoader} loads the set with
 * one copy of each feature array; {@link io.pmbench.datasets.descriptor.Descriptors} reads
 * descriptor files and the ones shipped with pmbench.
 */
package io.pmbench.datasets.descriptor;
