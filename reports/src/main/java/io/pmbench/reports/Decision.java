package io.pmbench.reports;

import io.pmbench.core.Preconditions;

/**
 * The verdict of a comparison claim, judged on the 95% paired bootstrap interval [low, high] of
 * A − B ({@link Bootstrap#pairedDifference}), SPEC.md §10. Three values: the interval settles
 * the claim either way, or it is too wide to settle it and the claim is {@link #UNDECIDED}
 * ("undecided (n too small)") rather than reproduced or not.
 *
 * <ul>
 *   <li>"A beats B" ({@link #beats}): reproduced when low &gt; 0; not reproduced when high ≤
 *       {@link #MARGIN} (and low ≤ 0): the data exclude any advantage of A larger than the
 *       margin; otherwise undecided.
 *   <li>"A equals B" ({@link #equivalent}), i.e. |A − B| ≤ {@link #MARGIN}: reproduced when
 *       −margin ≤ low and high ≤ margin; not reproduced when low &gt; margin or high &lt;
 *       −margin; otherwise undecided.
 * </ul>
 */
public enum Decision {
  REPRODUCED("reproduced"),
  NOT_REPRODUCED("not reproduced"),
  UNDECIDED("undecided (n too small)");

  /**
   * The margin of "A equals B" and of a meaningful advantage: 0.02 of Recall@K (SPEC.md §10,
   * "'A equals B' only when it lies inside ±0.02").
   */
  public static final double MARGIN = 0.02;

  private final String label;

  Decision(String label) {
    this.label = label;
  }

  /** How the claims table prints it: "reproduced", "not reproduced", "undecided (n too small)". */
  public String label() {
    return label;
  }

  /** "A beats B", judged on the interval of A − B. */
  public static Decision beats(BootstrapInterval difference) {
    Preconditions.nonNull(difference, "difference");
    if (difference.low() > 0) {
      return REPRODUCED;
    }
    return difference.high() <= MARGIN ? NOT_REPRODUCED : UNDECIDED;
  }

  /** "A equals B" (|A − B| ≤ {@link #MARGIN}), judged on the interval of A − B. */
  public static Decision equivalent(BootstrapInterval difference) {
    Preconditions.nonNull(difference, "difference");
    if (difference.low() >= -MARGIN && difference.high() <= MARGIN) {
      return REPRODUCED;
    }
    return difference.low() > MARGIN || difference.high() < -MARGIN ? NOT_REPRODUCED : UNDECIDED;
  }

  /** The verdict of "A and B both hold" (e.g. an order of three): the worse of the two. */
  public Decision and(Decision other) {
    Preconditions.nonNull(other, "other");
    return this == NOT_REPRODUCED || other == NOT_REPRODUCED ? NOT_REPRODUCED
        : this == UNDECIDED || other == UNDECIDED ? UNDECIDED : REPRODUCED;
  }

  /** The verdict of the negated claim ("A does not beat B"): reproduced and not swap. */
  public Decision not() {
    return this == REPRODUCED ? NOT_REPRODUCED : this == NOT_REPRODUCED ? REPRODUCED : UNDECIDED;
  }
}
