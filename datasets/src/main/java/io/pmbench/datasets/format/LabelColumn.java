package io.pmbench.datasets.format;

import java.util.Objects;

/** Which column of a table holds the labels: by header name, or by index. */
public sealed interface LabelColumn permits LabelColumn.ByName, LabelColumn.ByIndex {

  /** The column whose header cell is {@code name} (the file must have a header). */
  record ByName(String name) implements LabelColumn {
    public ByName {
      Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("label column name must be non-blank. Provided value: '" + name + "'");
      }
    }
  }

  /** The column at a 0-based {@code index}; negative counts from the end ({@code -1} is the last). */
  record ByIndex(int index) implements LabelColumn {}

  /** The last column (the default). */
  static LabelColumn last() {
    return new ByIndex(-1);
  }

  /** An integer (possibly negative) is an index, anything else a name. */
  static LabelColumn parse(String text) {
    String t = text.strip();
    if (t.matches("-?\\d{1,9}")) {
      return new ByIndex(Integer.parseInt(t));
    }
    return new ByName(t);
  }
}
