package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a file's bytes come from: a path, a classpath resource (the built-in data set, so a
 * shaded jar works) or bytes in memory (tests). The {@code name} is what error messages and
 * checksum tables show.
 *
 * @param name the file as the user named it (a path as given, or a resource's file name)
 * @param opener opens a fresh stream over the raw (possibly gzipped) bytes
 */
public record DataSource(String name, Opener opener) {

  /** Opens a new stream over the raw bytes; may be called more than once. */
  @FunctionalInterface
  public interface Opener {
    InputStream open() throws IOException;
  }

  public DataSource {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(opener, "opener");
  }

  /** A file on disk, named as given. */
  public static DataSource of(Path path) {
    return new DataSource(path.toString(), () -> Files.newInputStream(path));
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
