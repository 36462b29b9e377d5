/**
 * Readers for the array file formats pmbench accepts (DATASETS.md §2): IDX, {@code .npy} and
 * CSV/TSV. Each reader streams a file once, writes its values straight into one array and
 * computes the SHA-256 of the file's bytes on the way ({@link io.pmbench.datasets.format.DataSource}).
 *
 * <p>A malformed file is an {@link io.pmbench.core.data.InvalidDataException} whose one-line
 * message names the file and what is wrong. Readers return raw values (not normalised, labels
 * not remapped); {@link io.pmbench.datasets.FeatureSets} turns them into a feature set.
 */
package io.pmbench.datasets.format;
