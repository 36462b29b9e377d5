package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The opcode machine of pmbench's restricted unpicklers ({@link TorchPickle} for {@code .pth},
 * {@link NumpyPickle} for the CIFAR-100 python version). It builds dicts, lists, tuples, integers
 * and strings and <b>executes nothing</b>: a GLOBAL is handed to the subclass, which makes a
 * marker for the few names it allows and refuses every other one before anything else happens;
 * REDUCE (and BUILD, where a subclass reads it) only ever sees those markers.
 *
 * <p>Opcodes read here, common to both: PROTO, STOP, MARK, EMPTY_DICT, EMPTY_LIST, EMPTY_TUPLE,
 * TUPLE, TUPLE1–3, APPEND(S), SETITEM(S), BININT/BININT1/BININT2, NONE, NEWTRUE/NEWFALSE,
 * BINPUT/LONG_BINPUT, BINGET/LONG_BINGET, GLOBAL and REDUCE. Each subclass adds the few its files
 * use ({@link #extra}); any other opcode is refused with one line.
 *
 * <p>Caps (issue 26: 256 MB of one opcode took 4 minutes and 6.3 GB): opcodes, objects pushed,
 * memo entries and open MARKs are counted, so a crafted pickle fails in about a second with one
 * line; nothing here recurses, so a deep one cannot overflow the stack. The object cap also bounds
 * the heap: 2^21 one-item tuples allocate 140 MB, 2^22 allocated 272 MB (issue 37's 256 MB budget).
 */
abstract class Unpickler {
  /** Opcodes read in all. */
  static final int MAX_OPCODES = 1 << 23;
  /** Objects pushed on the stack (each opcode that makes or recalls a value). */
  static final int MAX_OBJECTS = 1 << 21;
  static final int MAX_MEMO = 1 << 20;
  /** Open MARKs at once (and, in {@link TorchFile}, dict/list/tuple nesting). */
  static final int MAX_DEPTH = 1000;

  /** A Python global the file names (only the allowed ones are ever made). */
  record Global(String name) {}

  /** A Python tuple (lists are {@link ArrayList}). */
  record Tuple(List<Object> items) {}

  /** Python's None. */
  enum None { NONE }

  /**
   * Where the opcodes come from. Reading past the end throws
   * {@link java.nio.BufferUnderflowException} (as a {@link java.nio.ByteBuffer} does), which the
   * machine reports as a truncated pickle.
   */
  interface Input {
    int u8();

    /** Little-endian. */
    int u16();

    /** Little-endian. */
    int i32();

    /** Little-endian. */
    long i64();

    /** Big-endian (BINFLOAT). */
    double f64();

    /** The next {@code n} bytes; {@code n} was checked against a cap by the caller. */
    byte[] bytes(int n);

    /** Skips {@code n} bytes, failing like a read when fewer are left. */
    void skip(long n);

    /** Bytes read so far. */
    long position();
  }

  protected final String file;
  protected final Input in;
  private final Deque<Integer> marks = new ArrayDeque<>();
  private final Map<Long, Object> memo = new HashMap<>();
  private final List<Object> items = new ArrayList<>();
  private int opcodes;
  private int objects;

  protected Unpickler(String file, Input in) {
    this.file = file;
    this.in = in;
  }

  /** What the files this reader is for look like, for messages ("a torch.save pickle of tensors"). */
  protected abstract String expected();

  /** Checks PROTO's version. */
  protected abstract void protocol(int version);

  /** Makes the marker of an allowed global, or refuses it. */
  protected abstract Global global(String name);

  /** REDUCE: {@code callable} is a marker this subclass made. */
  protected abstract Object reduce(Object callable, Object args);

  /** Reads one opcode the common machine does not know; false when this reader refuses it too. */
  protected abstract boolean extra(int op);

  /** Runs the machine to STOP and returns the object on the stack. */
  protected final Object run() {
    try {
      while (true) {
        long at = in.position();
        int op = in.u8();
        if (++opcodes > MAX_OPCODES) {
          throw tooMuch("more than " + MAX_OPCODES + " opcodes");
        }
        if (op == '.') {
          return stop();
        }
        if (!common(op) && !extra(op)) {
          throw error("unsupported pickle opcode 0x" + Integer.toHexString(op) + " at byte " + at + " (only the opcodes "
              + expected() + " uses are read)");
        }
      }
    } catch (java.nio.BufferUnderflowException e) {
      throw error("truncated pickle (it ends before STOP)");
    }
  }

  private boolean common(int op) {
    switch (op) {
      case 0x80 -> protocol(in.u8());
      case '(' -> mark();
      case '}' -> push(new LinkedHashMap<Object, Object>());
      case ']' -> push(new ArrayList<Object>());
      case ')' -> push(new Tuple(List.of()));
      case 't' -> push(new Tuple(popMark()));
      case 0x85 -> push(new Tuple(popN(1)));
      case 0x86 -> push(new Tuple(popN(2)));
      case 0x87 -> push(new Tuple(popN(3)));
      case 'a' -> append(popN(1));
      case 'e' -> append(popMark());
      case 's' -> setItems(popN(2));
      case 'u' -> setItems(popMark());
      case 'J' -> push((long) in.i32());
      case 'K' -> push((long) in.u8());
      case 'M' -> push((long) in.u16());
      case 'N' -> push(None.NONE);
      case 0x88 -> push(Boolean.TRUE);
      case 0x89 -> push(Boolean.FALSE);
      case 'q' -> memoPut(in.u8());
      case 'r' -> memoPut(in.i32() & 0xFFFF_FFFFL);
      case 'h' -> push(memoGet(in.u8()));
      case 'j' -> push(memoGet(in.i32() & 0xFFFF_FFFFL));
      case 'c' -> push(global(line() + "." + line()));
      case 'R' -> {
        Object args = pop();
        push(reduce(pop(), args));
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  protected final InvalidDataException error(String what) {
    return new InvalidDataException(file + ": " + what);
  }

  protected final InvalidDataException tooMuch(String what) {
    return error("pickle refused: " + what + " (" + expected() + " needs far fewer; damaged or hostile file)");
  }

  /** Open MARKs allowed at once. */
  protected int maxMarks() {
    return MAX_DEPTH;
  }

  private void mark() {
    if (marks.size() >= maxMarks()) {
      throw tooMuch("more than " + maxMarks() + " nested MARKs");
    }
    marks.push(items.size());
  }

  protected final void memoPut(long key) {
    if (memo.size() >= MAX_MEMO && !memo.containsKey(key)) {
      throw tooMuch("more than " + MAX_MEMO + " memo entries");
    }
    memo.put(key, peek());
  }

  /** Entries in the memo (MEMOIZE's next key). */
  protected final int memoSize() {
    return memo.size();
  }

  private Object stop() {
    if (items.size() != 1 || !marks.isEmpty()) {
      throw error("malformed pickle (STOP with " + items.size() + " objects on the stack)");
    }
    return items.get(0);
  }

  /** Objects pushed in all. */
  protected int maxObjects() {
    return MAX_OBJECTS;
  }

  protected final void push(Object o) {
    if (++objects > maxObjects()) {
      throw tooMuch("more than " + maxObjects() + " objects");
    }
    items.add(o);
  }

  protected final Object pop() {
    if (items.isEmpty() || (!marks.isEmpty() && marks.peek() == items.size())) {
      throw error("malformed pickle (pop from an empty stack)");
    }
    return items.remove(items.size() - 1);
  }

  private Object peek() {
    if (items.isEmpty()) {
      throw error("malformed pickle (memo of an empty stack)");
    }
    return items.get(items.size() - 1);
  }

  private List<Object> popN(int n) {
    List<Object> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(0, pop());
    }
    return out;
  }

  private List<Object> popMark() {
    if (marks.isEmpty()) {
      throw error("malformed pickle (no MARK)");
    }
    int start = marks.pop();
    List<Object> sub = new ArrayList<>(items.subList(start, items.size()));
    items.subList(start, items.size()).clear();
    return sub;
  }

  @SuppressWarnings("unchecked")
  private void append(List<Object> values) {
    if (!(peek() instanceof List<?> list)) {
      throw error("malformed pickle (APPEND to a " + typeName(peek()) + ")");
    }
    ((List<Object>) list).addAll(values);
  }

  @SuppressWarnings("unchecked")
  private void setItems(List<Object> kv) {
    if (!(peek() instanceof Map<?, ?> map) || kv.size() % 2 != 0) {
      throw error("malformed pickle (SETITEM on a " + typeName(peek()) + ")");
    }
    for (int i = 0; i < kv.size(); i += 2) {
      Object key = kv.get(i);
      if (!(key instanceof String || key instanceof Long)) {
        throw error("unsupported dict key of type " + typeName(key) + " (keys must be strings or integers)");
      }
      ((Map<Object, Object>) map).put(key, kv.get(i + 1));
    }
  }

  /** LONG1's little-endian two's-complement integer of {@code n} bytes. */
  protected final Object long1(int n) {
    byte[] b = in.bytes(n);
    byte[] be = new byte[Math.max(1, n)];
    for (int i = 0; i < n; i++) {
      be[n - 1 - i] = b[i];
    }
    BigInteger v = n == 0 ? BigInteger.ZERO : new BigInteger(be);
    if (v.bitLength() > 63) {
      throw error("integer " + v + " is too large");
    }
    return v.longValue();
  }

  /** A newline-terminated ASCII line (GLOBAL's module and name). */
  private String line() {
    StringBuilder sb = new StringBuilder();
    while (true) {
      int b = in.u8();
      if (b == '\n') {
        return sb.toString();
      }
      if (sb.length() > 256 || b < 0x20 || b > 0x7e) {
        throw error("malformed pickle (bad GLOBAL name)");
      }
      sb.append((char) b);
    }
  }

  private Object memoGet(long key) {
    Object o = memo.get(key);
    if (o == null) {
      throw error("malformed pickle (memo entry " + key + " was never stored)");
    }
    return o;
  }

  /** The refusal of a global outside {@code allowed}, naming it (escaped, cut) and the allowed ones. */
  protected final InvalidDataException refuseGlobal(String name, String reader, String allowed) {
    return error("refusing pickle global '" + Printable.escape(name, 200) + "': " + reader
        + " and executes nothing (allowed: " + allowed + ")");
  }

  static String typeName(Object o) {
    if (o instanceof Map) {
      return "dict";
    }
    if (o instanceof List) {
      return "list";
    }
    return o instanceof Tuple ? "tuple" : o == null ? "nothing" : o.getClass().getSimpleName();
  }

  static String describe(Object o) {
    if (o instanceof Global g) {
      return g.name();
    }
    String s = o instanceof Tuple t ? t.items().stream().map(Unpickler::typeName).toList().toString() : typeName(o);
    return s.length() > 120 ? s.substring(0, 120) + "..." : s;
  }

  /** Opcodes from a pickle held in memory. */
  static Input of(byte[] pickle) {
    ByteBuffer b = ByteBuffer.wrap(pickle).order(ByteOrder.LITTLE_ENDIAN);
    return new Input() {
      @Override public int u8() {
        return b.get() & 0xFF;
      }

      @Override public int u16() {
        return b.getShort() & 0xFFFF;
      }

      @Override public int i32() {
        return b.getInt();
      }

      @Override public long i64() {
        return b.getLong();
      }

      @Override public double f64() {
        return Double.longBitsToDouble(Long.reverseBytes(b.getLong()));
      }

      @Override public byte[] bytes(int n) {
        byte[] out = new byte[n];
        b.get(out);
        return out;
      }

      @Override public void skip(long n) {
        if (n > b.remaining()) {
          throw new BufferUnderflowException();
        }
        b.position(b.position() + (int) n);
      }

      @Override public long position() {
        return b.position();
      }
    };
  }

  /**
   * Opcodes from a stream (read once, front to back; the caller buffers it). {@link #bytes} of
   * {@code n} reads them one buffer at a time, so a length the file claims is never allocated
   * before the bytes have arrived. I/O failures are {@link UncheckedIOException}s.
   */
  static Input of(InputStream stream) {
    return new Input() {
      private long position;

      @Override public int u8() {
        try {
          int v = stream.read();
          if (v < 0) {
            throw new BufferUnderflowException();
          }
          position++;
          return v;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override public int u16() {
        return u8() | u8() << 8;
      }

      @Override public int i32() {
        return u16() | u16() << 16;
      }

      @Override public long i64() {
        return (i32() & 0xFFFF_FFFFL) | (long) i32() << 32;
      }

      @Override public double f64() {
        return Double.longBitsToDouble(Long.reverseBytes(i64()));
      }

      @Override public byte[] bytes(int n) {
        try {
          byte[] out = stream.readNBytes(n);
          if (out.length < n) {
            throw new BufferUnderflowException();
          }
          position += n;
          return out;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override public void skip(long n) {
        // read, not InputStream.skip: a file's skip goes past its end without a word
        byte[] scratch = new byte[(int) Math.min(n, 1 << 16)];
        long left = n;
        try {
          while (left > 0) {
            int r = stream.read(scratch, 0, (int) Math.min(left, scratch.length));
            if (r < 0) {
              throw new BufferUnderflowException();
            }
            left -= r;
            position += r;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override public long position() {
        return position;
      }
    };
  }
}
