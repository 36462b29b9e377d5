package io.pmbench.datasets.format;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;
import io.jhdf.dataset.DatasetBase;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.pmbench.core.data.InvalidDataException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * HDF5 files ({@code .h5}, {@code .hdf5}) read with jhdf (pure Java; the file is memory-mapped),
 * and MATLAB v7.3 {@code .mat} files, which are HDF5 with a 512-byte MATLAB header.
 *
 * <p>Arrays are data sets, named by their path without the leading slash ({@code features},
 * {@code train/features}); a leading slash is accepted. Contiguous data sets are decoded from the
 * mapped file straight into the output array, {@value #BLOCK_BYTES} bytes of rows at a time;
 * chunked (possibly compressed) ones one chunk at a time. Element types: float16/32/64,
 * int8/16/32/64, uint8/16/32, either byte order.
 *
 * <p>MATLAB writes an {@code m × n} array column-major, so in the HDF5 file its shape reads
 * {@code (n, m)}: in {@linkplain #matlab(DataSource) MATLAB mode} shapes are reversed back and
 * elements reordered, labels may be whole-valued {@code double} (MATLAB's default class) and
 * may be row vectors, and MATLAB's bookkeeping groups ({@code #refs#}, {@code #subsystem#}) are
 * not arrays.
 */
final class Hdf5File extends NamedArrayFile {
  /** Rows of a contiguous data set are read this many bytes at a time (bounded mapping). */
  static final long BLOCK_BYTES = 1L << 28;

  private final HdfFile hdf;
  private final boolean matlab;
  private final SortedSet<String> names;

  private Hdf5File(DataSource source, boolean matlab) {
    super(source, matlab ? FileFormat.MAT : FileFormat.HDF5);
    this.matlab = matlab;
    String kind = matlab ? "MATLAB v7.3 (HDF5)" : "HDF5";
    Path path = source.requireFile(kind);
    try {
      this.hdf = new HdfFile(path);
    } catch (RuntimeException | OutOfMemoryError e) { // a corrupt superblock size; see below
      throw new InvalidDataException(name() + ": not a valid " + kind + " file: bad magic or truncated (" + describe(e)
          + ")", e);
    }
    long size = path.toFile().length();
    // The HDF5 library writes the end-of-file address counting the user block (MATLAB's 512
    // bytes) in practice, though the format says addresses are relative to the base address;
    // without the user block the check is conservative either way.
    long end = hdf.getHdfBackingStorage().getSuperblock().getEndOfFileAddress();
    if (size < end) {
      hdf.close();
      throw new InvalidDataException(name() + ": truncated: the " + kind + " superblock says the file ends at byte " + end
          + ", the file has " + size + " bytes");
    }
    try {
      SortedSet<String> n = new TreeSet<>();
      collect(hdf, n);
      this.names = Collections.unmodifiableSortedSet(n);
    } catch (InvalidDataException e) {
      hdf.close();
      throw e;
    } catch (RuntimeException | OutOfMemoryError e) {
      // jHDF allocates each object header at the size the file states before reading it; a
      // corrupt size fails as one oversized allocation (the heap is not exhausted, nothing else
      // was allocated), and the headers of a real file are small, so this is damage, not -Xmx.
      // FuzzTest's slow variant found such files.
      hdf.close();
      throw new InvalidDataException(name() + ": corrupt " + kind + " file (" + describe(e) + ")", e);
    }
  }

  /** An HDF5 file. */
  static Hdf5File hdf5(DataSource source) {
    return new Hdf5File(source, false);
  }

  /** A MATLAB v7.3 file (HDF5 underneath; shapes reversed). */
  static Hdf5File matlab(DataSource source) {
    return new Hdf5File(source, true);
  }

  /** Groups nested in each other above a data set; a real file nests a few. */
  static final int MAX_GROUP_DEPTH = 64;
  /** The longest data-set path read (its name in messages and on the command line). */
  static final int MAX_PATH = 4096;

  /**
   * Adds every data set under {@code root} to {@code out}, walking the groups with a stack of its
   * own (no recursion), each group once even when hard links reach it twice (a cycle or a
   * diamond); refuses groups nested more than {@link #MAX_GROUP_DEPTH} deep and paths longer than
   * {@link #MAX_PATH} characters.
   */
  private void collect(Group root, SortedSet<String> out) {
    Deque<Group> groups = new ArrayDeque<>(List.of(root));
    Deque<Integer> depths = new ArrayDeque<>(List.of(0));
    Set<Long> seen = new HashSet<>(List.of(root.getAddress()));
    while (!groups.isEmpty()) {
      Group group = groups.pop();
      int depth = depths.pop();
      for (Node node : group.getChildren().values()) {
        if (node.isLink() || (matlab && node.getName().startsWith("#"))) {
          continue;
        }
        String path = node.getPath();
        if (path.length() > MAX_PATH) {
          throw new InvalidDataException(name() + ": corrupt or hostile file: a path is longer than " + MAX_PATH
              + " characters (" + Printable.escape(path, 100) + ")");
        }
        if (node instanceof Dataset) {
          out.add(path.substring(1));
        } else if (node instanceof Group g && seen.add(g.getAddress())) {
          if (depth + 1 > MAX_GROUP_DEPTH) {
            throw new InvalidDataException(name() + ": corrupt or hostile file: groups nested more than "
                + MAX_GROUP_DEPTH + " deep (at " + Printable.escape(path, 100) + ")");
          }
          groups.push(g);
          depths.push(depth + 1);
        }
      }
    }
  }

  @Override
  public SortedSet<String> arrayNames() {
    return names;
  }

  @Override
  protected String normalise(String array) {
    return array.startsWith("/") ? array.substring(1) : array;
  }

  @Override
  public long[] shape(Optional<String> array) {
    String a = resolve(array);
    return guarded(a, () -> logicalShape(dataset(a)));
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    String a = resolve(array);
    List<FeatureArray> parts = guarded(a, () -> {
      Dataset d = dataset(a);
      Element type = elementType(a, d);
      long[] shape = logicalShape(d);
      checkStorage(a, d, type, Float.BYTES);
      FeatureSink sink = new FeatureSink(label(a), shape, shapeText(shape), routing);
      readElements(a, d, type, (k, bb) -> sink.put(k, (float) type.type().decode(bb)));
      return sink.finish("");
    });
    String sha = sha256();
    return parts.stream().map(p -> new FeatureArray(p.source(), p.data(), p.rows(), p.cols(), sha)).toList();
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    String a = resolve(array);
    LabelSink labels = guarded(a, () -> {
      Dataset d = dataset(a);
      Element type = elementType(a, d);
      long[] shape = logicalShape(d);
      checkStorage(a, d, type, Long.BYTES);
      LabelSink sink = new LabelSink(label(a), shape, shapeText(shape), type.name(), type.type().isInteger(), matlab,
          matlab);
      if (type.type().isInteger()) {
        readElements(a, d, type, (k, bb) -> sink.putInteger((int) k, type.type().decodeInteger(bb)));
      } else {
        readElements(a, d, type, (k, bb) -> sink.putFloat((int) k, type.type().decode(bb)));
      }
      return sink;
    });
    return labels.finish(sha256());
  }

  private Dataset dataset(String array) {
    return hdf.getDatasetByPath("/" + array);
  }

  /** The shape as the user sees it (MATLAB: the file's axes reversed). */
  private long[] logicalShape(Dataset d) {
    long[] s = d.isScalar() ? new long[0] : d.getDimensionsAsLong();
    if (!matlab) {
      return s;
    }
    long[] r = new long[s.length];
    for (int i = 0; i < s.length; i++) {
      r[i] = s[s.length - 1 - i];
    }
    return r;
  }

  private static String shapeText(long[] shape) {
    return new ArrayHeader(ElementType.UINT8, ByteOrder.LITTLE_ENDIAN, shape, false, "").shapeText();
  }

  /** An HDF5 element type that pmbench decodes. */
  private record Element(ElementType type, ByteOrder order, String name) {}

  private Element elementType(String array, Dataset d) {
    DataType t = d.getDataType();
    String matlabClass = matlab ? matlabClass(d) : "";
    if (matlab && (matlabClass.equals("logical") || matlabClass.equals("char") || matlabClass.equals("cell")
        || matlabClass.equals("struct"))) {
      throw new InvalidDataException(label(array) + ": unsupported dtype: MATLAB class " + matlabClass
          + " (supported: double, single, int8/16/32/64, uint8/16/32)");
    }
    if (t instanceof FloatingPoint f) {
      ElementType e = switch (f.getSize()) {
        case 2 -> ElementType.FLOAT16;
        case 4 -> ElementType.FLOAT32;
        case 8 -> ElementType.FLOAT64;
        default -> null;
      };
      if (e != null) {
        return new Element(e, f.getByteOrder(), numpyName(f.getByteOrder(), "f", f.getSize()));
      }
    } else if (t instanceof FixedPoint x) {
      ElementType e = switch (x.getSize() * (x.isSigned() ? 1 : -1)) {
        case 1 -> ElementType.INT8;
        case 2 -> ElementType.INT16;
        case 4 -> ElementType.INT32;
        case 8 -> ElementType.INT64;
        case -1 -> ElementType.UINT8;
        case -2 -> ElementType.UINT16;
        case -4 -> ElementType.UINT32;
        default -> null;
      };
      String name = numpyName(x.getByteOrder(), x.isSigned() ? "i" : "u", x.getSize());
      if (e != null) {
        return new Element(e, x.getByteOrder(), name);
      }
      throw unsupported(array, name);
    }
    throw unsupported(array, typeDescription(t));
  }

  private InvalidDataException unsupported(String array, String typeName) {
    return new InvalidDataException(label(array) + ": unsupported dtype " + typeName
        + " (supported: float16/32/64, int8/16/32/64, uint8/16/32)");
  }

  private static String typeDescription(DataType t) {
    String n = t.getClass().getSimpleName().replace("DataType", "").toLowerCase(Locale.ROOT);
    return "'" + (n.isEmpty() ? "unknown" : n) + "' (HDF5 class " + t.getDataClass() + ", " + t.getSize() + " bytes)";
  }

  private static String numpyName(ByteOrder order, String kind, int size) {
    return "'" + (size == 1 ? "|" : order == ByteOrder.BIG_ENDIAN ? ">" : "<") + kind + size + "'";
  }

  private static String matlabClass(Dataset d) {
    Attribute a = d.getAttribute("MATLAB_class");
    if (a == null) {
      return "";
    }
    Object v = a.getData();
    if (v instanceof String s) {
      return s;
    }
    ByteBuffer b = a.getBuffer();
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    return new String(bytes, StandardCharsets.US_ASCII).trim();
  }

  /** Receives element {@code k} (C-order index of the logical array) by decoding it from {@code bb}. */
  @FunctionalInterface
  private interface ElementSink {
    void accept(long k, ByteBuffer bb);
  }

  /**
   * Before anything is allocated: a contiguous data set must lie inside the file; a chunked one's
   * chunks must supply its shape ({@link Hdf5Chunks#check}: stored sizes summed against the file,
   * through deflate at most 1100:1, and a counting pass before a large output); any other layout
   * cannot decompress to more than deflate's ratio of the file. {@code outputBytesPerElement} is
   * what the caller allocates per element.
   */
  private void checkStorage(String array, Dataset d, Element type, int outputBytesPerElement) {
    long[] dims = d.isScalar() ? new long[0] : d.getDimensionsAsLong();
    long elements = 1;
    for (long n : dims) {
      if (n < 0) {
        throw new InvalidDataException(label(array) + ": corrupt header: negative dimension in shape " + shapeText(dims));
      }
      elements = n == 0 || elements == 0 ? 0 : Allocation.bytes(elements, n);
    }
    long bytes = Allocation.bytes(elements, type.type().bytes());
    long fileBytes = hdf.size();
    if (d instanceof ContiguousDataset c && !d.isEmpty()) {
      long start = c.getDataAddress() + hdf.getUserBlockSize();
      if (c.getDataAddress() < 0 || bytes > fileBytes || start > fileBytes - bytes) {
        throw new InvalidDataException(label(array) + ": truncated: the data set's " + bytes + " bytes at byte "
            + start + " run past the end of the file (" + fileBytes + " bytes)");
      }
    } else if (d instanceof ChunkedDataset c && elements > 0) {
      Hdf5Chunks.check(c, type.type().bytes(), fileBytes, Allocation.bytes(elements, outputBytesPerElement));
    } else if (bytes > Allocation.maxInflated(fileBytes)) {
      throw new InvalidDataException(label(array) + ": truncated or corrupt: shape " + shapeText(dims) + " needs "
          + bytes + " bytes, more than a " + fileBytes + "-byte file can hold");
    }
  }

  private void readElements(String array, Dataset d, Element type, ElementSink sink) {
    if (d.isEmpty() && d.getSize() > 0) {
      throw new InvalidDataException(label(array) + ": data set has no data written (empty storage)");
    }
    if (d instanceof ChunkedDataset c) {
      readChunked(c, type, sink);
    } else if (d instanceof ContiguousDataset c && !d.isScalar()) {
      readContiguous(c, type, sink);
    } else if (d instanceof DatasetBase b) {
      ByteBuffer bb = b.getDataBuffer();
      readRun(bb, type, d.getSize(), new Mapper(d.isScalar() ? new long[0] : d.getDimensionsAsLong(), matlab), 0, sink);
    } else {
      throw new InvalidDataException(label(array) + ": unsupported HDF5 data set layout " + d.getClass().getSimpleName());
    }
  }

  /** Decodes {@code count} elements from {@code bb}, file-order indices from {@code first} on. */
  private static void readRun(ByteBuffer bb, Element type, long count, Mapper mapper, long first, ElementSink sink) {
    long needed = count * type.type().bytes();
    if (bb.remaining() < needed) {
      throw new InvalidDataException("truncated: data set needs " + needed + " bytes, the file holds " + bb.remaining());
    }
    ByteBuffer b = bb.duplicate().order(type.order());
    for (long i = 0; i < count; i++) {
      sink.accept(mapper.target(first + i), b);
    }
  }

  /**
   * A contiguous data set: the file is memory-mapped {@value #BLOCK_BYTES} bytes at a time (no
   * heap copy) and each element decoded straight into the output.
   */
  private void readContiguous(ContiguousDataset d, Element type, ElementSink sink) {
    int size = type.type().bytes();
    long count = d.getSize();
    long perBlock = BLOCK_BYTES / size;
    Mapper mapper = new Mapper(d.getDimensionsAsLong(), matlab);
    for (long first = 0; first < count; first += perBlock) {
      long n = Math.min(perBlock, count - first);
      ByteBuffer mapped = hdf.getHdfBackingStorage().map(d.getDataAddress() + first * size, n * size);
      readRun(mapped, type, n, mapper, first, sink);
    }
  }

  private void readChunked(ChunkedDataset d, Element type, ElementSink sink) {
    if (d.getSize() == 0) {
      return;
    }
    long[] dims = d.getDimensionsAsLong();
    int[] chunk = d.getChunkDimensions();
    int rank = dims.length;
    Mapper mapper = new Mapper(dims, matlab);
    Hdf5Chunks chunks = Hdf5Chunks.check(d, type.type().bytes(), hdf.size(), 0);
    long chunkElements = chunks.chunkBytes() / type.type().bytes();
    int[] offset = new int[rank];
    long[] fileStride = new long[rank];
    long s = 1;
    for (int a = rank - 1; a >= 0; a--) {
      fileStride[a] = s;
      s *= dims[a];
    }
    do {
      ByteBuffer bb = chunks.decode(offset).order(type.order());
      int[] local = new int[rank];
      for (long e = 0; e < chunkElements; e++) {
        boolean inside = true;
        long fileIndex = 0;
        for (int a = 0; a < rank; a++) {
          long g = (long) offset[a] + local[a];
          inside &= g < dims[a];
          fileIndex += g * fileStride[a];
        }
        if (inside) {
          sink.accept(mapper.target(fileIndex), bb);
        } else {
          bb.position(bb.position() + type.type().bytes());
        }
        for (int a = rank - 1; a >= 0 && ++local[a] == chunk[a]; a--) {
          local[a] = 0;
        }
      }
    } while (chunks.next(offset));
  }

  /**
   * From an element's C-order index in the file's data set to its C-order index in the logical
   * array: the same index for HDF5; for MATLAB (axes reversed) the file's multi-index read in
   * Fortran order.
   */
  private static final class Mapper {
    private final long[] dims;
    private final long[] weight;

    Mapper(long[] fileDims, boolean reversed) {
      this.dims = fileDims;
      if (reversed && fileDims.length > 1) {
        weight = new long[fileDims.length];
        long w = 1;
        for (int a = 0; a < fileDims.length; a++) {
          weight[a] = w;
          w *= fileDims[a];
        }
      } else {
        weight = null;
      }
    }

    long target(long fileIndex) {
      if (weight == null) {
        return fileIndex;
      }
      long rest = fileIndex;
      long target = 0;
      for (int a = dims.length - 1; a >= 0; a--) {
        target += (rest % dims[a]) * weight[a];
        rest /= dims[a];
      }
      return target;
    }
  }

  /** Runs a read, turning jhdf's failures on a damaged file into one line naming the array. */
  private <T> T guarded(String array, Supplier<T> read) {
    try {
      return read.get();
    } catch (InvalidDataException e) {
      String m = e.getMessage();
      if (m.startsWith(name())) {
        throw e;
      }
      throw new InvalidDataException(label(array) + ": " + m, e);
    } catch (RuntimeException e) {
      throw new InvalidDataException(label(array) + ": corrupt or truncated " + (matlab ? "MATLAB v7.3 (HDF5)" : "HDF5")
          + " data (" + describe(e) + ")", e);
    }
  }

  @Override
  public void close() {
    hdf.close();
  }
}
