package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One pass over a file: the raw bytes run through a SHA-256 digest, then through a gzip
 * decoder when the file starts with the gzip magic {@code 1f 8b}. Readers consume
 * {@link #data()}; {@link #finish()} reads whatever the reader left (so the checksum always
 * covers the whole file) and returns the hex digest.
 */
final class ChecksummedInput implements AutoCloseable {
  private static final int BUFFER = 1 << 16;

  private final String name;
  private final InputStream raw;
  private final DigestInputStream digested;
  private final InputStream data;

  private ChecksummedInput(String name, InputStream raw) throws IOException {
    this.name = name;
    this.raw = raw;
    this.digested = new DigestInputStream(new BufferedInputStream(raw, BUFFER), Checksums.sha256());
    BufferedInputStream peek = new BufferedInputStream(digested, BUFFER);
    peek.mark(2);
    int b0 = peek.read();
    int b1 = peek.read();
    peek.reset();
    this.data = (b0 == 0x1f && b1 == 0x8b)
        ? new BufferedInputStream(new GZIPInputStream(peek, BUFFER), BUFFER)
        : peek;
  }

  /** The body of a reader, run over an open input. */
  @FunctionalInterface
  interface Body<T> {
    T read(ChecksummedInput in) throws IOException;
  }

  /**
   * Opens {@code source}, runs {@code body} and closes the file. I/O failures (a missing file,
   * a truncated or corrupt gzip stream) become an {@link InvalidDataException} naming the file.
   */
  static <T> T read(DataSource source, Body<T> body) {
    try (ChecksummedInput in = open(source)) {
      return body.read(in);
    } catch (EOFException e) {
      throw new InvalidDataException(source.name() + ": truncated (the file, or its gzip stream, ends early)", e);
    } catch (ZipException e) {
      throw new InvalidDataException(source.name() + ": corrupt gzip stream (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new InvalidDataException(source.name() + ": read error (" + e.getMessage() + ")", e);
    }
  }

  /** Opens {@code source}; the raw stream is closed if setting up (gzip header) fails. */
  private static ChecksummedInput open(DataSource source) throws IOException {
    InputStream raw = source.open();
    try {
      return new ChecksummedInput(source.name(), raw);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  String name() {
    return name;
  }

  /** The (decompressed) content. */
  InputStream data() {
    return data;
  }

  /**
   * Reads into {@code buf[off..off+len)} until full or end of data; returns the count read
   * (less than {@code len} only at end of data).
   */
  int readUpTo(byte[] buf, int off, int len) throws IOException {
    int n = 0;
    while (n < len) {
      int r = data.read(buf, off + n, len - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    return n;
  }

  /** Reads exactly {@code len} bytes or fails naming {@code what} was truncated. */
  byte[] readExactly(int len, String what) throws IOException {
    byte[] buf = new byte[len];
    int n = readUpTo(buf, 0, len);
    if (n < len) {
      throw new InvalidDataException(name + ": truncated " + what + " (expected " + len + " bytes, found " + n + ")");
    }
    return buf;
  }

  /** Counts (and discards) the content left after the array data. */
  long remainingDataBytes() throws IOException {
    byte[] buf = new byte[BUFFER];
    long n = 0;
    int r;
    while ((r = data.read(buf)) >= 0) {
      n += r;
    }
    return n;
  }

  /** Reads the rest of the raw file through the digest and returns its SHA-256 (hex). */
  String finish() throws IOException {
    byte[] buf = new byte[BUFFER];
    while (digested.read(buf) >= 0) {
      // reading, not skipping: DigestInputStream only digests bytes that are read
    }
    return Checksums.hex(digested.getMessageDigest().digest());
  }

  @Override
  public void close() throws IOException {
    raw.close();
  }
}
