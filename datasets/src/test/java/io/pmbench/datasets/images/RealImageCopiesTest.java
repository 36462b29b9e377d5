package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reads the real copies in the project's {@code shared/data} (found in the working directory or
 * one of its parents, e.g. {@code ../shared/data} beside the checkout); skips with a message
 * where they are absent.
 */
class RealImageCopiesTest {
  static Optional<Path> shared(String relative) {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/data").resolve(relative);
      if (Files.exists(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  @Test
  void cifar100Archive_countsNamesAndFirstTestRecord() throws IOException {
    Optional<Path> gz = shared("cifar100/cifar-100-binary.tar.gz");
    assumeTrue(gz.isPresent(), "skipped: no shared/data/cifar100/cifar-100-binary.tar.gz above the working directory");
    try (ImageLayout c = ImageLayouts.open("cifar100-binary:" + gz.get(), ImageOptions.NONE);
        ImageStream s = c.open(Split.TEST)) {
      assertEquals(50_000, c.count(Split.TRAIN));
      assertEquals(10_000, c.count(Split.TEST));
      assertEquals("apple", c.classNames().get(0));
      assertEquals("worm", c.classNames().get(99));
      ImageRecord first = s.next().orElseThrow();
      assertEquals(0, first.label(), "records are ordered by fine label (README)");
      assertEquals(32, first.image().width());
    }
  }

  @Test
  void cars196List_paperSplitAndClassNames() throws IOException {
    Optional<Path> dir = shared("cars196");
    assumeTrue(dir.isPresent(), "skipped: no shared/data/cars196 above the working directory");
    try (ImageLayout c = ImageLayouts.open("cars196-list:" + dir.get(), ImageOptions.NONE);
        ImageStream s = c.open(Split.TEST)) {
      assertEquals(4_052, c.count(Split.TRAIN));
      assertEquals(4_092, c.count(Split.TEST));
      assertEquals("Audi TTS Coupe 2012", c.classNames().get(13));
      ImageRecord first = s.next().orElseThrow();
      assertTrue(first.label() >= 98, "test classes are 99-196");
      assertEquals(224, Math.max(first.image().width(), first.image().height()));
    }
  }
}
