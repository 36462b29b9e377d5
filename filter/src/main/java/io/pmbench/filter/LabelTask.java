package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A (private label, utility label) pair derived from the class id (BASELINES.md §7).
 *
 * <ul>
 *   <li>Case 1 (the paper's MNIST Case 1, Figure 3c): private = the class id itself (10 classes);
 *       utility = membership of a class set — "digit contains a circle" {0, 6, 8, 9} on MNIST,
 *       "footwear" {5 sandal, 7 sneaker, 9 ankle boot} on Fashion-MNIST.
 *   <li>Case 2 (the paper's MNIST Case 2, Figure 7b): private = class id ≥ 5; utility = class id
 *       even.
 * </ul>
 *
 * @param name "case1" or "case2"
 * @param title a human-readable description
 * @param privateName name of the private label
 * @param utilityName name of the utility label
 * @param privateClasses number of private classes K
 * @param utilitySet for case 1 the utility class set (sorted), empty for case 2
 */
public record LabelTask(String name, String title, String privateName, String utilityName, int privateClasses,
    int[] utilitySet) {

  /** The number of class ids the cases are defined on (0..9). */
  public static final int CLASS_IDS = 10;

  public LabelTask {
    utilitySet = utilitySet.clone();
    Arrays.sort(utilitySet);
  }

  /** Case 1 with utility "class id in {@code utilitySet}" named {@code utilityName}. */
  public static LabelTask case1(int[] utilitySet, String utilityName) {
    Preconditions.require(utilitySet.length > 0 && Arrays.stream(utilitySet).allMatch(c -> c >= 0 && c < CLASS_IDS)
        && Arrays.stream(utilitySet).distinct().count() == utilitySet.length && utilitySet.length < CLASS_IDS,
        "case-1 utility classes", "distinct class ids in [0, 9], neither none nor all", Arrays.toString(utilitySet));
    String set = Arrays.stream(utilitySet).sorted().mapToObj(Integer::toString).collect(Collectors.joining(","));
    return new LabelTask("case1", "Case 1: private = class id, utility = " + utilityName + " (classes " + set + ")",
        "class id", utilityName, CLASS_IDS, utilitySet);
  }

  /** Case 1's utility classes on Fashion-MNIST: sandal, sneaker, ankle boot. */
  static final int[] FOOTWEAR = {5, 7, 9};
  /** Case 1's utility classes on MNIST (the paper's "digit contains a circle"). */
  static final int[] CIRCLE = {0, 6, 8, 9};
  /** The data set whose case 1 is footwear (any other: circle digits). */
  static final String FASHION_MNIST = "fashion-mnist";

  /** The paper's case 1 on the data set named {@code dataName}: footwear on Fashion-MNIST, circle digits otherwise. */
  public static LabelTask paperCase1(String dataName) {
    return dataName.equals(FASHION_MNIST) ? case1(FOOTWEAR, "footwear") : case1(CIRCLE, "circle digit");
  }

  /**
   * The case named {@code name} on the data set {@code dataName}: {@code case1} (utility {@code
   * case1Utility}, or the paper's set when empty) or {@code case2}; another name is refused.
   */
  public static LabelTask named(String name, String dataName, java.util.Optional<int[]> case1Utility) {
    return switch (name.strip()) {
      case "case1" -> case1Utility.map(u -> case1(u, "classes " + Arrays.stream(u).mapToObj(Integer::toString)
          .collect(Collectors.joining(",")))).orElseGet(() -> paperCase1(dataName));
      case "case2" -> case2();
      default -> throw new IllegalArgumentException("cases must be case1 and/or case2. Provided value: " + name);
    };
  }

  /** Case 2: private "class ≥ 5", utility "class id even". */
  public static LabelTask case2() {
    return new LabelTask("case2", "Case 2: private = class >= 5, utility = class id even", "class >= 5",
        "class id even", 2, new int[0]);
  }

  /** The private label of class id c. */
  public int privateLabel(int c) {
    return name.equals("case2") ? (c >= 5 ? 1 : 0) : c;
  }

  /** The utility label (0/1) of class id c. */
  public int utilityLabel(int c) {
    return name.equals("case2") ? (c % 2 == 0 ? 1 : 0) : (Arrays.binarySearch(utilitySet, c) >= 0 ? 1 : 0);
  }

  /** Private labels of the class ids. */
  public int[] privateLabels(int[] classIds) {
    return Arrays.stream(classIds).map(this::privateLabel).toArray();
  }

  /** Utility labels of the class ids. */
  public int[] utilityLabels(int[] classIds) {
    return Arrays.stream(classIds).map(this::utilityLabel).toArray();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LabelTask t && t.name.equals(name) && t.utilityName.equals(utilityName)
        && Arrays.equals(t.utilitySet, utilitySet);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Arrays.hashCode(utilitySet);
  }

  @Override
  public String toString() {
    return title;
  }
}
