package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The first bytes of a zip-based file ({@code .npz}, {@code .pth}). Java's {@code ZipFile}
 * reads the directory at the end of the archive, so a damaged start would go unnoticed until a
 * member is read; checking the local-file magic first gives the "bad magic" message up front.
 */
final class ZipMagic {
  private static final byte[] MAGIC = {'P', 'K', 3, 4};

  private ZipMagic() {}

  /** Fails unless {@code path} starts with {@code PK\x03\x04}. */
  static void require(Path path, String name, String format) {
    byte[] head = head(path, name);
    if (!Arrays.equals(head, MAGIC)) {
      throw new InvalidDataException(name + ": not a " + format + " file (bad magic: expected a zip archive "
          + "'PK\\x03\\x04', found " + Checksums.hex(head) + ")");
    }
  }

  /** Whether the file's first byte is {@code first}. */
  static boolean startsWith(Path path, String name, byte first) {
    byte[] head = head(path, name);
    return head.length > 0 && head[0] == first;
  }

  private static byte[] head(Path path, String name) {
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(MAGIC.length);
    } catch (IOException e) {
      throw new InvalidDataException(name + ": cannot open (" + e.getMessage() + ")", e);
    }
  }
}
