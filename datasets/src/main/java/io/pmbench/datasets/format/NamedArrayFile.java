package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;

/**
 * What every {@link ArrayFile} shares: its format, fixed when it is opened; choosing an array by
 * name (with the list of names in the error), naming a file's array in messages as
 * {@code file[array]}, and the file's SHA-256 taken once over the raw bytes.
 */
abstract class NamedArrayFile implements ArrayFile {
  private static final int BUFFER = 1 << 16;

  protected final DataSource source;
  private final FileFormat format;
  private String sha256;

  NamedArrayFile(DataSource source, FileFormat format) {
    this.source = source;
    this.format = Objects.requireNonNull(format, "format");
  }

  @Override
  public FileFormat format() {
    return format;
  }

  @Override
  public String name() {
    return source.name();
  }

  @Override
  public synchronized String sha256() {
    if (sha256 == null) {
      sha256 = digest(source);
    }
    return sha256;
  }

  /** Records a checksum a reader computed as a by-product of reading the whole file. */
  protected synchronized void knownSha256(String sha) {
    if (!sha.isEmpty()) {
      sha256 = sha;
    }
  }

  /** How an array of this file is named in messages: {@code file[array]}, or just {@code file}. */
  protected String label(String array) {
    return array.isEmpty() ? name() : name() + "[" + Printable.escape(array, 200) + "]";
  }

  /**
   * The array {@code requested} names, checked against {@link #arrayNames()}; when none is
   * requested, the file's only array.
   */
  protected String resolve(Optional<String> requested) {
    SortedSet<String> names = arrayNames();
    if (requested.isEmpty() || requested.get().isEmpty()) {
      if (names.size() == 1) {
        return names.first();
      }
      throw new InvalidDataException(name() + ": holds " + (names.isEmpty() ? "no numeric arrays"
          : names.size() + " arrays (" + list(names) + "); name one with \"array\""));
    }
    String a = normalise(requested.get());
    if (!names.contains(a)) {
      throw new InvalidDataException(name() + ": unknown array name '" + Printable.escape(requested.get(), 200)
          + "' (arrays present: " + (names.isEmpty() ? "none" : list(names)) + ")");
    }
    return a;
  }

  /** The names for a message: escaped, at most 50 listed. */
  private static String list(SortedSet<String> names) {
    String shown = names.stream().limit(50).map(n -> Printable.escape(n, 100))
        .collect(java.util.stream.Collectors.joining(", "));
    return names.size() > 50 ? shown + ", ... (" + names.size() + " in all)" : shown;
  }

  /** Spelling variants a format accepts for one name (HDF5: a leading '/'). */
  protected String normalise(String array) {
    return array;
  }

  /** SHA-256 (hex) of a source's raw bytes, in one streaming pass. */
  static String digest(DataSource source) {
    MessageDigest md = Checksums.sha256();
    try (InputStream in = source.open()) {
      byte[] buf = new byte[BUFFER];
      int n;
      while ((n = in.read(buf)) >= 0) {
        md.update(buf, 0, n);
      }
    } catch (IOException e) {
      throw new InvalidDataException(source.name() + ": read error (" + e.getMessage() + ")", e);
    }
    return Checksums.hex(md.digest());
  }

  /**
   * One line for a failure inside a third-party reader (jhdf, MFL, java.util.zip) on a damaged
   * file: the library's exception type and message, first line only.
   */
  static String describe(Throwable e) {
    String m = e.getMessage();
    String first = Printable.escape(m == null ? "" : m.strip().lines().findFirst().orElse(""), 200);
    return e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first);
  }
}
