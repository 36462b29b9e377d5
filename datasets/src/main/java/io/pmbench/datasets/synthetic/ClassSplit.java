package io.pmbench.datasets.synthetic;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a synthetic set's classes are shared between its train and test splits (SPEC.md §2). */
public enum ClassSplit {
  /** Both splits hold every class (like CIFAR-100's own split). */
  ROW,
  /** The first ⌊C/2⌋ classes are train, the rest test (like CUB-200-2011 and Cars196). */
  CLASS;

  /** The spec spelling: {@code row} or {@code class}. */
  public String spec() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code row} or {@code class}. */
  public static ClassSplit parse(String text) {
    for (ClassSplit s : values()) {
      if (s.spec().equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("split must be one of "
        + Arrays.stream(values()).map(ClassSplit::spec).sorted().collect(Collectors.joining(", "))
        + ". Provided value: " + text);
  }
}
