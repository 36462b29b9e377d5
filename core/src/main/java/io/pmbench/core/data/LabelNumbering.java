package io.pmbench.core.data;

import io.pmbench.core.CliEnum;
import java.util.Arrays;

/**
 * How class ids are numbered before a mechanism sees them (SPEC.md §2, §8).
 *
 * <p>The ids matter: the label kernels of SPEC.md §3 read them (GAUSSIAN_INTEGER and
 * CENTERED_DISTANCE as numbers), so two unrelated classes that share an id are treated as one
 * class by L_Y.
 */
public enum LabelNumbering implements CliEnum {
  /**
   * One remap over both splits together: a class id names one class (the loaders' numbering;
   * {@code paper} and {@code corrected}).
   */
  JOINT,
  /**
   * Each split remapped to 0..C_split − 1 on its own, in the order of its ids (the official code's
   * {@code utils.py}; {@code official-code}). On a class-disjoint split (CUB-200-2011, Cars196,
   * Omniglot) a test class then shares its id with an unrelated train (public) class.
   */
  PER_SPLIT;

  /** Parses {@code joint} or {@code per-split} ({@link #cliName()}). */
  public static LabelNumbering parse(String s) {
    return CliEnum.parse(values(), s, "label numbering", false);
  }

  /** One line for consoles and reports, e.g. "per-split (train and test each numbered 0..C−1 on its own)". */
  public String describe() {
    return this == JOINT
        ? "joint (one class id per class over train and test)"
        : "per-split (train and test each numbered 0..C-1 on their own: test ids collide with unrelated public ids"
            + " on a class-disjoint split)";
  }

  /**
   * The set as a mechanism sees it under this numbering: {@code data} itself for {@link #JOINT}
   * (the loaders number jointly); for {@link #PER_SPLIT} each split's labels replaced by their rank
   * among that split's distinct labels, and C = the larger split's class count. Rows, name and
   * checksums are unchanged; retrieval hits (same class within the gallery) do not change.
   */
  public FeatureSet apply(FeatureSet data) {
    if (this == JOINT) {
      return data;
    }
    LabelledSet train = renumber(data.train());
    LabelledSet test = renumber(data.test());
    int c = Math.max(classCount(train.labels()), classCount(test.labels()));
    return new FeatureSet(data.name(), train, test, Math.max(2, c), data.defaults(), data.sha256(),
        data.fileChecksums(), data.licence());
  }

  private static LabelledSet renumber(LabelledSet s) {
    int[] distinct = Arrays.stream(s.labels()).distinct().sorted().toArray();
    int[] y = new int[s.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = Arrays.binarySearch(distinct, s.labels()[i]);
    }
    return new LabelledSet(s.features(), y);
  }

  private static int classCount(int[] labels) {
    return (int) Arrays.stream(labels).distinct().count();
  }
}
