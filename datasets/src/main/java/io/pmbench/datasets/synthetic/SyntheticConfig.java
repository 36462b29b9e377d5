package io.pmbench.datasets.synthetic;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parameters of a synthetic feature set; the whole configuration, so the set is a function of
 * this record alone.
 *
 * @param trainRows rows in the train split (≥ its number of classes)
 * @param testRows rows in the test split (≥ its number of classes)
 * @param dimension d, values per row (≥ 1)
 * @param classes C, classes over both splits (≥ 2)
 * @param spread cluster spread s ≥ 0: a row is centre + s·N(0, I)/√d before normalisation, so
 *     the noise has norm ≈ s against a unit-norm centre
 * @param split how classes are shared between the splits
 * @param seed root seed
 */
public record SyntheticConfig(
    int trainRows, int testRows, int dimension, int classes, double spread, ClassSplit split, long seed) {

  /** The keys {@link #parse} accepts. */
  public static final Set<String> KEYS = Set.of("n", "train", "test", "d", "classes", "spread", "split", "seed");

  /** Defaults of {@link #parse}: 1,000 rows per split, d = 64, C = 10, s = 0.5, row split, seed 1. */
  public static final SyntheticConfig DEFAULT = new SyntheticConfig(1000, 1000, 64, 10, 0.5, ClassSplit.ROW, 1);

  public SyntheticConfig {
    if (classes < 2) {
      throw new IllegalArgumentException("classes must be >= 2. Provided value: " + classes);
    }
    if (dimension < 1) {
      throw new IllegalArgumentException("d must be >= 1. Provided value: " + dimension);
    }
    if (!(spread >= 0) || !Double.isFinite(spread)) {
      throw new IllegalArgumentException("spread must be finite and >= 0. Provided value: " + spread);
    }
    if (split == null) {
      throw new IllegalArgumentException("split must be row or class. Provided value: null");
    }
    int trainClasses = split == ClassSplit.ROW ? classes : classes / 2;
    int testClasses = classes - (split == ClassSplit.ROW ? 0 : trainClasses);
    if (trainRows < trainClasses) {
      throw new IllegalArgumentException("train rows must be >= the train split's " + trainClasses
          + " classes. Provided value: " + trainRows);
    }
    if (testRows < testClasses) {
      throw new IllegalArgumentException("test rows must be >= the test split's " + testClasses
          + " classes. Provided value: " + testRows);
    }
    if ((long) Math.max(trainRows, testRows) * dimension > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("rows*d must fit in one array. Provided value: "
          + Math.max(trainRows, testRows) + "*" + dimension);
    }
  }

  /**
   * Parses {@code key=value} pairs separated by commas, e.g.
   * {@code n=2000,d=64,classes=10,spread=0.5,split=row,seed=1}; {@code n} sets both splits'
   * rows, {@code train}/{@code test} set one. Missing keys take the {@link #DEFAULT} values; an
   * empty string is the default set.
   */
  public static SyntheticConfig parse(String text) {
    Map<String, String> kv = new LinkedHashMap<>();
    if (!text.isBlank()) {
      for (String pair : text.split(",")) {
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip();
        if (eq < 0 || !KEYS.contains(key)) {
          throw new IllegalArgumentException("synthetic parameter must be key=value with key one of "
              + String.join(", ", new TreeSet<>(KEYS)) + ". Provided value: " + pair.strip());
        }
        if (kv.put(key, pair.substring(eq + 1).strip()) != null) {
          throw new IllegalArgumentException("synthetic parameter must be given once. Provided value: " + key + " twice");
        }
      }
    }
    SyntheticConfig d = DEFAULT;
    int n = intValue(kv, "n", -1);
    return new SyntheticConfig(
        intValue(kv, "train", n >= 0 ? n : d.trainRows()),
        intValue(kv, "test", n >= 0 ? n : d.testRows()),
        intValue(kv, "d", d.dimension()),
        intValue(kv, "classes", d.classes()),
        kv.containsKey("spread") ? doubleValue(kv, "spread") : d.spread(),
        kv.containsKey("split") ? ClassSplit.parse(kv.get("split")) : d.split(),
        kv.containsKey("seed") ? longValue(kv, "seed") : d.seed());
  }

  /** The canonical spec (every key, fixed order), which {@link #parse} reads back to this record. */
  public String toSpec() {
    return "train=" + trainRows + ",test=" + testRows + ",d=" + dimension + ",classes=" + classes
        + ",spread=" + spread + ",split=" + split.spec() + ",seed=" + seed;
  }

  private static int intValue(Map<String, String> kv, String key, int fallback) {
    if (!kv.containsKey(key)) {
      return fallback;
    }
    try {
      return Integer.parseInt(kv.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer. Provided value: " + kv.get(key));
    }
  }

  private static long longValue(Map<String, String> kv, String key) {
    try {
      return Long.parseLong(kv.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer. Provided value: " + kv.get(key));
    }
  }

  private static double doubleValue(Map<String, String> kv, String key) {
    try {
      return Double.parseDouble(kv.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number. Provided value: " + kv.get(key));
    }
  }
}
