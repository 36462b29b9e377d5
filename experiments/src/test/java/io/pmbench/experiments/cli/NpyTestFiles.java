package io.pmbench.experiments.cli;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Minimal .npy v1.0 files for tests. */
final class NpyTestFiles {
  private NpyTestFiles() {}

  /** A float32 array of shape (1, d). */
  static byte[] float32Row(float[] row) {
    StringBuilder h = new StringBuilder("{'descr': '<f4', 'fortran_order': False, 'shape': (1, " + row.length + "), }");
    while ((10 + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    byte[] header = h.append('\n').toString().getBytes(StandardCharsets.US_ASCII);
    ByteBuffer b = ByteBuffer.allocate(10 + header.length + 4 * row.length).order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
    b.putShort((short) header.length).put(header);
    for (float v : row) {
      b.putFloat(v);
    }
    return b.array();
  }
}
