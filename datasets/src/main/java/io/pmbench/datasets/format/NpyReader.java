package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads numpy {@code .npy} files (format versions 1.0, 2.0 and 3.0, as specified in
 * {@code numpy.lib.format}): float16/32/64 and int8/16/32/64, uint8/16/32 elements, C or
 * Fortran order, little or big endian; gzipped files are accepted too.
 *
 * <p>Layout: the magic {@code \x93NUMPY}, a major and a minor version byte, the header length
 * (2 bytes little endian in v1, 4 bytes in v2 and v3), a header that is a Python dict literal
 * with keys {@code descr}, {@code fortran_order} and {@code shape} (Latin-1 in v1/v2, UTF-8 in
 * v3), then the raw elements. Structured and object arrays ({@code '|O'}, pickles) and complex
 * numbers are refused: nothing in the file is ever executed.
 */
public final class NpyReader extends HeaderedArrayReader {
  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final Pattern DESCR = Pattern.compile("([<>|=])([a-zA-Z])(\\d+)");
  private static final String SUPPORTED = "float16/32/64, int8/16/32/64, uint8/16/32";
  /**
   * The longest header read (v2 and v3 can declare 4 GB): numpy writes a dict of three keys padded
   * to 64 bytes, and its own reader refuses headers over 10,000 bytes unless told otherwise; a v1
   * header cannot exceed 65,535 bytes either.
   */
  static final int MAX_HEADER_BYTES = 1 << 16;

  @Override
  ArrayHeader header(ChecksummedInput in) throws IOException {
    String name = in.name();
    byte[] prefix = in.readExactly(MAGIC.length + 2, "header");
    for (int i = 0; i < MAGIC.length; i++) {
      if (prefix[i] != MAGIC[i]) {
        throw new InvalidDataException(name + ": not a .npy file (bad magic: expected \\x93NUMPY, found "
            + Checksums.hex(Arrays.copyOf(prefix, MAGIC.length)) + ")");
      }
    }
    int major = prefix[6] & 0xFF;
    int headerLength;
    Charset charset;
    if (major == 1) {
      byte[] len = in.readExactly(2, "header");
      headerLength = (len[0] & 0xFF) | (len[1] & 0xFF) << 8;
      charset = StandardCharsets.ISO_8859_1;
    } else if (major == 2 || major == 3) {
      byte[] len = in.readExactly(4, "header");
      long l = (len[0] & 0xFFL) | (len[1] & 0xFFL) << 8 | (len[2] & 0xFFL) << 16 | (len[3] & 0xFFL) << 24;
      if (l > MAX_HEADER_BYTES) {
        throw new InvalidDataException(name + ": .npy header length " + l + " is implausibly large (more than "
            + MAX_HEADER_BYTES + " bytes; corrupt file?)");
      }
      headerLength = (int) l;
      charset = major == 2 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    } else {
      throw new InvalidDataException(name + ": unsupported .npy format version " + major + "." + (prefix[7] & 0xFF)
          + " (supported: 1.0, 2.0, 3.0)");
    }
    String text = new String(in.readExactly(headerLength, "header"), charset).strip();
    return parseHeader(name, text);
  }

  static ArrayHeader parseHeader(String name, String header) {
    String text = printable(header);
    Object literal;
    try {
      literal = PyLiteral.parse(header);
    } catch (PyLiteral.SyntaxError e) {
      throw new InvalidDataException(name + ": malformed .npy header (" + e.getMessage() + "): " + text);
    }
    if (!(literal instanceof Map<?, ?> dict)) {
      throw new InvalidDataException(name + ": malformed .npy header (not a dict): " + text);
    }
    Object descr = dict.get("descr");
    Object fortran = dict.get("fortran_order");
    Object shape = dict.get("shape");
    if (descr == null || fortran == null || shape == null) {
      throw new InvalidDataException(name + ": malformed .npy header (needs descr, fortran_order and shape): " + text);
    }
    if (!(descr instanceof String d)) {
      throw new InvalidDataException(name + ": unsupported dtype " + printable(String.valueOf(descr))
          + " (structured arrays are not supported; " + SUPPORTED + ")");
    }
    if (!(fortran instanceof Boolean f)) {
      throw new InvalidDataException(name + ": malformed .npy header (fortran_order must be True or False): " + text);
    }
    if (!(shape instanceof List<?> dims)) {
      throw new InvalidDataException(name + ": malformed .npy header (shape must be a tuple): " + text);
    }
    long[] s = new long[dims.size()];
    for (int i = 0; i < s.length; i++) {
      if (!(dims.get(i) instanceof Long v) || v < 0) {
        throw new InvalidDataException(name + ": malformed .npy header (shape must hold non-negative integers): " + text);
      }
      s[i] = v;
    }
    return new ArrayHeader(elementType(name, d), byteOrder(d), s, f, "'" + printable(d) + "'");
  }

  /** The header as it may appear in a one-line message: control characters escaped, at most 200 characters. */
  static String printable(String header) {
    return Printable.escape(header, 200);
  }

  private static ElementType elementType(String name, String descr) {
    Matcher m = DESCR.matcher(descr);
    ElementType type = null;
    if (m.matches()) {
      int size = Integer.parseInt(m.group(3));
      type = switch (m.group(2)) {
        case "f" -> size == 2 ? ElementType.FLOAT16 : size == 4 ? ElementType.FLOAT32 : size == 8 ? ElementType.FLOAT64 : null;
        case "i" -> size == 1 ? ElementType.INT8 : size == 2 ? ElementType.INT16 : size == 4 ? ElementType.INT32
            : size == 8 ? ElementType.INT64 : null;
        case "u" -> size == 1 ? ElementType.UINT8 : size == 2 ? ElementType.UINT16 : size == 4 ? ElementType.UINT32 : null;
        default -> null;
      };
    }
    if (type == null) {
      throw new InvalidDataException(name + ": unsupported dtype '" + printable(descr) + "' (supported: " + SUPPORTED + ")");
    }
    return type;
  }

  private static ByteOrder byteOrder(String descr) {
    return switch (descr.charAt(0)) {
      case '>' -> ByteOrder.BIG_ENDIAN;
      case '=' -> ByteOrder.nativeOrder();
      default -> ByteOrder.LITTLE_ENDIAN;
    };
  }
}
