package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Opens a feature file as an {@link ArrayFile} of a given {@link FileFormat}. */
public final class ArrayFiles {
  private static final int MATLAB_HEADER = 128;
  private static final byte[] HDF5_MAGIC = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

  private ArrayFiles() {}

  /**
   * Opens {@code source} as {@code format}; {@code labelColumn} applies to CSV only.
   *
   * @throws InvalidDataException naming the file when it cannot be opened as that format
   */
  public static ArrayFile open(DataSource source, FileFormat format, LabelColumn labelColumn) {
    return switch (format) {
      case NPY -> new SingleArrayFile(source, format, new NpyReader());
      case IDX -> new SingleArrayFile(source, format, new IdxReader());
      case NPZ -> new NpzFile(source);
      case HDF5 -> Hdf5File.hdf5(source);
      case MAT -> openMat(source);
      case TORCH -> new TorchFile(source);
      case CSV -> new CsvFile(source, labelColumn);
    };
  }

  /**
   * The one line for an {@link OutOfMemoryError} raised while loading {@code file}: the readers
   * refuse declared sizes the heap cannot hold up front ({@code Allocation}), so this is an honest
   * input larger than what is left of the heap. Only a load that has let go of its partial arrays
   * (the error unwound past them) may turn the error into this.
   */
  public static InvalidDataException outOfMemory(String file, OutOfMemoryError e) {
    long max = Runtime.getRuntime().maxMemory() >> 20;
    return new InvalidDataException("out of memory while loading " + file + " (Java heap at most " + max
        + " MiB); raise -Xmx or use a smaller input", e);
  }

  /** Opens with the format implied by the file name and the label in the last column (CSV). */
  public static ArrayFile open(DataSource source) {
    return open(source, FileFormat.ofFileName(source.name()), LabelColumn.last());
  }

  /**
   * A {@code .mat} file: v7.3 (HDF5 with a 512-byte MATLAB header) goes to {@link Hdf5File},
   * v5/v6/v7 to {@link MatV5File}. MATLAB v4 files (no text header) are refused.
   */
  private static ArrayFile openMat(DataSource source) {
    Path path = source.requireFile("MATLAB .mat");
    byte[] head = new byte[520];
    int n;
    try (InputStream in = Files.newInputStream(path)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (IOException e) {
      throw new InvalidDataException(source.name() + ": cannot open (" + e.getMessage() + ")", e);
    }
    String text = new String(head, 0, Math.min(n, 116), StandardCharsets.ISO_8859_1);
    boolean hdf5At512 = n >= 520 && Arrays.equals(Arrays.copyOfRange(head, 512, 520), HDF5_MAGIC);
    if (text.startsWith("MATLAB 7.3") || hdf5At512) {
      return Hdf5File.matlab(source);
    }
    if (text.startsWith("MATLAB") && n >= MATLAB_HEADER) {
      return new MatV5File(source);
    }
    throw new InvalidDataException(source.name() + ": not a MATLAB v5 or v7.3 .mat file (bad magic: the file must start "
        + "with the text 'MATLAB 5.0 MAT-file' or 'MATLAB 7.3 MAT-file'"
        + (n < MATLAB_HEADER && text.startsWith("MATLAB") ? "; truncated header" : "") + ")");
  }
}
