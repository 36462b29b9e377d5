package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A restricted unpickler for the {@code data.pkl} that {@code torch.save} writes: it builds
 * tensors (as {@link Tensor} descriptions of where their data lies) and the dicts, lists and
 * tuples holding them, and <b>executes nothing</b>. Python's pickle runs code by calling
 * whatever global a file names; this reader knows exactly these globals and refuses every other
 * one with a one-line message naming it:
 *
 * <ul>
 *   <li>{@code torch._utils._rebuild_tensor_v2} — becomes a {@link Tensor};
 *   <li>{@code torch.FloatStorage}, {@code DoubleStorage}, {@code HalfStorage}, {@code LongStorage},
 *       {@code IntStorage}, {@code ShortStorage}, {@code CharStorage}, {@code ByteStorage},
 *       {@code BoolStorage}, {@code BFloat16Storage} — storage element types (never called);
 *   <li>{@code collections.OrderedDict} — becomes a map.
 * </ul>
 *
 * <p>Opcodes: those of protocols 2–4 that such a file uses (PROTO, FRAME, STOP, MARK, the empty
 * and counted TUPLE forms, EMPTY_LIST, EMPTY_DICT, APPEND(S), SETITEM(S), the unicode string
 * forms, BININT/BININT1/BININT2/LONG1, BINFLOAT, NONE, NEWTRUE/NEWFALSE, the memo opcodes,
 * GLOBAL/STACK_GLOBAL, BINPERSID and REDUCE); any other opcode is refused.
 */
final class TorchPickle {
  /** Storage classes whose data pmbench decodes, with their element type. */
  static final Map<String, ElementType> STORAGES = Map.of(
      "torch.FloatStorage", ElementType.FLOAT32,
      "torch.DoubleStorage", ElementType.FLOAT64,
      "torch.HalfStorage", ElementType.FLOAT16,
      "torch.LongStorage", ElementType.INT64,
      "torch.IntStorage", ElementType.INT32,
      "torch.ShortStorage", ElementType.INT16,
      "torch.CharStorage", ElementType.INT8,
      "torch.ByteStorage", ElementType.UINT8);
  private static final String REBUILD_TENSOR = "torch._utils._rebuild_tensor_v2";
  private static final String ORDERED_DICT = "collections.OrderedDict";
  private static final Set<String> CALLABLE = Set.of(REBUILD_TENSOR, ORDERED_DICT);

  /** Storage class names that are accepted but whose data pmbench does not decode. */
  static final Set<String> UNDECODED_STORAGES = Set.of("torch.BoolStorage", "torch.BFloat16Storage");

  /** A Python global the file names (only the allowed ones are ever made). */
  record Global(String name) {}

  /** A Python tuple (lists are {@link ArrayList}). */
  record Tuple(List<Object> items) {}

  /** Python's None. */
  enum None { NONE }

  /**
   * One storage of the archive ({@code data/<key>}).
   *
   * @param storageClass e.g. {@code torch.FloatStorage}
   * @param key the record name under {@code data/}
   * @param numel its number of elements
   */
  record Storage(String storageClass, String key, long numel) {}

  /**
   * A tensor: a strided view of a storage.
   *
   * @param storage where its elements are
   * @param offset element offset of element (0, ..., 0) in the storage
   * @param size the shape
   * @param stride the step in the storage per step along each axis, in elements
   */
  record Tensor(Storage storage, long offset, long[] size, long[] stride) {}

  /**
   * Caps on what a pickle may make the reader do (issue 26: 256 MB of one opcode took 4 minutes
   * and 6.3 GB). A {@code torch.save} of tensors in dicts, lists and tuples uses a few dozen
   * opcodes, objects and memo entries per tensor and nests a few levels deep; these caps allow
   * about 100,000 tensors while bounding the time (about a second) and heap (at most 256 MB
   * allocated: 2^21 one-item tuples take 140 MB, 2^22 took 272 MB; issue 37).
   */
  static final int MAX_OPCODES = 1 << 23;
  /** Objects pushed on the stack (each opcode that makes or recalls a value). */
  static final int MAX_OBJECTS = 1 << 21;
  static final int MAX_MEMO = 1 << 20;
  /** Open MARKs at once, and (in {@link TorchFile}) dict/list/tuple nesting. */
  static final int MAX_DEPTH = 1000;

  private static final Object MARK = new Object();

  private final String file;
  private final ByteBuffer in;
  private final Deque<Integer> marks = new ArrayDeque<>();
  private final Map<Long, Object> memo = new HashMap<>();
  private final List<Object> items = new ArrayList<>();
  private int opcodes;
  private int objects;

  private TorchPickle(String file, byte[] pickle) {
    this.file = file;
    this.in = ByteBuffer.wrap(pickle).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Reads the object a pickle describes.
   *
   * @param file the file (and record), as named in messages
   */
  static Object load(String file, byte[] pickle) {
    return new TorchPickle(file, pickle).run();
  }

  private Object run() {
    try {
      while (true) {
        int at = in.position();
        int op = in.get() & 0xFF;
        if (++opcodes > MAX_OPCODES) {
          throw tooMuch("more than " + MAX_OPCODES + " opcodes");
        }
        switch (op) {
          case 0x80 -> proto();
          case 0x95 -> in.getLong(); // FRAME: the frame length; frames need no special handling
          case '.' -> {
            return stop();
          }
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
          case 'X' -> push(string(in.getInt() & 0xFFFF_FFFFL));
          case 0x8c -> push(string(in.get() & 0xFF));
          case 0x8d -> push(string(in.getLong()));
          case 'J' -> push((long) in.getInt());
          case 'K' -> push((long) (in.get() & 0xFF));
          case 'M' -> push((long) (in.getShort() & 0xFFFF));
          case 0x8a -> push(long1(in.get() & 0xFF));
          case 'G' -> push(in.duplicate().order(ByteOrder.BIG_ENDIAN).getDouble(advance(8)));
          case 'N' -> push(None.NONE);
          case 0x88 -> push(Boolean.TRUE);
          case 0x89 -> push(Boolean.FALSE);
          case 'q' -> memoPut(in.get() & 0xFF);
          case 'r' -> memoPut(in.getInt() & 0xFFFF_FFFFL);
          case 0x94 -> memoPut(memo.size());
          case 'h' -> push(memoGet(in.get() & 0xFF));
          case 'j' -> push(memoGet(in.getInt() & 0xFFFF_FFFFL));
          case 'c' -> push(global(line() + "." + line()));
          case 0x93 -> stackGlobal();
          case 'Q' -> push(persistent(pop()));
          case 'R' -> reduce();
          default -> throw error("unsupported pickle opcode 0x" + Integer.toHexString(op) + " at byte " + at
              + " (only the opcodes torch.save writes for tensors, dicts, lists and tuples are read)");
        }
      }
    } catch (java.nio.BufferUnderflowException e) {
      throw error("truncated pickle (data.pkl ends before STOP)");
    }
  }

  private InvalidDataException error(String what) {
    return new InvalidDataException(file + ": " + what);
  }

  private InvalidDataException tooMuch(String what) {
    return error("pickle refused: " + what + " (a torch.save pickle of tensors needs far fewer; damaged or hostile file)");
  }

  private void mark() {
    if (marks.size() >= MAX_DEPTH) {
      throw tooMuch("more than " + MAX_DEPTH + " nested MARKs");
    }
    marks.push(items.size());
  }

  private void memoPut(long key) {
    if (memo.size() >= MAX_MEMO && !memo.containsKey(key)) {
      throw tooMuch("more than " + MAX_MEMO + " memo entries");
    }
    memo.put(key, peek());
  }

  private void proto() {
    int v = in.get() & 0xFF;
    if (v < 2 || v > 5) {
      throw error("unsupported pickle protocol " + v + " (torch.save writes protocol 2)");
    }
  }

  private Object stop() {
    if (items.size() != 1 || !marks.isEmpty()) {
      throw error("malformed pickle (STOP with " + items.size() + " objects on the stack)");
    }
    return items.get(0);
  }

  private void push(Object o) {
    if (++objects > MAX_OBJECTS) {
      throw tooMuch("more than " + MAX_OBJECTS + " objects");
    }
    items.add(o);
  }

  private Object pop() {
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

  private int advance(int n) {
    int p = in.position();
    in.position(p + n);
    return p;
  }

  private String string(long length) {
    if (length < 0 || length > in.remaining()) {
      throw error("truncated pickle (a string of " + length + " bytes runs past the end)");
    }
    byte[] b = new byte[(int) length];
    in.get(b);
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      throw error("malformed pickle (a string is not UTF-8)");
    }
  }

  private Object long1(int n) {
    byte[] b = new byte[n];
    in.get(b);
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
      byte b = in.get();
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

  private void stackGlobal() {
    Object name = pop();
    Object module = pop();
    if (!(module instanceof String m) || !(name instanceof String n)) {
      throw error("malformed pickle (STACK_GLOBAL needs two strings)");
    }
    push(global(m + "." + n));
  }

  /** Only allowed globals are ever made; any other name is refused here, before anything else happens. */
  private Global global(String name) {
    if (!CALLABLE.contains(name) && !STORAGES.containsKey(name) && !UNDECODED_STORAGES.contains(name)) {
      throw error("refusing pickle global '" + Printable.escape(name, 200) + "': the .pth reader loads only tensors and dicts/lists/tuples "
          + "of tensors and executes nothing (allowed: " + REBUILD_TENSOR + ", torch.*Storage, " + ORDERED_DICT + ")");
    }
    return new Global(name);
  }

  /** BINPERSID: torch's {@code ('storage', storage_class, key, location, numel)}. */
  private Storage persistent(Object pid) {
    if (pid instanceof Tuple t && t.items().size() == 5 && "storage".equals(t.items().get(0))
        && t.items().get(1) instanceof Global g && (STORAGES.containsKey(g.name()) || UNDECODED_STORAGES.contains(g.name()))
        && t.items().get(2) instanceof String key && t.items().get(4) instanceof Long numel && numel >= 0) {
      return new Storage(g.name(), key, numel);
    }
    throw error("unsupported persistent id " + describe(pid) + " (expected a torch storage)");
  }

  private void reduce() {
    Object args = pop();
    Object callable = pop();
    if (!(callable instanceof Global g) || !CALLABLE.contains(g.name()) || !(args instanceof Tuple t)) {
      throw error("refusing to call " + describe(callable) + " (only " + REBUILD_TENSOR + " and " + ORDERED_DICT
          + " are rebuilt)");
    }
    if (g.name().equals(ORDERED_DICT)) {
      if (!t.items().isEmpty()) {
        throw error("unsupported OrderedDict(...) with arguments");
      }
      push(new LinkedHashMap<Object, Object>());
      return;
    }
    push(tensor(t.items()));
  }

  /** {@code _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks[, metadata])}. */
  private Tensor tensor(List<Object> a) {
    if (a.size() < 4 || !(a.get(0) instanceof Storage s) || !(a.get(1) instanceof Long offset)
        || !(a.get(2) instanceof Tuple size) || !(a.get(3) instanceof Tuple stride)
        || size.items().size() != stride.items().size()) {
      throw error("malformed tensor in the pickle (_rebuild_tensor_v2 arguments " + describe(new Tuple(a)) + ")");
    }
    return new Tensor(s, offset, longs(size), longs(stride));
  }

  private long[] longs(Tuple t) {
    long[] out = new long[t.items().size()];
    for (int i = 0; i < out.length; i++) {
      if (!(t.items().get(i) instanceof Long v) || v < 0) {
        throw error("malformed tensor in the pickle (size and stride must be non-negative integers)");
      }
      out[i] = v;
    }
    return out;
  }

  private static String typeName(Object o) {
    if (o instanceof Map) {
      return "dict";
    }
    if (o instanceof List) {
      return "list";
    }
    return o instanceof Tuple ? "tuple" : o == null ? "nothing" : o.getClass().getSimpleName();
  }

  private static String describe(Object o) {
    if (o instanceof Global g) {
      return g.name();
    }
    String s = o instanceof Tuple t ? t.items().stream().map(TorchPickle::typeName).toList().toString() : typeName(o);
    return s.length() > 120 ? s.substring(0, 120) + "..." : s;
  }
}
