package io.pmbench.datasets.format;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
 * <p>Opcodes: those of protocols 2–4 that such a file uses: the common ones of {@link Unpickler}
 * and FRAME, the unicode string forms, LONG1, BINFLOAT, MEMOIZE, STACK_GLOBAL and BINPERSID; any
 * other opcode is refused. The caps on opcodes, objects, memo and MARKs are {@link Unpickler}'s:
 * a {@code torch.save} of tensors in dicts, lists and tuples uses a few dozen opcodes, objects and
 * memo entries per tensor and nests a few levels deep, so they allow about 100,000 tensors while
 * bounding the time (about a second) and heap (about 200 MB).
 */
final class TorchPickle extends Unpickler {
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

  private final long length;

  private TorchPickle(String file, byte[] pickle) {
    super(file, Unpickler.of(pickle));
    this.length = pickle.length;
  }

  /**
   * Reads the object a pickle describes.
   *
   * @param file the file (and record), as named in messages
   */
  static Object load(String file, byte[] pickle) {
    return new TorchPickle(file, pickle).run();
  }

  @Override
  protected String expected() {
    return "a torch.save pickle of tensors";
  }

  @Override
  protected void protocol(int v) {
    if (v < 2 || v > 5) {
      throw error("unsupported pickle protocol " + v + " (torch.save writes protocol 2)");
    }
  }

  @Override
  protected boolean extra(int op) {
    switch (op) {
      case 0x95 -> in.i64(); // FRAME: the frame length; frames need no special handling
      case 'X' -> push(string(in.i32() & 0xFFFF_FFFFL));
      case 0x8c -> push(string(in.u8()));
      case 0x8d -> push(string(in.i64()));
      case 0x8a -> push(long1(in.u8()));
      case 'G' -> push(in.f64());
      case 0x94 -> memoPut(memoSize());
      case 0x93 -> stackGlobal();
      case 'Q' -> push(persistent(pop()));
      default -> {
        return false;
      }
    }
    return true;
  }

  private String string(long n) {
    if (n < 0 || n > length - in.position()) {
      throw error("truncated pickle (a string of " + n + " bytes runs past the end)");
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(in.bytes((int) n))).toString();
    } catch (CharacterCodingException e) {
      throw error("malformed pickle (a string is not UTF-8)");
    }
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
  @Override
  protected Global global(String name) {
    if (!CALLABLE.contains(name) && !STORAGES.containsKey(name) && !UNDECODED_STORAGES.contains(name)) {
      throw refuseGlobal(name, "the .pth reader loads only tensors and dicts/lists/tuples of tensors",
          REBUILD_TENSOR + ", torch.*Storage, " + ORDERED_DICT);
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

  @Override
  protected Object reduce(Object callable, Object args) {
    if (!(callable instanceof Global g) || !CALLABLE.contains(g.name()) || !(args instanceof Tuple t)) {
      throw error("refusing to call " + describe(callable) + " (only " + REBUILD_TENSOR + " and " + ORDERED_DICT
          + " are rebuilt)");
    }
    if (g.name().equals(ORDERED_DICT)) {
      if (!t.items().isEmpty()) {
        throw error("unsupported OrderedDict(...) with arguments");
      }
      return new LinkedHashMap<Object, Object>();
    }
    return tensor(t.items());
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
}
