package io.pmbench.datasets.images;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a layout's split to the end, for the tests of the layouts. */
final class LayoutRecords {
  private LayoutRecords() {}

  /** Every record of {@code split}, in stream order. */
  static List<ImageRecord> all(ImageLayout layout, Split split) throws IOException {
    List<ImageRecord> out = new ArrayList<>();
    try (ImageStream s = layout.open(split)) {
      for (Optional<ImageRecord> r = s.next(); r.isPresent(); r = s.next()) {
        out.add(r.get());
      }
    }
    return out;
  }
}
