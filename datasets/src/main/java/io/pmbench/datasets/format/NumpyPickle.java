package io.pmbench.datasets.format;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * A restricted unpickler for the pickles of the CIFAR-100 "python version" ({@code train},
 * {@code test}, {@code meta}): Python 2 {@code cPickle} dumps, protocol 2, of dicts of byte
 * strings, lists of ints and lists of byte strings, and one numpy {@code uint8} array. It
 * <b>executes nothing</b> and knows exactly the three globals such an array pickles to; any other
 * global is refused with a one-line message naming it:
 *
 * <ul>
 *   <li>{@code numpy.core.multiarray._reconstruct}, called only as
 *       {@code _reconstruct(numpy.ndarray, (0,), 'b')} (an empty array), then BUILD with numpy's
 *       state {@code (1, shape, dtype, is_fortran, data)}: becomes a {@link UInt8Array};
 *   <li>{@code numpy.ndarray}, only as that argument;
 *   <li>{@code numpy.dtype}, called only as {@code dtype('u1', 0, 1)} (ints or booleans), then
 *       BUILD with its state tuple (version 3 or 4).
 * </ul>
 *
 * <p>Opcodes: {@link Unpickler}'s common ones plus SHORT_BINSTRING (a Python 2 {@code str} of up to
 * 255 bytes, read as Latin-1, as {@code pickle.load(f, encoding='latin1')} would), BINSTRING and
 * BUILD. A BINSTRING is never held: its bytes are skipped and it becomes a {@link Blob} saying
 * where they lie in the stream, so the 150 MB of pixel data cost no heap, and a caller reads them
 * in a second pass; a Blob anywhere but an array's data is refused by the caller's checks. At most
 * {@link #MAX_MARKS} MARKs may be open at once (a CIFAR pickle opens two),
 * {@link #MAX_OBJECTS_NUMPY} objects be pushed and {@link #MAX_STRING_BYTES} bytes of strings be
 * read; the other caps are {@link Unpickler}'s. The machine does not recurse, so a deep pickle
 * fails with one line.
 */
public final class NumpyPickle extends Unpickler {
  /** Open MARKs at once: the official files nest two. */
  static final int MAX_MARKS = 16;
  /**
   * Objects pushed in all: the CIFAR-100 train pickle pushes about 150,000 (three lists of 50,000),
   * so 2^20 leaves room while bounding the heap a hostile pickle can take to about 50 MB.
   */
  static final int MAX_OBJECTS_NUMPY = 1 << 20;
  /**
   * Bytes of SHORT_BINSTRING read in all: the train pickle's 50,000 file names take about 1.5 MB,
   * so 16 MiB leaves room while keeping a pickle of a million 255-byte strings off the heap.
   */
  static final long MAX_STRING_BYTES = 16L << 20;
  private static final String RECONSTRUCT = "numpy.core.multiarray._reconstruct";
  private static final String NDARRAY = "numpy.ndarray";
  private static final String DTYPE = "numpy.dtype";
  private static final Set<String> ALLOWED = Set.of(RECONSTRUCT, NDARRAY, DTYPE);

  /**
   * A Python 2 byte string that was skipped, not read.
   *
   * @param offset its first byte's offset in the stream
   * @param length its length in bytes
   */
  public record Blob(long offset, long length) {}

  /**
   * A C-ordered numpy {@code uint8} array.
   *
   * @param shape its shape
   * @param data where its bytes lie (exactly the product of the shape)
   */
  public record UInt8Array(long[] shape, Blob data) {}

  /** {@code _reconstruct(ndarray, (0,), 'b')} before its BUILD. */
  private enum EmptyArray { EMPTY }

  /** {@code dtype('u1', ...)}, before and after its BUILD. */
  private enum UInt8 { DTYPE }

  private long stringBytes;

  private NumpyPickle(String file, InputStream in) {
    super(file, Unpickler.of(in));
  }

  /**
   * Reads the object a pickle describes: dicts (string keys), lists, tuples, {@link Long},
   * {@link String}, {@link Boolean}, {@link Blob} and {@link UInt8Array}. Failures are
   * {@link io.pmbench.core.data.InvalidDataException}s (one line naming {@code file}) or, for the
   * stream's own I/O, {@link java.io.UncheckedIOException}.
   *
   * @param file the file, as named in messages
   * @param in the pickle, read once to its STOP (the caller buffers it)
   */
  public static Object load(String file, InputStream in) {
    return new NumpyPickle(file, in).run();
  }

  @Override
  protected String expected() {
    return "a CIFAR-100 python pickle";
  }

  @Override
  protected int maxObjects() {
    return MAX_OBJECTS_NUMPY;
  }

  @Override
  protected int maxMarks() {
    return MAX_MARKS;
  }

  @Override
  protected void protocol(int v) {
    if (v != 2) {
      throw error("unsupported pickle protocol " + v + " (the CIFAR-100 python version is protocol 2)");
    }
  }

  @Override
  protected boolean extra(int op) {
    switch (op) {
      case 'U' -> push(shortString(in.u8()));
      case 'T' -> push(blob(in.i32()));
      case 'b' -> {
        Object state = pop();
        push(build(pop(), state));
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private String shortString(int length) {
    stringBytes += length;
    if (stringBytes > MAX_STRING_BYTES) {
      throw tooMuch("more than " + MAX_STRING_BYTES + " bytes of strings");
    }
    return new String(in.bytes(length), StandardCharsets.ISO_8859_1);
  }

  private Blob blob(int length) {
    if (length < 0) {
      throw error("malformed pickle (a byte string of negative length " + length + ")");
    }
    Blob b = new Blob(in.position(), length);
    in.skip(length);
    return b;
  }

  @Override
  protected Global global(String name) {
    if (!ALLOWED.contains(name)) {
      throw refuseGlobal(name, "the CIFAR-100 python reader loads only dicts, lists, strings and one numpy uint8 array",
          String.join(", ", List.of(RECONSTRUCT, NDARRAY, DTYPE)));
    }
    return new Global(name);
  }

  @Override
  protected Object reduce(Object callable, Object args) {
    if (callable instanceof Global g && args instanceof Tuple t) {
      List<Object> a = t.items();
      if (g.name().equals(RECONSTRUCT) && a.size() == 3 && a.get(0) instanceof Global cls && cls.name().equals(NDARRAY)
          && a.get(1) instanceof Tuple zero && zero.items().equals(List.of(0L)) && "b".equals(a.get(2))) {
        return EmptyArray.EMPTY;
      }
      if (g.name().equals(DTYPE) && a.size() == 3 && flag(a.get(1), false) && flag(a.get(2), true)) {
        if (!"u1".equals(a.get(0))) {
          throw error("unsupported numpy dtype '" + Printable.escape(String.valueOf(a.get(0)), 40)
              + "' (the CIFAR-100 pixels are uint8, 'u1')");
        }
        return UInt8.DTYPE;
      }
    }
    throw error("refusing to call " + describe(callable) + " with " + describe(args) + " (only " + RECONSTRUCT
        + "(numpy.ndarray, (0,), 'b') and " + DTYPE + "('u1', 0, 1) are rebuilt)");
  }

  /** numpy writes the dtype's align and copy flags as ints (0, 1) in old versions, booleans in new ones. */
  private static boolean flag(Object o, boolean value) {
    return Long.valueOf(value ? 1 : 0).equals(o) || Boolean.valueOf(value).equals(o);
  }

  private Object build(Object target, Object state) {
    if (target == UInt8.DTYPE && state instanceof Tuple t && (t.items().size() == 8 || t.items().size() == 9)
        && (Long.valueOf(3).equals(t.items().get(0)) || Long.valueOf(4).equals(t.items().get(0)))
        && t.items().get(1) instanceof String order && Set.of("|", "<", ">", "=").contains(order)) {
      return UInt8.DTYPE;
    }
    if (target == EmptyArray.EMPTY && state instanceof Tuple t && t.items().size() == 5
        && Long.valueOf(1).equals(t.items().get(0)) && t.items().get(1) instanceof Tuple shape
        && t.items().get(2) == UInt8.DTYPE && t.items().get(4) instanceof Blob data) {
      if (!Boolean.FALSE.equals(t.items().get(3))) {
        throw error("unsupported numpy array in Fortran order (the CIFAR-100 arrays are C-ordered)");
      }
      return array(shape, data);
    }
    throw error("refusing BUILD of " + describe(target) + " with " + describe(state)
        + " (only a uint8 numpy array and its dtype are built)");
  }

  private UInt8Array array(Tuple shape, Blob data) {
    long[] dims = new long[shape.items().size()];
    long elements = 1;
    for (int i = 0; i < dims.length; i++) {
      if (!(shape.items().get(i) instanceof Long d) || d < 0) {
        throw error("malformed numpy array (its shape must be non-negative integers, found " + describe(shape) + ")");
      }
      dims[i] = d;
      elements = d == 0 || elements <= Long.MAX_VALUE / d ? elements * d : -1;
      if (elements < 0) {
        throw error("malformed numpy array (its shape overflows)");
      }
    }
    if (elements != data.length()) {
      throw error("malformed numpy array: its shape holds " + elements + " bytes, its data has " + data.length());
    }
    return new UInt8Array(dims, data);
  }
}
