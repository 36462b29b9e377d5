package io.pmbench.datasets.format;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * An open feature file: one that holds named numeric arrays ({@code .npz}, HDF5, MATLAB
 * {@code .mat}, PyTorch {@code .pth}), a single unnamed array ({@code .npy}, IDX) or a table
 * (CSV). Opening reads only what is needed to list the arrays; each array is then read once,
 * straight into its final float or long array.
 *
 * <p>Arrays are chosen by name ({@link #arrayNames()}); an empty name is allowed when the file
 * holds exactly one array. Every failure is an {@link io.pmbench.core.data.InvalidDataException}
 * whose one-line message names the file (and array) and the problem.
 */
public interface ArrayFile extends AutoCloseable {

  /** The file as named in messages. */
  String name();

  /** The format, for messages and provenance. */
  FileFormat format();

  /** The names of the numeric arrays in the file, sorted (empty for a single-array format). */
  SortedSet<String> arrayNames();

  /**
   * The array's shape, C order (axis 0 is the row), without reading its data.
   *
   * @param array a name from {@link #arrayNames()}, or empty for the file's only array
   */
  long[] shape(Optional<String> array);

  /**
   * Reads a feature matrix (axis 0 the row, further axes flattened in C order), rows routed into
   * parts; returns one array per part. {@code routing} must be {@link RowRouting#whole()} or made
   * for exactly {@code shape(array)[0]} rows.
   */
  List<FeatureArray> features(Optional<String> array, RowRouting routing);

  /** Reads a label vector: shape {@code (n,)} or {@code (n, 1)}, integer values. */
  LabelArray labels(Optional<String> array);

  /** SHA-256 (hex) of the whole file's bytes as stored; computed once. */
  String sha256();

  @Override
  void close();
}
