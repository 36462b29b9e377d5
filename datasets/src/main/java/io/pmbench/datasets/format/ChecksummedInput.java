package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.util.OptionalLong;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One pass over a file: the raw bytes run through a SHA-256 digest, then through a gzip
 * decoder when the file starts with the gzip magic {@code 1f 8b}. Readers consume
 * {@link #data()}; {@link #finish()} reads whatever the reader left (so the checksum always
 * covers the whole file) and returns the hex digest.
 *
 * <p>A member of a container (an array inside a {@code .npz}) is read the same way but without
 * the digest: the container's checksum is taken over the whole file instead.
 */
final class ChecksummedInput implements AutoCloseable {
  private static final int BUFFER = 1 << 16;

  private final DataSource source;
  private final String name;
  private final InputStream raw;
  private final DigestInputStream digested;
  private final CountingInputStream data;
  private final OptionalLong rawSize;
  private final boolean gzip;

  private ChecksummedInput(DataSource source, InputStream raw, boolean digest, OptionalLong rawSize) throws IOException {
    this.source = source;
    this.name = source.name();
    this.raw = raw;
    InputStream buffered = new BufferedInputStream(raw, BUFFER);
    this.digested = digest ? new DigestInputStream(buffered, Checksums.sha256()) : null;
    BufferedInputStream peek = new BufferedInputStream(digest ? digested : buffered, BUFFER);
    peek.mark(2);
    int b0 = peek.read();
    int b1 = peek.read();
    peek.reset();
    this.gzip = b0 == 0x1f && b1 == 0x8b;
    this.data = new CountingInputStream(gzip ? new BufferedInputStream(new GZIPInputStream(peek, BUFFER), BUFFER) : peek);
    this.rawSize = rawSize;
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
    return read(source, true, body);
  }

  /** As {@link #read(DataSource, Body)}; without the digest when {@code digest} is false ({@link #finish()} then returns ""). */
  static <T> T read(DataSource source, boolean digest, Body<T> body) {
    return read(source, digest, source.size(), body);
  }

  /**
   * As {@link #read(DataSource, boolean, Body)} with the raw size given ({@code rawSize}), for
   * sources that are not files but whose size is known (a member of a zip archive).
   */
  static <T> T read(DataSource source, boolean digest, OptionalLong rawSize, Body<T> body) {
    try (ChecksummedInput in = open(source, digest, rawSize)) {
      return body.read(in);
    } catch (EOFException e) {
      throw new InvalidDataException(source.name() + ": truncated (the file, or its gzip stream, ends early)", e);
    } catch (ZipException e) {
      throw new InvalidDataException(source.name() + ": corrupt compressed data (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new InvalidDataException(source.name() + ": read error (" + e.getMessage() + ")", e);
    }
  }

  /** Opens {@code source}; the raw stream is closed if setting up (gzip header) fails. */
  private static ChecksummedInput open(DataSource source, boolean digest, OptionalLong rawSize) throws IOException {
    InputStream raw = source.open();
    try {
      return new ChecksummedInput(source, raw, digest, rawSize);
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

  /**
   * Fails with "truncated" before anything is allocated unless the content really holds the
   * {@code bytes} a header promises ({@code what} names them). A plain file of known size is
   * compared with its length. A compressed stream (or one of unknown size) is first compared with
   * the most its compressed size can inflate to ({@link Allocation#MAX_INFLATE_RATIO}), then
   * read through once in a second stream, in constant memory, stopping at the declared size: a
   * gzip bomb or a forged shape costs at most the time to inflate what is really there.
   */
  void requireAvailable(long bytes, String what) throws IOException {
    if (!gzip && rawSize.isPresent()) {
      if (bytes > rawSize.getAsLong() - data.count) {
        throw truncated(bytes, what, Math.max(0, rawSize.getAsLong() - data.count));
      }
      return;
    }
    if (gzip && rawSize.isPresent() && bytes > Allocation.maxInflated(rawSize.getAsLong()) - data.count) {
      throw new InvalidDataException(name + ": truncated or corrupt: expected " + bytes + " bytes of " + what
          + ", more than a " + rawSize.getAsLong() + "-byte gzip stream can inflate to (at most "
          + Allocation.maxInflated(rawSize.getAsLong()) + ")");
    }
    long target = data.count + bytes;
    long n = 0;
    try (ChecksummedInput probe = open(source, false, rawSize)) {
      byte[] buf = new byte[BUFFER];
      while (n < target) {
        int r = probe.data.read(buf, 0, (int) Math.min(buf.length, target - n));
        if (r < 0) {
          break;
        }
        n += r;
      }
    }
    if (n < target) {
      throw truncated(bytes, what, Math.max(0, n - data.count));
    }
  }

  private InvalidDataException truncated(long bytes, String what, long found) {
    return new InvalidDataException(name + ": truncated: expected " + bytes + " bytes of " + what + ", found " + found);
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
    if (digested == null) {
      return "";
    }
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

  /** Counts the content bytes the reader has consumed. */
  private static final class CountingInputStream extends FilterInputStream {
    long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = in.skip(n);
      count += s;
      return s;
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }
}
