package io.pmbench.datasets.format;

/**
 * A format that stores one numeric array per file (IDX, {@code .npy}; later {@code .npz}
 * members, HDF5 data sets, MATLAB variables and torch tensors). Implementations read the file
 * once, streaming, and fail with an {@link io.pmbench.core.data.InvalidDataException} naming
 * the file.
 */
public interface ArrayReader {
  /**
   * Reads a feature matrix: the first axis is the row (image); any further axes are
   * flattened in C order into the columns (an IDX image file of 28×28 gives 784 columns).
   */
  FeatureArray readFeatures(DataSource source);

  /** Reads a label vector: 1-D, or 2-D with one column; integer element type. */
  LabelArray readLabels(DataSource source);
}
