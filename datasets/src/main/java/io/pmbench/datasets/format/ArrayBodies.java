package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

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
    return features(in, h, RowRouting.whole()).get(0);
  }

  /** Features routed into parts ({@link RowRouting}); one array per part. */
  static List<FeatureArray> features(ChecksummedInput in, ArrayHeader h, RowRouting routing) throws IOException {
    Allocation.requireHeap(in.name(), h.shapeText(), Allocation.bytes(checkedBytes(in, h) / h.type().bytes(), Float.BYTES));
    requireData(in, h);
    FeatureSink out = new FeatureSink(in.name(), h.shape(), h.shapeText(), routing);
    ElementType type = h.type();
    ElementSink sink = (k, bb) -> out.put(k, (float) type.decode(bb));
    readElements(in, h, sink);
    return out.finish(finish(in, h));
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
    long count = checkedCount(name, h);
    Allocation.requireHeap(name, h.shapeText(), Allocation.bytes(count, Long.BYTES));
    requireData(in, h);
    long[] out = new long[(int) count];
    ElementSink sink = (k, bb) -> out[(int) k] = h.type().decodeInteger(bb);
    readElements(in, h, sink);
    String sha = finish(in, h);
    return new LabelArray(name, out, sha);
  }

  /** Receives element {@code k} (C-order index) by decoding it from {@code bb}. */
  @FunctionalInterface
  private interface ElementSink {
    void accept(long k, ByteBuffer bb);
  }

  private static long checkedCount(String name, ArrayHeader h) {
    long total;
    try {
      total = h.elementCount();
    } catch (ArithmeticException e) {
      total = Long.MAX_VALUE;
    }
    if (total > MAX_ELEMENTS) {
      throw new InvalidDataException(name + ": shape " + h.shapeText() + " has more than " + MAX_ELEMENTS
          + " elements; too large to load into one array");
    }
    return total;
  }

  /** Fails before anything is allocated unless the input really holds the data the header declares. */
  private static void requireData(ChecksummedInput in, ArrayHeader h) throws IOException {
    in.requireAvailable(checkedBytes(in, h), "array data for shape " + h.shapeText() + " " + h.typeName());
  }

  /** The bytes of data the header declares; a count that overflows a long is a corrupt header. */
  private static long checkedBytes(ChecksummedInput in, ArrayHeader h) {
    try {
      return Math.multiplyExact(h.elementCount(), h.type().bytes());
    } catch (ArithmeticException e) {
      throw new InvalidDataException(in.name() + ": shape " + h.shapeText() + " is too large (corrupt header?)");
    }
  }

  private static void readElements(ChecksummedInput in, ArrayHeader h, ElementSink sink) throws IOException {
    int size = h.type().bytes();
    long total = h.elementCount();
    long expectedBytes = Math.multiplyExact(total, size);
    FortranIndex fortran = h.fortranOrder() && h.shape().length > 1 ? new FortranIndex(h.shape()) : null;
    byte[] buf = new byte[CHUNK];
    long done = 0;
    long k = 0;
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
}
