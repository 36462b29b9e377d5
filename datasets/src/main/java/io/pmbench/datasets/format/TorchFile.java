package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.TorchPickle.Tensor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * PyTorch {@code .pth}/{@code .pt} files as {@code torch.save} writes them (torch ≥ 1.6): a zip
 * archive holding {@code <name>/data.pkl}, a pickle of the saved object, and one record
 * {@code <name>/data/<key>} of raw little-endian elements per storage (big endian when the
 * archive's {@code byteorder} record says so). The pickle is read by {@link TorchPickle}, which
 * executes nothing and refuses any global other than those that rebuild tensors.
 *
 * <p>Arrays are the tensors of the saved object: a bare tensor is the file's only array (name
 * {@code ""}); tensors inside dicts, lists and tuples are named by their path, keys and indices
 * joined by {@code /} ({@code features}, {@code train/labels}, {@code 0}). Other values (numbers,
 * strings) are ignored. A tensor may be any non-overlapping strided view (a transpose, a slice);
 * its storage record is streamed once, in storage order, each element written straight to its
 * place in the output.
 */
final class TorchFile extends NamedArrayFile {
  /**
   * The largest {@code data.pkl} read: the pickle of a {@code torch.save} of tensors holds only
   * their descriptions (a few hundred bytes each), never their data.
   */
  private static final long MAX_PICKLE_BYTES = 1L << 25;
  private static final int BUFFER = 1 << 16;
  /** The longest array name (path of dict keys and indices) accepted. */
  private static final int MAX_PATH = 1 << 12;

  private final ZipFile zip;
  private final String prefix;
  private final ByteOrder order;
  private final Map<String, Tensor> tensors;

  TorchFile(DataSource source) {
    super(source, FileFormat.TORCH);
    Path path = source.requireFile("PyTorch .pth");
    checkMagic(path);
    this.zip = ZipMagic.open(path, name(), "PyTorch");
    try {
      ZipEntry pkl = zip.stream().filter(e -> e.getName().endsWith("/data.pkl")
          && e.getName().indexOf('/') == e.getName().length() - "/data.pkl".length()).findFirst()
          .orElseThrow(() -> new InvalidDataException(name() + ": no <name>/data.pkl record (not a torch.save archive)"));
      this.prefix = pkl.getName().substring(0, pkl.getName().length() - "data.pkl".length());
      this.order = byteOrder();
      Object root = TorchPickle.load(name() + "[" + Printable.escape(pkl.getName(), 200) + "]",
          bytes(pkl, MAX_PICKLE_BYTES));
      Map<String, Tensor> found = new LinkedHashMap<>();
      flatten(root, found);
      this.tensors = Collections.unmodifiableMap(found);
    } catch (InvalidDataException e) {
      close();
      throw e;
    } catch (RuntimeException | IOException e) {
      close();
      throw new InvalidDataException(name() + ": corrupt PyTorch archive (" + describe(e) + ")", e);
    }
  }

  private void checkMagic(Path path) {
    if (ZipMagic.startsWith(path, name(), (byte) 0x80)) {
      throw new InvalidDataException(name() + ": legacy PyTorch serialization (torch < 1.6, or "
          + "_use_new_zipfile_serialization=False) is not supported; re-save with torch.save(obj, path) from torch >= 1.6");
    }
    ZipMagic.require(path, name(), "PyTorch .pth");
  }

  private ByteOrder byteOrder() throws IOException {
    ZipEntry e = zip.getEntry(prefix + "byteorder");
    if (e == null) {
      return ByteOrder.LITTLE_ENDIAN;
    }
    String text = new String(bytes(e, 16), StandardCharsets.US_ASCII).strip();
    return switch (text) {
      case "little" -> ByteOrder.LITTLE_ENDIAN;
      case "big" -> ByteOrder.BIG_ENDIAN;
      default -> throw new InvalidDataException(name() + ": unknown byteorder record '" + Printable.escape(text) + "'");
    };
  }

  private byte[] bytes(ZipEntry e, long max) throws IOException {
    if (e.getSize() > max) {
      throw new InvalidDataException(name() + ": record " + Printable.escape(e.getName(), 200)
          + " is implausibly large (" + e.getSize() + " bytes)");
    }
    byte[] b;
    try (InputStream in = zip.getInputStream(e)) {
      b = in.readNBytes((int) max + 1);
    }
    if (b.length > max) {
      throw new InvalidDataException(name() + ": record " + Printable.escape(e.getName(), 200)
          + " is implausibly large (more than " + max + " bytes once inflated)");
    }
    return b;
  }

  /** A container being walked: the names of its entries start with {@code prefix}; {@code next} gives them. */
  private record Frame(String prefix, Iterator<? extends Map.Entry<?, ?>> next, int depth) {}

  /**
   * Every tensor under {@code root}, named by its path of dict keys and indices, in the order a
   * depth-first walk meets them; walked with a stack of its own (no recursion), each container
   * once, refusing nesting deeper than {@link TorchPickle#MAX_DEPTH} and names longer than
   * {@link #MAX_PATH}.
   */
  private void flatten(Object root, Map<String, Tensor> out) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Frame> stack = new ArrayDeque<>();
    visit("", root, 0, out, seen, stack);
    while (!stack.isEmpty()) {
      Frame f = stack.peek();
      if (!f.next().hasNext()) {
        stack.pop();
        continue;
      }
      Map.Entry<?, ?> e = f.next().next();
      visit(f.prefix() + e.getKey(), e.getValue(), f.depth() + 1, out, seen, stack);
    }
  }

  /** Takes a tensor, or pushes a container not seen before; refuses one too deep or too long a name. */
  private void visit(String path, Object o, int depth, Map<String, Tensor> out, Set<Object> seen, Deque<Frame> stack) {
    if (depth > TorchPickle.MAX_DEPTH || path.length() > MAX_PATH) {
      throw new InvalidDataException(name() + ": pickle refused: dicts, lists and tuples nested more than "
          + TorchPickle.MAX_DEPTH + " deep or array names longer than " + MAX_PATH + " characters (damaged or hostile file)");
    }
    if (o instanceof Tensor t) {
      out.put(path, t);
      return;
    }
    if (!(o instanceof Map || o instanceof List || o instanceof TorchPickle.Tuple) || !seen.add(o)) {
      return;
    }
    String p = path.isEmpty() ? "" : path + "/";
    if (o instanceof Map<?, ?> m) {
      stack.push(new Frame(p, m.entrySet().iterator(), depth));
    } else {
      List<?> items = o instanceof TorchPickle.Tuple t ? t.items() : (List<?>) o;
      stack.push(new Frame(p, java.util.stream.IntStream.range(0, items.size())
          .mapToObj(i -> new java.util.AbstractMap.SimpleImmutableEntry<>(i, items.get(i))).iterator(), depth));
    }
  }

  @Override
  public SortedSet<String> arrayNames() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(tensors.keySet()));
  }

  @Override
  public long[] shape(Optional<String> array) {
    return tensors.get(resolve(array)).size().clone();
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    String a = resolve(array);
    Tensor t = tensors.get(a);
    ElementType type = elementType(a, t);
    Layout layout = guarded(a, () -> layout(a, t, type));
    FeatureSink sink = new FeatureSink(label(a), t.size(), shapeText(t.size()), routing);
    guarded(a, () -> {
      walk(layout, (k, bb) -> sink.put(k, (float) type.decode(bb)));
      return null;
    });
    return sink.finish(sha256());
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    String a = resolve(array);
    Tensor t = tensors.get(a);
    ElementType type = elementType(a, t);
    Layout layout = guarded(a, () -> layout(a, t, type));
    LabelSink sink = new LabelSink(label(a), t.size(), shapeText(t.size()), typeName(t), type.isInteger(), false, false);
    guarded(a, () -> {
      walk(layout, (k, bb) -> sink.putInteger((int) k, type.decodeInteger(bb)));
      return null;
    });
    return sink.finish(sha256());
  }

  private ElementType elementType(String array, Tensor t) {
    ElementType type = TorchPickle.STORAGES.get(t.storage().storageClass());
    if (type == null) {
      throw new InvalidDataException(label(array) + ": unsupported dtype " + typeName(t)
          + " (supported: float16/32/64, int8/16/32/64, uint8)");
    }
    return type;
  }

  private static String typeName(Tensor t) {
    return "'" + t.storage().storageClass() + "'";
  }

  private static String shapeText(long[] shape) {
    return new ArrayHeader(ElementType.UINT8, ByteOrder.LITTLE_ENDIAN, shape, false, "").shapeText();
  }

  /** Receives element {@code k} (C-order index in the tensor) by decoding it from {@code bb}. */
  @FunctionalInterface
  private interface ElementSink {
    void accept(long k, ByteBuffer bb);
  }

  /**
   * Where a tensor's elements are, checked before anything is allocated: the view's axes in
   * decreasing stride, the storage record, and its bytes.
   *
   * @param count elements of the view
   * @param axes the axes longer than 1, in decreasing stride
   */
  private record Layout(String array, Tensor t, int bytes, long count, Integer[] axes, ZipEntry record) {}

  /**
   * Checks, before the output is allocated, that the view is non-overlapping, lies inside its
   * storage, and that the storage record really holds the bytes it needs: a stored record's
   * bytes lie in the file (its size is at most the file's); a compressed one is inflated once,
   * in constant memory, up to the bytes needed ({@link Allocation}).
   */
  private Layout layout(String array, Tensor t, ElementType type) throws IOException {
    long[] size = t.size();
    long count = 1;
    for (long s : size) {
      count = Math.multiplyExact(count, s);
    }
    Integer[] axes = java.util.stream.IntStream.range(0, size.length).filter(a -> size[a] > 1).boxed()
        .sorted(Comparator.comparingLong((Integer a) -> t.stride()[a]).reversed()).toArray(Integer[]::new);
    ZipEntry e = zip.getEntry(prefix + "data/" + t.storage().key());
    Layout layout = new Layout(array, t, type.bytes(), count, axes, e);
    if (count == 0) {
      return layout;
    }
    long span = 0;
    for (int i = axes.length - 1; i >= 0; i--) {
      long stride = t.stride()[axes[i]];
      if (stride <= span) {
        throw new InvalidDataException(label(array) + ": unsupported tensor layout: overlapping strides "
            + Arrays.toString(t.stride()) + " for shape " + shapeText(size)
            + " (an expanded or broadcast view); save tensor.contiguous() instead");
      }
      span = Math.addExact(span, Math.multiplyExact(size[axes[i]] - 1, stride));
    }
    long last = Math.addExact(t.offset(), span);
    if (last >= t.storage().numel()) {
      throw new InvalidDataException(label(array) + ": shape mismatch: the view (offset " + t.offset() + ", shape "
          + shapeText(size) + ", stride " + Arrays.toString(t.stride()) + ") runs past its storage of "
          + t.storage().numel() + " elements");
    }
    String record = Printable.escape(prefix + "data/" + t.storage().key(), 200);
    if (e == null) {
      throw new InvalidDataException(label(array) + ": truncated: the archive has no storage record " + record);
    }
    long needed = Math.multiplyExact(last + 1, (long) type.bytes());
    long holds = recordBytes(e, needed);
    if (holds < needed) {
      throw new InvalidDataException(label(array) + ": truncated: storage record " + record + " holds " + holds
          + " bytes, the tensor needs " + needed);
    }
    return layout;
  }

  /**
   * How many bytes record {@code e} really holds, counted up to {@code needed}: a stored record
   * by its size when that fits in the file, any other by inflating it (no more than
   * {@code needed} bytes are read, none kept).
   */
  private long recordBytes(ZipEntry e, long needed) throws IOException {
    long fileSize = source.size().orElse(Long.MAX_VALUE);
    if (e.getMethod() == ZipEntry.STORED && e.getSize() >= 0) {
      if (e.getSize() > fileSize) {
        throw new InvalidDataException(name() + ": corrupt: storage record " + Printable.escape(e.getName(), 200)
            + " claims " + e.getSize() + " bytes, more than the " + fileSize + "-byte file holds");
      }
      return e.getSize();
    }
    if (e.getCompressedSize() >= 0 && needed > Allocation.maxInflated(e.getCompressedSize())) {
      throw new InvalidDataException(name() + ": truncated or corrupt: storage record " + Printable.escape(e.getName(), 200)
          + " of " + e.getCompressedSize() + " compressed bytes cannot inflate to the " + needed + " bytes a tensor needs");
    }
    long n = 0;
    try (InputStream in = zip.getInputStream(e)) {
      byte[] buf = new byte[BUFFER];
      int r;
      while (n < needed && (r = in.read(buf, 0, (int) Math.min(buf.length, needed - n))) >= 0) {
        n += r;
      }
    }
    return n;
  }

  /**
   * Streams the tensor's storage record once and hands each element of the view to {@code sink}
   * with its C-order index. Axes are visited in decreasing stride, so storage positions only grow
   * and gaps (a slice of a larger storage) are skipped.
   */
  private void walk(Layout layout, ElementSink sink) throws IOException {
    Tensor t = layout.t();
    long[] size = t.size();
    long count = layout.count();
    if (count == 0) {
      return;
    }
    Integer[] axes = layout.axes();
    int bytes = layout.bytes();
    String record = Printable.escape(layout.record().getName(), 200);
    long[] cStride = new long[size.length];
    long c = 1;
    for (int a = size.length - 1; a >= 0; a--) {
      cStride[a] = c;
      c *= size[a];
    }
    try (InputStream in = zip.getInputStream(layout.record())) {
      Storage storage = new Storage(in, order, label(layout.array()), record);
      long[] index = new long[axes.length];
      long pos = t.offset();
      long k = 0;
      for (long done = 0; done < count; done++) {
        sink.accept(k, storage.at(pos * bytes, bytes));
        for (int i = axes.length - 1; i >= 0; i--) {
          int a = axes[i];
          if (++index[i] < size[a]) {
            pos += t.stride()[a];
            k += cStride[a];
            break;
          }
          index[i] = 0;
          pos -= (size[a] - 1) * t.stride()[a];
          k -= (size[a] - 1) * cStride[a];
        }
      }
    }
  }

  /** A forward-only window over a storage record. */
  private static final class Storage {
    private final InputStream in;
    private final String name;
    private final String record;
    private final ByteBuffer buf;
    private long start;

    Storage(InputStream in, ByteOrder order, String name, String record) {
      this.in = in;
      this.name = name;
      this.record = record;
      this.buf = ByteBuffer.allocate(BUFFER).order(order);
      buf.limit(0);
    }

    /** The buffer, positioned at byte {@code offset} of the record (offsets never decrease). */
    ByteBuffer at(long offset, int bytes) throws IOException {
      while (offset + bytes > start + buf.limit()) {
        start += buf.limit();
        int n = in.readNBytes(buf.array(), 0, BUFFER);
        buf.limit(n);
        if (n == 0) {
          throw new InvalidDataException(name + ": truncated: storage record " + record + " ends at byte " + start);
        }
      }
      buf.position((int) (offset - start));
      return buf;
    }
  }

  private <T> T guarded(String array, IoSupplier<T> body) {
    try {
      return body.get();
    } catch (InvalidDataException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new InvalidDataException(label(array) + ": corrupt or truncated PyTorch storage (" + describe(e) + ")", e);
    }
  }

  /** A read that may fail with an I/O error. */
  @FunctionalInterface
  private interface IoSupplier<T> {
    T get() throws IOException;
  }

  @Override
  public void close() {
    try {
      zip.close();
    } catch (IOException e) {
      // read-only; nothing to lose
    }
  }
}
