package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one copy of a feature array: every reader decodes each element once and {@link #put}s it
 * here by its C-order (row-major) index in the file's array; the sink writes it straight into
 * the float array of the row's part ({@link RowRouting}). Rows are axis 0; further axes flatten
 * into the columns.
 */
final class FeatureSink {
  private final String source;
  private final long rows;
  private final long cols;
  private final RowRouting routing;
  private final float[][] out;
  private final int[] indexInPart;
  private final float[] whole;

  /**
   * Checks the shape fits a feature matrix and allocates each part.
   *
   * @param source the file (and array), as named in messages
   * @param shape the array's shape (C order: axis 0 is the row)
   * @param shapeText the shape as the format prints it, for messages
   */
  FeatureSink(String source, long[] shape, String shapeText, RowRouting routing) {
    this.source = source;
    this.routing = routing;
    if (shape.length < 2) {
      throw new InvalidDataException(source + ": shape mismatch: features must have at least 2 axes (rows, columns), "
          + "found shape " + shapeText);
    }
    for (long n : shape) {
      if (n < 0) {
        throw new InvalidDataException(source + ": corrupt header: negative dimension in shape " + shapeText);
      }
    }
    long c = 1;
    try {
      for (int a = 1; a < shape.length; a++) {
        c = Math.multiplyExact(c, shape[a]);
      }
    } catch (ArithmeticException e) {
      c = Long.MAX_VALUE;
    }
    this.rows = shape[0];
    this.cols = c;
    if (cols == 0) {
      throw new InvalidDataException(source + ": shape mismatch: features have 0 columns (shape " + shapeText + ")");
    }
    routing.checkRows(source, rows);
    if (!routing.isWhole() && routing.fileRows() != rows) {
      throw new IllegalStateException(source + ": routing made for " + routing.fileRows() + " rows, file has " + rows);
    }
    if (rows > Integer.MAX_VALUE) {
      throw new InvalidDataException(source + ": shape " + shapeText + " has more than " + Integer.MAX_VALUE + " rows");
    }
    int[] counts = routing.counts((int) rows);
    this.out = new float[counts.length][];
    for (int p = 0; p < counts.length; p++) {
      long n = cols == Long.MAX_VALUE ? Long.MAX_VALUE : counts[p] * cols;
      if (n > ArrayBodies.MAX_ELEMENTS || (counts[p] > 0 && cols > ArrayBodies.MAX_ELEMENTS)) {
        throw new InvalidDataException(source + ": shape " + shapeText + " has more than " + ArrayBodies.MAX_ELEMENTS
            + " elements" + (counts.length > 1 ? " in one split" : "") + "; too large to load into one array");
      }
    }
    long kept = 0;
    for (int count : counts) {
      kept += count * cols;
    }
    Allocation.requireHeap(source, shapeText, Allocation.bytes(kept, Float.BYTES));
    for (int p = 0; p < counts.length; p++) {
      out[p] = new float[(int) (counts[p] * cols)];
    }
    this.indexInPart = routing.isWhole() ? null : routing.indexInPart();
    this.whole = routing.isWhole() ? out[0] : null;
  }

  long rows() {
    return rows;
  }

  long cols() {
    return cols;
  }

  /** Total number of elements of the file's array. */
  long elements() {
    return rows * cols;
  }

  /** Stores the element at C-order index {@code k} of the file's array. */
  void put(long k, float value) {
    if (whole != null) {
      whole[(int) k] = value;
      return;
    }
    int r = (int) (k / cols);
    int p = routing.partOf(r);
    if (p >= 0) {
      out[p][(int) (indexInPart[r] * cols + (k - r * cols))] = value;
    }
  }

  /** Whether row {@code r} is kept (readers may skip the bytes of dropped rows). */
  boolean keeps(int r) {
    return routing.partOf(r) >= 0;
  }

  /** The parts, in part order; {@code sha256} is the file's checksum. */
  List<FeatureArray> finish(String sha256) {
    List<FeatureArray> parts = new ArrayList<>(out.length);
    for (float[] data : out) {
      parts.add(new FeatureArray(source, data, (int) (data.length / cols), (int) cols, sha256));
    }
    return parts;
  }

  @Override
  public String toString() {
    return "FeatureSink[" + source + ", " + rows + "x" + cols + ", parts " + Arrays.toString(routing.counts((int) rows)) + "]";
  }
}
