package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads the data part of an array file (after its header) straight into the output array,
 * in chunks, for every reader that has an {@link ArrayHeader}: checks the shape fits the role,
 * decodes each element once, reorders Fortran-order data on the fly, rejects short and long
 * files, and returns with the whole file checksummed.
 */
final class ArrayBodies {
  /** Largest Java array length that is safe on every JVM. */
  static final long MAX_ELEMENTS = Integer.MAX_VALUE - 8;
  private static final int CHUNK = 1 << 16;

  private ArrayBodies() {}

  /** Features: axis 0 is the row, the other axes flatten (C order) into columns. */
  static FeatureArray features(ChecksummedInput in, ArrayHeader h) throws IOException {
    String name = in.name();
    if (h.shape().length < 2) {
      throw new InvalidDataException(name + ": shape mismatch: features must have at least 2 axes (rows, columns), found shape "
          + h.shapeText());
    }
    long rows = h.shape()[0];
    long total = checkedCount(name, h);
    long cols = rows == 0 ? colsOf(h) : total / rows;
    if (cols == 0) {
      throw new InvalidDataException(name + ": shape mismatch: features have 0 columns (shape " + h.shapeText() + ")");
    }
    float[] out = new float[(int) total];
    ElementSink sink = (k, bb) -> out[k] = (float) h.type().decode(bb);
    readElements(in, h, sink);
    String sha = finish(in, h);
    return new FeatureArray(name, out, (int) rows, (int) cols, sha);
  }

  /** Labels: integer type, shape {@code (n,)} or {@code (n, 1)}. */
  static LabelArray labels(ChecksummedInput in, ArrayHeader h) throws IOException {
    String name = in.name();
    if (!h.type().isInteger()) {
      throw new InvalidDataException(name + ": unsupported dtype for labels: " + h.typeName()
          + " (labels must be integers: int8/16/32/64 or uint8/16/32)");
    }
    long[] s = h.shape();
    if (!(s.length == 1 || (s.length == 2 && s[1] == 1))) {
      throw new InvalidDataException(name + ": shape mismatch: labels must have shape (n,) or (n, 1), found shape "
          + h.shapeText());
    }
    long[] out = new long[(int) checkedCount(name, h)];
    ElementSink sink = (k, bb) -> out[k] = h.type().decodeInteger(bb);
    readElements(in, h, sink);
    String sha = finish(in, h);
    return new LabelArray(name, out, sha);
  }

  /** Receives element {@code k} (C-order index) by decoding it from {@code bb}. */
  @FunctionalInterface
  private interface ElementSink {
    void accept(int k, ByteBuffer bb);
  }

  private static long colsOf(ArrayHeader h) {
    long cols = 1;
    for (int a = 1; a < h.shape().length; a++) {
      cols = Math.multiplyExact(cols, h.shape()[a]);
    }
    return cols;
  }

  private static long checkedCount(String name, ArrayHeader h) {
    long total;
    try {
      total = h.elementCount();
      if (h.shape().length >= 2) {
        colsOf(h);
      }
    } catch (ArithmeticException e) {
      total = Long.MAX_VALUE;
    }
    if (total > MAX_ELEMENTS) {
      throw new InvalidDataException(name + ": shape " + h.shapeText() + " has more than " + MAX_ELEMENTS
          + " elements; too large to load into one array");
    }
    return total;
  }

  private static void readElements(ChecksummedInput in, ArrayHeader h, ElementSink sink) throws IOException {
    int size = h.type().bytes();
    long total = h.elementCount();
    long expectedBytes = total * size;
    FortranIndex fortran = h.fortranOrder() && h.shape().length > 1 ? new FortranIndex(h.shape()) : null;
    byte[] buf = new byte[CHUNK];
    long done = 0;
    int k = 0;
    while (done < expectedBytes) {
      int want = (int) Math.min(buf.length, expectedBytes - done);
      int got = in.readUpTo(buf, 0, want);
      if (got < want) {
        throw new InvalidDataException(in.name() + ": truncated: expected " + expectedBytes + " bytes of array data for shape "
            + h.shapeText() + " " + h.typeName() + ", found " + (done + got));
      }
      ByteBuffer bb = ByteBuffer.wrap(buf, 0, got).order(h.order());
      for (int e = got / size; e > 0; e--) {
        sink.accept(fortran == null ? k : fortran.next(), bb);
        k++;
      }
      done += got;
    }
  }

  private static String finish(ChecksummedInput in, ArrayHeader h) throws IOException {
    long extra = in.remainingDataBytes();
    if (extra > 0) {
      throw new InvalidDataException(in.name() + ": shape mismatch: " + extra
          + " bytes after the array data (the header says shape " + h.shapeText() + " " + h.typeName() + ")");
    }
    return in.finish();
  }

  /**
   * Walks a Fortran-order (axis 0 fastest) array in file order and yields each element's
   * C-order index, i.e. its place in the row-major output.
   */
  private static final class FortranIndex {
    private final long[] shape;
    private final long[] stride;
    private final long[] index;
    private long target;

    FortranIndex(long[] shape) {
      this.shape = shape;
      this.stride = new long[shape.length];
      this.index = new long[shape.length];
      long s = 1;
      for (int a = shape.length - 1; a >= 0; a--) {
        stride[a] = s;
        s *= shape[a];
      }
    }

    int next() {
      int current = (int) target;
      int a = 0;
      index[0]++;
      target += stride[0];
      while (a < shape.length - 1 && index[a] == shape[a]) {
        target -= shape[a] * stride[a];
        index[a] = 0;
        a++;
        index[a]++;
        target += stride[a];
      }
      return current;
    }
  }
}
