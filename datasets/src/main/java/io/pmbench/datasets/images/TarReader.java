package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A small streaming tar reader (POSIX ustar and GNU tar, as {@code tar czf} writes them): regular
 * files are returned, directories and links skipped; GNU long names ({@code L}) and pax headers
 * ({@code x}, {@code g}) are read within {@link #MAX_META_BYTES}. Every header's checksum is
 * verified, so a corrupt or truncated archive is one line naming it rather than garbage.
 */
final class TarReader {
  /** The largest long-name or pax header read. */
  static final int MAX_META_BYTES = 1 << 16;
  private static final int BLOCK = 512;

  /** A regular file inside the archive. */
  record Entry(String name, long size) {}

  private final InputStream in;
  private final String archive;
  /** Bytes of the current entry not yet consumed, then its padding. */
  private long remaining;
  private long padding;

  TarReader(InputStream in, String archive) {
    this.in = in;
    this.archive = archive;
  }

  /** The next regular file (skipping what is left of the current one), or empty at the end. */
  Optional<Entry> next() throws IOException {
    skip(remaining + padding);
    remaining = 0;
    padding = 0;
    String longName = null;
    byte[] header = new byte[BLOCK];
    while (true) {
      if (in.readNBytes(header, 0, BLOCK) < BLOCK) {
        throw new InvalidDataException(archive + ": truncated tar archive (no end-of-archive blocks)");
      }
      if (allZero(header)) {
        return Optional.empty();
      }
      verifyChecksum(header);
      long size = size(header);
      char type = (char) header[156];
      long pad = (BLOCK - size % BLOCK) % BLOCK;
      if (type == 'L' || type == 'x' || type == 'g') {
        byte[] meta = readMeta(size, type);
        skip(pad);
        if (type == 'L') {
          longName = cString(meta, 0, meta.length);
        } else if (type == 'x') {
          longName = paxPath(meta).orElse(longName);
        }
        continue;
      }
      if (type == '0' || type == '\0' || type == '7') {
        String name = longName != null ? longName : fullName(header);
        remaining = size;
        padding = pad;
        return Optional.of(new Entry(name, size));
      }
      skip(size + pad);
      longName = null;
    }
  }

  /** The bytes of the current entry (reading past them returns end of stream). */
  InputStream body() {
    return new InputStream() {
      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (remaining == 0) {
          return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, remaining));
        if (n < 0) {
          throw new EOFException(archive + ": truncated tar archive (entry ends early)");
        }
        remaining -= n;
        return n;
      }
    };
  }

  private byte[] readMeta(long size, char type) throws IOException {
    if (size > MAX_META_BYTES) {
      throw new InvalidDataException(archive + ": tar header of type '" + type + "' of " + size
          + " bytes exceeds the " + MAX_META_BYTES + "-byte limit");
    }
    byte[] meta = in.readNBytes((int) size);
    if (meta.length < size) {
      throw new InvalidDataException(archive + ": truncated tar archive (in a header)");
    }
    return meta;
  }

  private void skip(long n) throws IOException {
    long left = n;
    while (left > 0) {
      long k = in.skip(left);
      if (k <= 0) {
        if (in.read() < 0) {
          throw new InvalidDataException(archive + ": truncated tar archive (entry ends early)");
        }
        k = 1;
      }
      left -= k;
    }
  }

  private void verifyChecksum(byte[] h) {
    long stored = octal(h, 148, 8);
    long sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xFF);
    }
    if (sum != stored) {
      throw new InvalidDataException(archive + ": not a tar archive, or a corrupt one (header checksum "
          + stored + " != " + sum + ")");
    }
  }

  private long size(byte[] h) {
    if ((h[124] & 0x80) != 0) {
      long v = 0;
      for (int i = 125; i < 136; i++) {
        v = (v << 8) | (h[i] & 0xFF);
      }
      if (v < 0 || (h[124] & 0x7F) != 0 || v > (1L << 46)) {
        throw new InvalidDataException(archive + ": tar entry size out of range");
      }
      return v;
    }
    return octal(h, 124, 12);
  }

  private long octal(byte[] h, int off, int len) {
    int i = off;
    int end = off + len;
    while (i < end && h[i] == ' ') {
      i++;
    }
    long v = 0;
    for (; i < end && h[i] != 0 && h[i] != ' '; i++) {
      int c = h[i];
      if (c < '0' || c > '7') {
        throw new InvalidDataException(archive + ": not a tar archive, or a corrupt one (bad octal field)");
      }
      v = (v << 3) | (c - '0');
    }
    return v;
  }

  private static String fullName(byte[] h) {
    String name = cString(h, 0, 100);
    boolean ustar = h[257] == 'u' && h[258] == 's' && h[259] == 't' && h[260] == 'a' && h[261] == 'r';
    String prefix = ustar && h[262] == 0 ? cString(h, 345, 155) : "";
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  private static Optional<String> paxPath(byte[] meta) {
    for (String record : new String(meta, StandardCharsets.UTF_8).split("\n")) {
      int space = record.indexOf(' ');
      String kv = space >= 0 ? record.substring(space + 1) : record;
      if (kv.startsWith("path=")) {
        return Optional.of(kv.substring(5));
      }
    }
    return Optional.empty();
  }

  private static String cString(byte[] b, int off, int len) {
    int end = off;
    while (end < off + len && b[end] != 0) {
      end++;
    }
    return new String(b, off, end - off, StandardCharsets.UTF_8);
  }

  private static boolean allZero(byte[] b) {
    for (byte x : b) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }
}
