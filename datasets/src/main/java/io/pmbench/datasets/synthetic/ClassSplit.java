package io.pmbench.datasets.synthetic;

import io.pmbench.core.Preconditions;
import java.util.Arrays;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

/** How a synthetic set's classes are shared between its train and test splits (SPEC.md §2). */
public enum ClassSplit {
  /** Both splits hold every class (like CIFAR-100's own split). */
  ROW,
  /** The first ⌊C/2⌋ classes are train, the rest test (like CUB-200-2011 and Cars196). */
  CLASS;

  /** Every split by its spec spelling, in the order a message lists them. */
  private static final SortedMap<String, ClassSplit> BY_SPEC = new TreeMap<>();

  static {
    Arrays.stream(values()).forEach(s -> BY_SPEC.put(s.spec(), s));
  }

  /** The spec spelling: {@code row} or {@code class}. */
  public String spec() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code row} or {@code class}. */
  public static ClassSplit parse(String text) {
    ClassSplit split = text == null ? null : BY_SPEC.get(text);
    Preconditions.require(split != null, "split", "one of " + String.join(", ", BY_SPEC.keySet()), text);
    return split;
  }
}
