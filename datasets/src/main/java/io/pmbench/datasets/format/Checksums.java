package io.pmbench.datasets.format;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 helpers: the one checksum pmbench records for data (hex, lower case). */
public final class Checksums {
  private Checksums() {}

  /** A fresh SHA-256 digest. */
  public static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  /** Lower-case hex of {@code bytes}. */
  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /** SHA-256 (hex) of a source's raw bytes (one streaming pass); an unreadable file names itself. */
  public static String of(DataSource source) {
    return NamedArrayFile.digest(source);
  }

  /** SHA-256 (hex) of the UTF-8 bytes of {@code text}. */
  public static String ofText(String text) {
    return hex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
  }
}
