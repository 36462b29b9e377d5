package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The first bytes of a zip-based file ({@code .npz}, {@code .pth}). Java's {@code ZipFile}
 * reads the directory at the end of the archive, so a damaged start would go unnoticed until a
 * member is read; checking the local-file magic first gives the "bad magic" message up front.
 * {@link #open} then opens the archive with the same messages for every zip-based format.
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

  /**
   * Opens {@code path} as a zip archive; a damaged directory or an unreadable file fails with one
   * line naming {@code name} and, for the former, the {@code kind} of archive expected.
   */
  static ZipFile open(Path path, String name, String kind) {
    try {
      return new ZipFile(path.toFile());
    } catch (ZipException e) {
      throw new InvalidDataException(name + ": not a valid " + kind + " (zip) file: bad magic or truncated ("
          + NamedArrayFile.describe(e) + ")", e);
    } catch (IOException e) {
      throw new InvalidDataException(name + ": cannot open (" + NamedArrayFile.describe(e) + ")", e);
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
