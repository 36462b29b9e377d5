package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The variables of a small MATLAB v5 {@code .mat} file (v6 and v7 too, compressed or not) as a
 * tree of values: numeric arrays, char arrays, cell arrays and struct arrays — what an annotation
 * file such as the Cars196 devkit's {@code cars_train_annos.mat} (a 1 × N struct array) or
 * {@code cars_meta.mat} (a cell of names) holds. {@link MatV5File} reads large numeric feature
 * arrays; this reader is for the small files around them, read whole, with every length the file
 * states checked before anything is sized by it (MathWorks, "MAT-File Format", ch. 1):
 *
 * <ul>
 *   <li>the file at most {@link #MAX_FILE_BYTES}, a compressed variable inflating to at most
 *       {@link #MAX_INFLATED_BYTES} (inflation stops there);
 *   <li>values nested at most {@link #MAX_DEPTH} deep (a struct in a cell in a struct is 3), so
 *       the recursive reader cannot overflow the stack;
 *   <li>names and field names at most {@link #MAX_NAME} bytes (MATLAB's own limit is 63), at most
 *       {@link #MAX_FIELDS} fields;
 *   <li>an array's element count checked against the bytes its element actually has (every cell or
 *       struct element is a tagged element of at least 8 bytes), and at most {@link #MAX_VALUES}
 *       numbers and nodes decoded in all.
 * </ul>
 *
 * Complex, sparse, object and function arrays are refused. A failure is one line naming the file,
 * the variable and what was wrong.
 */
public final class MatV5Values {
  public static final long MAX_FILE_BYTES = 64L << 20;
  public static final int MAX_INFLATED_BYTES = 64 << 20;
  public static final int MAX_DEPTH = 8;
  public static final int MAX_NAME = 64;
  public static final int MAX_FIELDS = 1024;
  public static final int MAX_VALUES = 1 << 22;

  private static final int MI_INT8 = 1;
  private static final int MI_UINT8 = 2;
  private static final int MI_INT16 = 3;
  private static final int MI_UINT16 = 4;
  private static final int MI_INT32 = 5;
  private static final int MI_UINT32 = 6;
  private static final int MI_SINGLE = 7;
  private static final int MI_DOUBLE = 9;
  private static final int MI_INT64 = 12;
  private static final int MI_UINT64 = 13;
  private static final int MI_MATRIX = 14;
  private static final int MI_COMPRESSED = 15;
  private static final int MI_UTF8 = 16;
  private static final int MI_UTF16 = 17;
  private static final int MX_CELL = 1;
  private static final int MX_STRUCT = 2;
  private static final int MX_CHAR = 4;
  private static final int FLAG_COMPLEX = 0x800;

  /** A value of the tree. {@code dims} is MATLAB's size vector (at least two entries). */
  public sealed interface Value permits Numeric, Chars, CellArray, StructArray {
    int[] dims();

    /** The number of elements (the product of {@code dims}). */
    default int count() {
      int n = 1;
      for (int d : dims()) {
        n *= d;
      }
      return n;
    }
  }

  /** A real numeric (or logical) array, its elements as doubles in MATLAB's column-major order. */
  public record Numeric(int[] dims, double[] values) implements Value {}

  /** A char array, its characters in column-major order (a row vector's is its text). */
  public record Chars(int[] dims, String text) implements Value {}

  /** A cell array, its elements in column-major order. */
  public record CellArray(int[] dims, List<Value> items) implements Value {}

  /** A struct array: its field names in order, and each element's values by field name, column-major. */
  public record StructArray(int[] dims, List<String> fields, List<Map<String, Value>> elements) implements Value {}

  private final String file;
  private ByteOrder order;
  private int values;

  private MatV5Values(String file) {
    this.file = file;
  }

  /** The file's variables by name, in file order. */
  public static Map<String, Value> read(Path path) throws IOException {
    long size = Files.size(path);
    if (size > MAX_FILE_BYTES) {
      throw new InvalidDataException(path + ": " + size + " bytes is over the " + MAX_FILE_BYTES
          + "-byte limit for a MATLAB annotation file");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      bytes = in.readNBytes((int) MAX_FILE_BYTES);
    }
    return new MatV5Values(path.toString()).variables(bytes);
  }

  private InvalidDataException error(String what) {
    return new InvalidDataException(file + ": " + what);
  }

  private Map<String, Value> variables(byte[] bytes) {
    if (bytes.length < 128) {
      throw error("truncated: a MATLAB v5 header is 128 bytes, the file has " + bytes.length);
    }
    String endian = new String(bytes, 126, 2, StandardCharsets.US_ASCII);
    order = switch (endian) {
      case "IM" -> ByteOrder.LITTLE_ENDIAN;
      case "MI" -> ByteOrder.BIG_ENDIAN;
      default -> throw error("not a MATLAB v5 file (no endian indicator 'IM' or 'MI' at byte 126)");
    };
    ByteBuffer b = ByteBuffer.wrap(bytes).order(order);
    Map<String, Value> out = new LinkedHashMap<>();
    int pos = 128;
    while (pos < bytes.length) {
      if (bytes.length - pos < 8) {
        throw error("truncated: variable " + out.size() + " at byte " + pos + " has no complete tag");
      }
      int type = b.getInt(pos);
      long length = b.getInt(pos + 4) & 0xFFFF_FFFFL;
      if (length > bytes.length - pos - 8) {
        throw error("truncated: variable " + out.size() + " at byte " + pos + " needs " + length + " bytes, the file ends at "
            + bytes.length);
      }
      ByteBuffer element = switch (type) {
        case MI_MATRIX -> slice(b, pos + 8, (int) length);
        case MI_COMPRESSED -> inflate(bytes, pos + 8, (int) length, out.size());
        default -> throw error("corrupt: variable " + out.size() + " at byte " + pos + " has data type "
            + Integer.toUnsignedString(type) + " (a top-level element must be miMATRIX 14 or miCOMPRESSED 15)");
      };
      if (type == MI_COMPRESSED) {
        // the inflated bytes are themselves one tagged miMATRIX element
        element = matrixBody(element, "variable " + out.size());
      }
      String[] name = new String[1];
      Value v = matrix(element, 1, name, "variable " + out.size());
      if (out.put(name[0], v) != null) {
        throw error("variable '" + name[0] + "' appears twice");
      }
      pos += (int) (type == MI_MATRIX ? (8 + length + 7) / 8 * 8 : 8 + length);
    }
    return Collections.unmodifiableMap(out);
  }

  private ByteBuffer slice(ByteBuffer b, int at, int length) {
    return b.duplicate().limit(at + length).position(at).slice().order(order);
  }

  /** The body of one tagged miMATRIX element filling {@code b}. */
  private ByteBuffer matrixBody(ByteBuffer b, String where) {
    if (b.remaining() < 8 || b.getInt(0) != MI_MATRIX) {
      throw error("corrupt: " + where + " is not a miMATRIX element");
    }
    long length = b.getInt(4) & 0xFFFF_FFFFL;
    if (length > b.remaining() - 8) {
      throw error("truncated: " + where + " claims " + length + " bytes, has " + (b.remaining() - 8));
    }
    return slice(b, 8, (int) length);
  }

  /** Inflates a compressed variable, stopping at {@link #MAX_INFLATED_BYTES}. */
  private ByteBuffer inflate(byte[] bytes, int at, int length, int k) {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(bytes, at, length);
      byte[] out = new byte[Math.min(MAX_INFLATED_BYTES, Math.max(1024, length * 4))];
      int n = 0;
      while (!inflater.finished()) {
        if (n == out.length) {
          if (out.length == MAX_INFLATED_BYTES) {
            throw error("compressed variable " + k + " inflates to more than " + MAX_INFLATED_BYTES
                + " bytes (the limit for a MATLAB annotation file)");
          }
          out = Arrays.copyOf(out, (int) Math.min(MAX_INFLATED_BYTES, 2L * out.length));
        }
        int r = inflater.inflate(out, n, out.length - n);
        if (r == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw error("truncated: compressed variable " + k + " ends before its deflate stream does");
        }
        n += r;
      }
      return ByteBuffer.wrap(out, 0, n).slice().order(order);
    } catch (DataFormatException e) {
      throw error("corrupt compressed data in variable " + k + " (" + e.getMessage() + ")");
    } finally {
      inflater.end();
    }
  }

  /** One sub-element: its type and its data (a buffer over exactly its bytes); {@code b} advances past it. */
  private record Element(int type, ByteBuffer data) {}

  private Element next(ByteBuffer b, String where) {
    if (b.remaining() < 8) {
      throw error("truncated: " + where + " ends inside a tag");
    }
    int word = b.getInt();
    if ((word >>> 16) != 0) {
      int length = word >>> 16;
      if (length > 4) {
        throw error("corrupt: " + where + " has a small element of " + length + " bytes (at most 4)");
      }
      ByteBuffer data = slice(b, b.position(), length);
      b.position(b.position() + 4);
      return new Element(word & 0xFFFF, data);
    }
    long length = b.getInt() & 0xFFFF_FFFFL;
    if (length > b.remaining()) {
      throw error("truncated: " + where + " claims " + length + " bytes, " + b.remaining() + " are left");
    }
    ByteBuffer data = slice(b, b.position(), (int) length);
    b.position((int) Math.min(b.limit(), b.position() + (length + 7) / 8 * 8));
    return new Element(word, data);
  }

  private Element expect(ByteBuffer b, int type, String what, String where) {
    Element e = next(b, where + " " + what);
    if (e.type() != type) {
      throw error("corrupt: " + where + " " + what + " has data type " + e.type() + ", expected " + type);
    }
    return e;
  }

  /** A miMATRIX body: flags, dimensions, name, then the class's data. {@code name[0]} receives the name. */
  private Value matrix(ByteBuffer b, int depth, String[] name, String where) {
    if (depth > MAX_DEPTH) {
      throw error(where + ": values nested more than " + MAX_DEPTH + " deep (damaged or hostile file)");
    }
    if (!b.hasRemaining()) {
      name[0] = "";
      return new Numeric(new int[] {0, 0}, new double[0]);
    }
    Element flags = expect(b, MI_UINT32, "array flags", where);
    if (flags.data().remaining() < 8) {
      throw error("corrupt: " + where + " array flags are " + flags.data().remaining() + " bytes, expected 8");
    }
    int flagWord = flags.data().getInt(0);
    int cls = flagWord & 0xFF;
    Element dimsElement = expect(b, MI_INT32, "dimensions", where);
    int[] dims = dims(dimsElement.data(), where);
    Element nameElement = expect(b, MI_INT8, "name", where);
    if (nameElement.data().remaining() > MAX_NAME) {
      throw error("corrupt: " + where + " has a name of " + nameElement.data().remaining() + " bytes (at most " + MAX_NAME
          + ")");
    }
    name[0] = text(nameElement.data());
    String here = name[0].isEmpty() ? where : "variable '" + Printable.escape(name[0], MAX_NAME) + "'";
    if ((flagWord & FLAG_COMPLEX) != 0) {
      throw error(here + " is complex (only real arrays are read)");
    }
    long count = 1;
    for (int d : dims) {
      count *= d;
      if (count > MAX_VALUES) {
        throw error(here + " claims " + Arrays.toString(dims) + " elements, over the limit of " + MAX_VALUES);
      }
    }
    count(count, here);
    return switch (cls) {
      case MX_CELL -> cell(b, dims, (int) count, depth, here);
      case MX_STRUCT -> struct(b, dims, (int) count, depth, here);
      case MX_CHAR -> chars(next(b, here + " data"), dims, (int) count, here);
      case 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 -> numeric(next(b, here + " data"), dims, (int) count, here);
      default -> throw error(here + " is of MATLAB class " + cls + " (only numeric, char, cell and struct arrays are read)");
    };
  }

  private void count(long n, String where) {
    values += (int) Math.min(n, MAX_VALUES + 1L);
    if (values > MAX_VALUES) {
      throw error(where + ": more than " + MAX_VALUES + " values in the file (the limit for a MATLAB annotation file)");
    }
  }

  private int[] dims(ByteBuffer d, String where) {
    int n = d.remaining() / 4;
    if (d.remaining() % 4 != 0 || n < 2 || n > 32) {
      throw error("corrupt: " + where + " has " + d.remaining() + " bytes of dimensions (2 to 32 int32 values)");
    }
    int[] dims = new int[n];
    for (int i = 0; i < n; i++) {
      dims[i] = d.getInt(4 * i);
      if (dims[i] < 0) {
        throw error("corrupt: " + where + " has a negative dimension " + dims[i]);
      }
    }
    return dims;
  }

  private Value cell(ByteBuffer b, int[] dims, int count, int depth, String where) {
    // each element is at least an 8-byte tag: a count the bytes cannot hold is refused before any list is sized
    if ((long) count * 8 > b.remaining()) {
      throw error("truncated: " + where + " claims " + count + " cells in " + b.remaining() + " bytes");
    }
    List<Value> items = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String at = where + " cell " + (i + 1);
      items.add(matrix(child(b, at), depth + 1, new String[1], at));
    }
    return new CellArray(dims, List.copyOf(items));
  }

  private Value struct(ByteBuffer b, int[] dims, int count, int depth, String where) {
    Element len = expect(b, MI_INT32, "field name length", where);
    int nameLength = len.data().remaining() == 4 ? len.data().getInt(0) : -1;
    if (nameLength < 1 || nameLength > MAX_NAME) {
      throw error("corrupt: " + where + " has a field name length of " + nameLength + " (1 to " + MAX_NAME + ")");
    }
    Element names = expect(b, MI_INT8, "field names", where);
    int fieldCount = names.data().remaining() / nameLength;
    if (names.data().remaining() % nameLength != 0 || fieldCount > MAX_FIELDS) {
      throw error("corrupt: " + where + " has " + names.data().remaining() + " bytes of field names of " + nameLength
          + " bytes each (at most " + MAX_FIELDS + " fields)");
    }
    List<String> fields = new ArrayList<>(fieldCount);
    for (int f = 0; f < fieldCount; f++) {
      fields.add(text(slice(names.data(), f * nameLength, nameLength)));
    }
    if ((long) count * fieldCount * 8 > b.remaining()) {
      throw error("truncated: " + where + " claims " + count + " elements of " + fieldCount + " fields in " + b.remaining()
          + " bytes");
    }
    List<Map<String, Value>> elements = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Map<String, Value> element = new LinkedHashMap<>();
      for (String f : fields) {
        String at = where + " element " + (i + 1) + " field '" + Printable.escape(f, MAX_NAME) + "'";
        element.put(f, matrix(child(b, at), depth + 1, new String[1], at));
      }
      elements.add(Collections.unmodifiableMap(element));
    }
    return new StructArray(dims, List.copyOf(fields), List.copyOf(elements));
  }

  private ByteBuffer child(ByteBuffer b, String where) {
    Element e = next(b, where);
    if (e.type() != MI_MATRIX) {
      throw error("corrupt: " + where + " has data type " + e.type() + ", expected miMATRIX 14");
    }
    return e.data();
  }

  private Value chars(Element e, int[] dims, int count, String where) {
    String text = switch (e.type()) {
      case MI_UINT16, MI_UTF16 -> decode(e.data(), order == ByteOrder.LITTLE_ENDIAN ? StandardCharsets.UTF_16LE
          : StandardCharsets.UTF_16BE);
      case MI_UTF8 -> decode(e.data(), StandardCharsets.UTF_8);
      case MI_UINT8, MI_INT8 -> decode(e.data(), StandardCharsets.ISO_8859_1);
      default -> throw error(where + ": char data of data type " + e.type() + " (expected UINT16, UTF8 or UINT8)");
    };
    if (text.length() != count) {
      throw error("corrupt: " + where + " is " + Arrays.toString(dims) + " chars but holds " + text.length());
    }
    return new Chars(dims, text);
  }

  private static String decode(ByteBuffer data, java.nio.charset.Charset charset) {
    byte[] b = new byte[data.remaining()];
    data.duplicate().get(b);
    return new String(b, charset);
  }

  private Value numeric(Element e, int[] dims, int count, String where) {
    int size = switch (e.type()) {
      case MI_INT8, MI_UINT8 -> 1;
      case MI_INT16, MI_UINT16 -> 2;
      case MI_INT32, MI_UINT32, MI_SINGLE -> 4;
      case MI_DOUBLE, MI_INT64, MI_UINT64 -> 8;
      default -> throw error(where + ": numeric data of data type " + e.type() + " is not read");
    };
    ByteBuffer d = e.data();
    if ((long) count * size != d.remaining()) {
      throw error("corrupt: " + where + " is " + Arrays.toString(dims) + " but its data has " + d.remaining() + " bytes of "
          + size + "-byte values");
    }
    double[] v = new double[count];
    for (int i = 0; i < count; i++) {
      int at = i * size;
      v[i] = switch (e.type()) {
        case MI_INT8 -> d.get(at);
        case MI_UINT8 -> d.get(at) & 0xFF;
        case MI_INT16 -> d.getShort(at);
        case MI_UINT16 -> d.getShort(at) & 0xFFFF;
        case MI_INT32 -> d.getInt(at);
        case MI_UINT32 -> d.getInt(at) & 0xFFFF_FFFFL;
        case MI_SINGLE -> d.getFloat(at);
        case MI_INT64 -> d.getLong(at);
        case MI_UINT64 -> d.getLong(at) >= 0 ? d.getLong(at) : 0x1p64 + d.getLong(at);
        default -> d.getDouble(at);
      };
    }
    return new Numeric(dims, v);
  }

  /** A NUL-padded ASCII name. */
  private static String text(ByteBuffer b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < b.remaining(); i++) {
      int c = b.get(b.position() + i) & 0xFF;
      if (c == 0) {
        break;
      }
      sb.append((char) c);
    }
    return sb.toString();
  }
}
