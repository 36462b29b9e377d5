/**
 * Readers for the array file formats pmbench accepts (DATASETS.md §2): IDX, {@code .npy} and
 * CSV/TSV. Each reader streams a file once, writes its values straight into one array and
 * computes the SHA-256 of the file's bytes on the way ({@link io.pmbench.datasets.format.DataSource}).
 *
 * <p>A malformed file is an {@link io.pmbench.core.data.InvalidDataException} whose one-line
 * message names the file and what is wrong. Readers return raw values (not normalised, labels
 * not remapped); {@link io.pmbench.datasets.FeatureSets} turns them into a feature set.
 *
 * <p>Also here, for the files around image data sets ({@code io.pmbench.datasets.images}): the
 * restricted unpicklers, which execute nothing and share one capped opcode machine
 * ({@code Unpickler}: {@code TorchPickle} for {@code .pth}, {@link io.pmbench.datasets.format.NumpyPickle}
 * for the CIFAR-100 python pickles), and {@link io.pmbench.datasets.format.MatV5Values}, a capped
 * reader of the struct, cell, char and numeric arrays of small MATLAB v5 annotation files.
 */
package io.pmbench.datasets.format;
