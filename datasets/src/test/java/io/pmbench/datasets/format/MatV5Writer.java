package io.pmbench.datasets.format;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;

/**
 * Writes MATLAB v5 files element by element (little-endian), following MathWorks' "MAT-File
 * Format", so tests can build annotation files, whole or broken. The committed
 * {@code cars196-devkit-scipy/} files, written by scipy's {@code savemat}, check the reader
 * against an independent writer.
 */
public final class MatV5Writer {
  public static final int MI_INT8 = 1;
  public static final int MI_UINT8 = 2;
  public static final int MI_UINT16 = 4;
  public static final int MI_INT32 = 5;
  public static final int MI_UINT32 = 6;
  public static final int MI_DOUBLE = 9;
  public static final int MI_MATRIX = 14;
  public static final int MX_CELL = 1;
  public static final int MX_STRUCT = 2;
  public static final int MX_CHAR = 4;
  public static final int MX_DOUBLE = 6;
  public static final int MX_UINT8 = 9;

  private MatV5Writer() {}

  /** The 128-byte header, then the variables' elements. */
  public static byte[] file(byte[]... variables) {
    return HostileFiles.matV5(variables);
  }

  /** A tagged element: type, length, the data, zero padding to 8 bytes. */
  public static byte[] element(int type, byte[] data) {
    return element(type, data.length, data);
  }

  /** A tagged element whose tag claims {@code length} bytes, whatever {@code data} holds. */
  public static byte[] element(int type, long length, byte[] data) {
    ByteBuffer b = ByteBuffer.allocate(8 + (data.length + 7) / 8 * 8).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(type).putInt((int) length).put(data);
    return b.array();
  }

  /** A top-level miCOMPRESSED element holding {@code matrix} deflated. */
  public static byte[] compressed(byte[] matrix) {
    Deflater d = new Deflater();
    d.setInput(matrix);
    d.finish();
    ByteArrayOutputStream z = new ByteArrayOutputStream();
    byte[] buf = new byte[1 << 16];
    while (!d.finished()) {
      z.write(buf, 0, d.deflate(buf));
    }
    d.end();
    byte[] data = z.toByteArray();
    ByteBuffer b = ByteBuffer.allocate(8 + data.length).order(ByteOrder.LITTLE_ENDIAN);
    return b.putInt(15).putInt(data.length).put(data).array();
  }

  private static byte[] ints(int type, int... v) {
    ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int x : v) {
      b.putInt(x);
    }
    return element(type, b.array());
  }

  /** A miMATRIX element: flags (class), dimensions, name, then {@code body} (already tagged sub-elements). */
  public static byte[] matrix(int mxClass, String name, int[] dims, byte[]... body) {
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    m.writeBytes(ints(MI_UINT32, mxClass, 0));
    m.writeBytes(ints(MI_INT32, dims));
    m.writeBytes(element(MI_INT8, name.getBytes(StandardCharsets.US_ASCII)));
    for (byte[] b : body) {
      m.writeBytes(b);
    }
    return element(MI_MATRIX, m.toByteArray());
  }

  /** A 1 × 1 uint8 (or, above 255, uint16 data of class uint8's sibling) scalar, as the Cars devkit stores numbers. */
  public static byte[] scalar(String name, int value) {
    if (value < 256) {
      return matrix(MX_UINT8, name, new int[] {1, 1}, element(MI_UINT8, new byte[] {(byte) value}));
    }
    return matrix(11, name, new int[] {1, 1}, element(MI_UINT16, new byte[] {(byte) value, (byte) (value >> 8)}));
  }

  /** A real double array (column-major values). */
  public static byte[] doubles(String name, int[] dims, double... values) {
    ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    for (double v : values) {
      b.putDouble(v);
    }
    return matrix(MX_DOUBLE, name, dims, element(MI_DOUBLE, b.array()));
  }

  /** A 1 × n char row, as UTF-16 code units. */
  public static byte[] chars(String name, String text) {
    return matrix(MX_CHAR, name, new int[] {1, text.length()}, element(MI_UINT16,
        text.getBytes(StandardCharsets.UTF_16LE)));
  }

  /** A cell array of the given (unnamed) elements. */
  public static byte[] cell(String name, int[] dims, List<byte[]> items) {
    return matrix(MX_CELL, name, dims, items.toArray(new byte[0][]));
  }

  /** A struct array: {@code values} element by element, field by field, each an unnamed miMATRIX. */
  public static byte[] struct(String name, int[] dims, List<String> fields, List<byte[]> values) {
    int length = 32;
    ByteArrayOutputStream names = new ByteArrayOutputStream();
    for (String f : fields) {
      names.writeBytes(Arrays.copyOf(f.getBytes(StandardCharsets.US_ASCII), length));
    }
    byte[][] body = new byte[2 + values.size()][];
    body[0] = ints(MI_INT32, length);
    body[1] = element(MI_INT8, names.toByteArray());
    for (int i = 0; i < values.size(); i++) {
      body[2 + i] = values.get(i);
    }
    return matrix(MX_STRUCT, name, dims, body);
  }
}
