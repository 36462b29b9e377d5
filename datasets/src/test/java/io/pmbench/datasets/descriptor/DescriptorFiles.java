package io.pmbench.datasets.descriptor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small JSON descriptors for tests. */
final class DescriptorFiles {
  private DescriptorFiles() {}

  /**
   * A descriptor whose train and test splits both come from {@code file}: features
   * {@code trainX}/{@code testX}, labels {@code trainY}/{@code testY} ({@code null}: no array name).
   */
  static Path byFiles(Path dir, Path file, String trainX, String trainY, String testX, String testY) {
    return write(dir, "test.json", """
        {"pmbench": "dataset/1", "name": "t", "licence": "test data", "defaults": {"sigma": 5, "alpha": 0.5},
         "files": {"f": {"path": "%s"}},
         "split": {"by": "files",
                   "train": {"features": %s, "labels": %s},
                   "test": {"features": %s, "labels": %s}}}
        """.formatted(json(file), ref(trainX), ref(trainY), ref(testX), ref(testY)));
  }

  static String ref(String array) {
    return array == null ? "{\"file\": \"f\"}" : "{\"file\": \"f\", \"array\": \"" + array + "\"}";
  }

  static String json(Path p) {
    return p.toAbsolutePath().toString().replace("\\", "\\\\");
  }

  static Path write(Path dir, String name, String text) {
    try {
      return Files.writeString(dir.resolve(name), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
