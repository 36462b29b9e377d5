package io.pmbench.datasets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Test helpers: the numpy-written fixtures and checks shared by the tests. */
public final class Fixtures {
  private Fixtures() {}

  /** A file of {@code src/test/resources/fixtures/} (see its README.md). */
  public static Path path(String name) {
    URL url = Fixtures.class.getResource("/fixtures/" + name);
    if (url == null) {
      throw new IllegalArgumentException("no fixture " + name);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A file of {@code src/test/resources/fixtures/formats/} (written by make_formats.py; see the README there). */
  public static Path format(String name) {
    return path("formats/" + name);
  }

  /** SHA-256 (hex) of a file's bytes, computed independently of the code under test. */
  public static String sha256(Path file) {
    try {
      return sha256(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Error messages are one line that names the file and contains {@code what}. */
  public static void assertMessage(String message, String file, String what) {
    assertFalse(message.contains("\n"), () -> "message must be one line: " + message);
    assertTrue(message.contains(file), () -> "message must name " + file + ": " + message);
    assertTrue(message.contains(what), () -> "message must say " + what + ": " + message);
  }
}
