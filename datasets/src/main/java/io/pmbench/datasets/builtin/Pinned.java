package io.pmbench.datasets.builtin;

import io.pmbench.core.data.InvalidDataException;
import java.util.Map;

/**
 * The check behind a built-in set's pinned checksums: every load compares the SHA-256 of each
 * shipped file with the value pinned in the code, so a result made on the set is made on exactly
 * those bytes.
 */
final class Pinned {
  private Pinned() {}

  /**
   * {@code actual}, the SHA-256 of {@code file} (shipped under {@code resourceDir}), when it is
   * the one {@code pinned} holds for the file; otherwise fails naming the file and both values.
   */
  static String require(String resourceDir, String file, String actual, Map<String, String> pinned) {
    String expected = pinned.get(file);
    if (!expected.equals(actual)) {
      throw new InvalidDataException("classpath:" + resourceDir + file + ": SHA-256 " + actual + " differs from the "
          + "pinned " + expected + " (damaged jar or resource?)");
    }
    return actual;
  }
}
