package io.pmbench.datasets.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * .npy v1.0 files (little-endian, C order) as bytes, in the layout {@link NpyReader} reads:
 * the magic string, the header dictionary padded with spaces to a multiple of 64 bytes, the data.
 */
public final class NpyWriter {
  private static final int PREAMBLE = 10;

  private NpyWriter() {}

  /** A float32 matrix ({@code <f4}) of shape (rows, cols) from row-major {@code data}. */
  public static byte[] float32(float[] data, int rows, int cols) {
    ByteBuffer b = matrix("<f4", Float.BYTES, data.length, rows, cols);
    b.asFloatBuffer().put(data);
    return b.array();
  }

  /** A float64 matrix ({@code <f8}) of shape (rows, cols) from row-major {@code data}. */
  public static byte[] float64(double[] data, int rows, int cols) {
    ByteBuffer b = matrix("<f8", Double.BYTES, data.length, rows, cols);
    b.asDoubleBuffer().put(data);
    return b.array();
  }

  /** An int32 vector ({@code <i4}) of shape (n,). */
  public static byte[] int32(int[] data) {
    ByteBuffer b = start("<i4", "(" + data.length + ",)", 4L * data.length);
    b.asIntBuffer().put(data);
    return b.array();
  }

  /** {@link #start} for a (rows, cols) matrix of {@code length} values of {@code bytes} each. */
  private static ByteBuffer matrix(String descr, int bytes, int length, int rows, int cols) {
    if ((long) rows * cols != length) {
      throw new IllegalArgumentException("data must hold rows x cols values. Provided value: " + length + " for "
          + rows + " x " + cols);
    }
    return start(descr, "(" + rows + ", " + cols + ")", (long) bytes * length);
  }

  /** A buffer holding the preamble and padded header, positioned at the data. */
  private static ByteBuffer start(String descr, String shape, long dataBytes) {
    StringBuilder h = new StringBuilder("{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }");
    while ((PREAMBLE + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    byte[] header = h.append('\n').toString().getBytes(StandardCharsets.US_ASCII);
    ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(PREAMBLE + header.length + dataBytes))
        .order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
    return b.putShort((short) header.length).put(header);
  }
}
