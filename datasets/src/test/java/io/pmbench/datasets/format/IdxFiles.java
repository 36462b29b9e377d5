package io.pmbench.datasets.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.GZIPOutputStream;

/** Builds small IDX files byte by byte (the format is four header fields and raw bytes). */
public final class IdxFiles {
  private IdxFiles() {}

  /** An idx3 ubyte image file: {@code n} images of {@code h × w} pixels. */
  public static byte[] images(int n, int h, int w, byte[] pixels) {
    ByteBuffer bb = ByteBuffer.allocate(16 + pixels.length);
    bb.putInt(0x00000803).putInt(n).putInt(h).putInt(w).put(pixels);
    return bb.array();
  }

  /** An idx1 ubyte label file. */
  public static byte[] labels(byte[] labels) {
    ByteBuffer bb = ByteBuffer.allocate(8 + labels.length);
    bb.putInt(0x00000801).putInt(labels.length).put(labels);
    return bb.array();
  }

  public static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
