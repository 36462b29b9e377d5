package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5Reader;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Source;
import us.hebi.matlab.mat.types.Sources;

/**
 * MATLAB v5 {@code .mat} files (also the v6 and v7 variants, compressed or not), read with MFL
 * ({@code us.hebi.matlab.mat:mfl-core}, pure Java). Arrays are the file's top-level variables.
 * Opening lists the variables without decoding their data; each read then decodes only the one
 * variable it needs. MATLAB stores arrays column-major; rows are reordered on the way into the
 * output. Classes {@code double}, {@code single}, {@code int8..int64} and {@code uint8..uint32}
 * are read; labels may be whole-valued {@code double} (MATLAB's default class) and row or column
 * vectors.
 *
 * <p>Memory: MFL holds the decoded variable while it is copied into pmbench's float array, so a
 * v5 variable briefly exists twice (the v5 format limits a variable to 2 GB; for larger feature
 * files save v7.3, which is memory-mapped through {@link Hdf5File}).
 */
final class MatV5File extends NamedArrayFile {
  /** A compressed variable claiming more than this many bytes is inflated once, counting, at open (64 MiB). */
  static final long COUNT_ABOVE = 64L << 20;
  private static final int HEADER = 128;
  private static final int MI_MATRIX = 14;
  private static final int MI_COMPRESSED = 15;
  /** The longest variable name read, in bytes (MATLAB's own limit, {@code namelengthmax}, is 63). */
  static final int MAX_NAME = 4096;
  /** The bytes of a variable's dimensions subelement read at most: 64 dimensions. */
  static final int MAX_DIMS_BYTES = 256;
  /** A variable's first bytes, tag included, that hold its array flags, dimensions and name tag. */
  private static final int HEAD = 8 + 16 + 8 + MAX_DIMS_BYTES + 8;

  /** What the variable listing learned about one variable. */
  private record Variable(MatlabType type, int[] dims, boolean complex, boolean logical) {}

  private final Path path;
  private final long fileSize;
  private final Map<String, Variable> variables;
  private final SortedSet<String> names;
  /** Bytes of the file's largest variable (inflated, for a compressed one): no variable holds more elements. */
  private long largestVariable;

  MatV5File(DataSource source) {
    super(source, FileFormat.MAT);
    this.path = source.requireFile("MATLAB v5 .mat");
    try {
      this.fileSize = Files.size(path);
    } catch (IOException e) {
      throw new InvalidDataException(name() + ": cannot open (" + describe(e) + ")", e);
    }
    checkLayout();
    Map<String, Variable> vars = new LinkedHashMap<>();
    read("variable list", header -> {
      if (vars.put(header.getName(), new Variable(header.getType(), header.getDimensions(), header.isComplex(),
          header.isLogical())) != null) {
        // a read decodes every variable of the name asked for: a numeric one could hide a deep cell array
        throw new InvalidDataException(name() + ": corrupt: two variables named '" + Printable.escape(header.getName(), 100)
            + "'");
      }
      return false;
    }, value -> { });
    this.variables = Collections.unmodifiableMap(vars);
    this.names = Collections.unmodifiableSortedSet(new TreeSet<>(vars.keySet()));
  }

  /**
   * Walks the top-level data elements (8-byte tag, then the data; {@code miMATRIX} padded to 8
   * bytes) and fails when one runs past the end of the file (MFL stops quietly at a truncation)
   * or is neither {@code miMATRIX} nor {@code miCOMPRESSED} (MathWorks, "MAT-File Format", ch. 1:
   * the only top-level types; MFL prints a warning to stderr for some others instead of failing).
   */
  private void checkLayout() {
    try (FileChannel ch = FileChannel.open(path)) {
      ByteBuffer head = ByteBuffer.allocate(HEADER);
      ch.read(head, 0);
      if (head.position() < HEADER) {
        throw new InvalidDataException(name() + ": truncated: a MATLAB v5 header is " + HEADER + " bytes, the file has "
            + fileSize);
      }
      ByteOrder order = switch (new String(head.array(), 126, 2, java.nio.charset.StandardCharsets.US_ASCII)) {
        case "IM" -> ByteOrder.LITTLE_ENDIAN;
        case "MI" -> ByteOrder.BIG_ENDIAN;
        default -> throw new InvalidDataException(name() + ": not a MATLAB v5 file (bad magic: no endian indicator "
            + "'IM' or 'MI' at byte 126)");
      };
      ByteBuffer tag = ByteBuffer.allocate(8).order(order);
      long pos = HEADER;
      int k = 0;
      while (pos < fileSize) {
        tag.clear();
        if (fileSize - pos < 8 || ch.read(tag, pos) < 8) {
          throw new InvalidDataException(name() + ": truncated: variable " + k + " at byte " + pos + " has no complete tag");
        }
        int type = tag.getInt(0);
        if (type != MI_MATRIX && type != MI_COMPRESSED) {
          throw new InvalidDataException(name() + ": corrupt: variable " + k + " at byte " + pos + " has data type "
              + Integer.toUnsignedString(type) + " (a top-level element must be miMATRIX 14 or miCOMPRESSED 15)");
        }
        long bytes = tag.getInt(4) & 0xFFFF_FFFFL;
        long end = pos + 8 + bytes;
        if (end > fileSize) {
          throw new InvalidDataException(name() + ": truncated: variable " + k + " at byte " + pos + " needs " + bytes
              + " bytes, the file ends at byte " + fileSize);
        }
        if (type == MI_MATRIX) {
          ByteBuffer matrixHead = ByteBuffer.allocate((int) Math.min(bytes, HEAD - 8)).order(order);
          ch.read(matrixHead, pos + 8);
          checkMatrixHead(matrixHead.flip(), k, pos);
        }
        long variableBytes = type == MI_COMPRESSED ? checkCompressedTag(ch, pos + 8, bytes, k, order) : bytes;
        largestVariable = Math.max(largestVariable, variableBytes);
        pos = type == MI_MATRIX ? (end + 7) / 8 * 8 : end;
        k++;
      }
    } catch (IOException e) {
      throw new InvalidDataException(name() + ": cannot read (" + describe(e) + ")", e);
    }
  }

  /**
   * Inflates the 8-byte tag at the start of compressed variable {@code k} ({@code bytes}
   * compressed bytes from {@code at}) and fails when the size it claims cannot come out of them
   * (beyond deflate's ratio, or over MATLAB v5's 2 GB): MFL would print a warning to stderr and
   * skip the variable instead of failing. A claim over {@link #COUNT_ABOVE} is then checked by
   * inflating the whole stream once in constant memory, because MFL allocates the claimed size
   * before it inflates (issue 26: 400 MB claimed from a 1 MiB stream). Returns the variable's
   * bytes (tag included).
   */
  private long checkCompressedTag(FileChannel ch, long at, long bytes, int k, ByteOrder order) throws IOException {
    Inflater inflater = new Inflater();
    try {
      ByteBuffer compressed = ByteBuffer.allocate((int) Math.min(bytes, 1 << 16));
      byte[] out = new byte[1 << 16];
      long read = 0;
      long inflated = 0;
      long claimed = -1;
      boolean headChecked = false;
      while (!inflater.finished() && (claimed < 0 || inflated < claimed)) {
        if (inflater.needsInput()) {
          if (read == bytes) {
            break;
          }
          compressed.clear().limit((int) Math.min(compressed.capacity(), bytes - read));
          int n = ch.read(compressed, at + read);
          if (n <= 0) {
            break;
          }
          read += n;
          inflater.setInput(compressed.flip());
        }
        int n = inflated < HEAD ? inflater.inflate(out, (int) inflated, HEAD - (int) inflated) : inflater.inflate(out);
        if (n == 0 && inflater.needsDictionary()) {
          break;
        }
        inflated += n;
        if (claimed < 0 && inflated >= 8) {
          claimed = checkClaim(ByteBuffer.wrap(out, 0, 8).order(order).getInt(4) & 0xFFFF_FFFFL, at, bytes, k);
        }
        if (!headChecked && claimed >= 0 && (inflated >= Math.min(HEAD, claimed) || inflater.finished())) {
          headChecked = true;
          if ((ByteBuffer.wrap(out, 0, 8).order(order).getInt(0)) == MI_MATRIX) {
            checkMatrixHead(ByteBuffer.wrap(out, 8, (int) Math.min(inflated, HEAD) - 8).slice().order(order), k, at - 8);
          }
          if (claimed <= COUNT_ABOVE) {
            return claimed;
          }
        }
      }
      if (claimed < 0) {
        return 0; // a short stream: MFL fails on it with its own message
      }
      if (inflated < claimed) {
        throw new InvalidDataException(name() + ": truncated: compressed variable " + k + " at byte " + (at - 8)
            + " inflates to " + inflated + " bytes, its tag claims " + claimed);
      }
      return claimed;
    } catch (DataFormatException e) {
      throw new InvalidDataException(name() + ": corrupt compressed data in variable " + k + " at byte " + (at - 8) + " ("
          + e.getMessage() + ")");
    } finally {
      inflater.end();
    }
  }

  /**
   * Reads the tags of a matrix's first three subelements (array flags, dimensions, name; each a
   * full tag or MATLAB's small-element form, MathWorks "MAT-File Format" ch. 1) from {@code head},
   * its first bytes after the tag, and refuses a name longer than {@link #MAX_NAME} bytes or
   * dimensions longer than {@link #MAX_DIMS_BYTES} before MFL allocates either. A head too short to
   * hold them is left to MFL, which reports it.
   */
  private void checkMatrixHead(ByteBuffer head, int k, long pos) {
    long offset = 0;
    for (int sub = 0; sub < 3 && head.limit() - offset >= 8; sub++) {
      int first = head.getInt((int) offset);
      boolean small = (first >>> 16) != 0;
      long size = small ? first >>> 16 : head.getInt((int) offset + 4) & 0xFFFF_FFFFL;
      if (sub == 1 && size > MAX_DIMS_BYTES) {
        throw new InvalidDataException(name() + ": corrupt or hostile: variable " + k + " at byte " + pos + " has "
            + size / 4 + " dimensions (at most " + MAX_DIMS_BYTES / 4 + " are read)");
      }
      if (sub == 2 && size > MAX_NAME) {
        throw new InvalidDataException(name() + ": corrupt or hostile: variable " + k + " at byte " + pos
            + " has a name of " + size + " bytes (at most " + MAX_NAME + " are read; MATLAB writes at most 63)");
      }
      offset += small ? 8 : 8 + (size + 7) / 8 * 8;
    }
  }

  /** The claimed size of a compressed variable's element plus its 8-byte tag, if deflate could produce it. */
  private long checkClaim(long claimed, long at, long bytes, int k) {
    if (claimed > Integer.MAX_VALUE || claimed > Allocation.maxInflated(bytes)) {
      throw new InvalidDataException(name() + ": truncated or corrupt: compressed variable " + k + " at byte " + (at - 8)
          + " claims " + claimed + " bytes from " + bytes + " compressed bytes");
    }
    return claimed + 8;
  }

  @Override
  public SortedSet<String> arrayNames() {
    return names;
  }

  @Override
  public long[] shape(Optional<String> array) {
    Variable v = variables.get(resolve(array));
    long[] s = new long[v.dims().length];
    for (int i = 0; i < s.length; i++) {
      s[i] = v.dims()[i];
    }
    return s;
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    String a = resolve(array);
    long[] shape = shape(Optional.of(a));
    checkNumeric(a);
    String text = shapeText(shape);
    FeatureSink sink = new FeatureSink(label(a), shape, text, routing);
    withMatrix(a, m -> {
      FortranIndex order = new FortranIndex(shape);
      long n = sink.elements();
      for (long j = 0; j < n; j++) {
        sink.put(order.next(), (float) m.getDouble((int) j));
      }
    });
    String sha = sha256();
    return sink.finish(sha);
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    String a = resolve(array);
    long[] shape = shape(Optional.of(a));
    Variable v = checkNumeric(a);
    boolean integer = v.type() != MatlabType.Double && v.type() != MatlabType.Single;
    LabelSink sink = new LabelSink(label(a), shape, shapeText(shape), "MATLAB class " + className(v.type()), integer,
        true, true);
    withMatrix(a, m -> {
      for (int j = 0; j < sink.size(); j++) {
        if (integer) {
          sink.putInteger(j, m.getLong(j));
        } else {
          sink.putFloat(j, m.getDouble(j));
        }
      }
    });
    return sink.finish(sha256());
  }

  private static String shapeText(long[] shape) {
    return new ArrayHeader(ElementType.UINT8, java.nio.ByteOrder.LITTLE_ENDIAN, shape, false, "").shapeText();
  }

  private Variable checkNumeric(String array) {
    Variable v = variables.get(array);
    String cls = className(v.type());
    boolean numeric = switch (v.type()) {
      case Double, Single, Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64 -> true;
      default -> false;
    };
    if (!numeric || v.complex() || v.logical()) {
      String what = v.logical() ? "logical" : v.complex() ? "complex " + cls : cls;
      throw new InvalidDataException(label(array) + ": unsupported dtype: MATLAB class " + what
          + " (supported: double, single, int8/16/32/64, uint8/16/32; real, not logical)");
    }
    long elements = 1;
    for (int d : v.dims()) {
      elements = Allocation.bytes(elements, Math.max(0, d));
    }
    // a v5 variable stores each element in at least one byte (MATLAB may store doubles as int8)
    if (elements > largestVariable) {
      throw new InvalidDataException(name() + ": truncated or corrupt: variable '" + array + "' claims " + elements
          + " elements, more than the file's largest variable (" + largestVariable + " bytes) can hold");
    }
    return v;
  }

  private static String className(MatlabType t) {
    return t.toString();
  }

  /** Decodes only variable {@code array} and hands it to {@code body} (MFL's buffers are released after). */
  private void withMatrix(String array, Consumer<Matrix> body) {
    read("variable '" + Printable.escape(array, 100) + "'", header -> header.getName().equals(array), value -> {
      if (!(value instanceof Matrix m)) {
        throw new InvalidDataException(label(array) + ": unsupported dtype: not a numeric matrix");
      }
      body.accept(m);
    });
  }

  /**
   * Runs MFL's reader over the file with {@code filter} and hands each accepted variable's value
   * to {@code body}. MFL's failures on a damaged file become one line naming the file.
   */
  private void read(String what, Mat5Reader.EntryFilter filter, Consumer<Object> body) {
    try (Source src = Sources.openFile(path.toFile());
        us.hebi.matlab.mat.format.Mat5File mat = Mat5.newReader(src).setEntryFilter(filter).readMat()) {
      mat.getEntries().forEach(e -> body.accept(e.getValue()));
    } catch (InvalidDataException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new InvalidDataException(name() + ": not a valid MATLAB v5 file or truncated (reading the " + what + ": "
          + describe(e) + ")", e);
    }
  }

  @Override
  public void close() {
    // each read opens and closes the file
  }
}
