package io.pmbench.datasets;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Writes small {@code .npz} files as {@code numpy.savez} does (stored {@code NAME.npy} members), for tests. */
public final class NpzWriter {
  private NpzWriter() {}

  /** Writes {@code arrays}: a {@code float[][]} becomes a {@code <f4} matrix, a {@code long[]} an {@code <i8} vector. */
  public static void write(Path file, Map<String, Object> arrays) throws IOException {
    try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (Map.Entry<String, Object> e : arrays.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey() + ".npy"));
        zip.write(npy(e.getValue()));
        zip.closeEntry();
      }
    }
  }

  private static byte[] npy(Object array) {
    String descr;
    String shape;
    ByteBuffer body;
    if (array instanceof float[][] m) {
      descr = "<f4";
      shape = "(" + m.length + ", " + m[0].length + ")";
      body = ByteBuffer.allocate(4 * m.length * m[0].length).order(ByteOrder.LITTLE_ENDIAN);
      for (float[] row : m) {
        for (float v : row) {
          body.putFloat(v);
        }
      }
    } else {
      long[] v = (long[]) array;
      descr = "<i8";
      shape = "(" + v.length + ",)";
      body = ByteBuffer.allocate(8 * v.length).order(ByteOrder.LITTLE_ENDIAN);
      for (long x : v) {
        body.putLong(x);
      }
    }
    StringBuilder header = new StringBuilder("{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape
        + ", }");
    while ((10 + header.length() + 1) % 64 != 0) {
      header.append(' ');
    }
    header.append('\n');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x93);
    out.writeBytes("NUMPY".getBytes(StandardCharsets.US_ASCII));
    out.write(1);
    out.write(0);
    out.write(header.length() & 0xff);
    out.write(header.length() >> 8);
    out.writeBytes(header.toString().getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(body.array());
    return out.toByteArray();
  }
}
