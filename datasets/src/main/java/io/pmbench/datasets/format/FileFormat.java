package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The feature-file formats pmbench reads (DATASETS.md §2), with their usual file extensions. */
public enum FileFormat {
  NPY("npy", ".npy", ".npy.gz"),
  NPZ("npz", ".npz"),
  HDF5("hdf5", ".h5", ".hdf5", ".he5", ".hdf"),
  MAT("mat", ".mat"),
  TORCH("torch", ".pth", ".pt"),
  CSV("csv", ".csv", ".tsv", ".csv.gz", ".tsv.gz"),
  IDX("idx", "-ubyte", "-ubyte.gz");

  private final String key;
  private final String[] extensions;

  FileFormat(String key, String... extensions) {
    this.key = key;
    this.extensions = extensions;
  }

  /** The name used in descriptors ({@code "format": "hdf5"}). */
  public String key() {
    return key;
  }

  /** The format a descriptor names. */
  public static Optional<FileFormat> ofKey(String key) {
    return Arrays.stream(values()).filter(f -> f.key.equals(key.toLowerCase(Locale.ROOT))).findFirst();
  }

  /** Every key, for messages. */
  public static String keys() {
    return Arrays.stream(values()).map(FileFormat::key).collect(Collectors.joining(", "));
  }

  /**
   * The format a file name's extension implies ({@code .npy}, {@code .npz}, {@code .h5},
   * {@code .hdf5}, {@code .mat}, {@code .pth}, {@code .pt}, {@code .csv}, {@code .tsv}, IDX
   * names ending {@code -ubyte}, each possibly gzipped where the format allows).
   *
   * @throws InvalidDataException naming the file when the extension is not one of these
   */
  public static FileFormat ofFileName(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    for (FileFormat f : values()) {
      for (String ext : f.extensions) {
        if (n.endsWith(ext)) {
          return f;
        }
      }
    }
    throw new InvalidDataException(fileName + ": cannot tell the format from the file name (known extensions: "
        + Arrays.stream(values()).flatMap(f -> Arrays.stream(f.extensions)).collect(Collectors.joining(" "))
        + "); give \"format\" (one of " + keys() + ") in the descriptor");
  }
}
