package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a file's bytes come from: a path, a classpath resource (the built-in data set, so a
 * shaded jar works) or bytes in memory (tests). The {@code name} is what error messages and
 * checksum tables show.
 *
 * @param name the file as the user named it (a path as given, or a resource's file name)
 * @param opener opens a fresh stream over the raw (possibly gzipped) bytes
 * @param file the file on disk, when there is one (formats that need random access, such as
 *     HDF5 or zip-based ones, read only such sources)
 */
public record DataSource(String name, Opener opener, Optional<Path> file) {

  /** Opens a new stream over the raw bytes; may be called more than once. */
  @FunctionalInterface
  public interface Opener {
    InputStream open() throws IOException;
  }

  public DataSource {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(opener, "opener");
    Objects.requireNonNull(file, "file");
  }

  /** A source that is not a file on disk. */
  public DataSource(String name, Opener opener) {
    this(name, opener, Optional.empty());
  }

  /** A file on disk, named as given. */
  public static DataSource of(Path path) {
    return of(path, path.toString());
  }

  /** A file on disk, named {@code name} in messages. */
  public static DataSource of(Path path, String name) {
    return new DataSource(name, () -> Files.newInputStream(path), Optional.of(path));
  }

  /**
   * The file on disk, for readers that need random access; a source that is not a file (a
   * classpath resource, bytes in memory) is an {@link InvalidDataException} naming it and {@code format}.
   */
  public Path requireFile(String format) {
    Path p = file.orElseThrow(() -> new InvalidDataException(name + ": " + format
        + " files are read from disk (random access); this source is not a file"));
    if (!Files.isRegularFile(p)) {
      throw new InvalidDataException(name + (Files.exists(p) ? ": not a regular file" : ": no such file"));
    }
    return p;
  }

  /** The size in bytes of the raw file, when it is a file on disk that exists. */
  OptionalLong size() {
    if (file.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Files.size(file.get()));
    } catch (IOException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * A classpath resource at an absolute name (e.g. {@code /io/pmbench/datasets/x.gz}), named
   * by its file name. A missing resource fails when opened.
   */
  public static DataSource ofResource(Class<?> anchor, String absoluteName) {
    String fileName = absoluteName.substring(absoluteName.lastIndexOf('/') + 1);
    return new DataSource(fileName, () -> {
      InputStream in = anchor.getResourceAsStream(absoluteName);
      if (in == null) {
        throw new NoSuchFileException("classpath:" + absoluteName);
      }
      return in;
    });
  }

  /** Bytes held in memory (the array is not copied). */
  public static DataSource ofBytes(String name, byte[] bytes) {
    return new DataSource(name, () -> new ByteArrayInputStream(bytes));
  }

  /** Opens the source; an unreadable file is an {@link InvalidDataException} naming it. */
  InputStream open() {
    try {
      return opener.open();
    } catch (NoSuchFileException e) {
      throw new InvalidDataException(name + ": no such file");
    } catch (IOException e) {
      throw new InvalidDataException(name + ": cannot open (" + e.getMessage() + ")", e);
    }
  }
}
