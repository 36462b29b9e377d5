package io.pmbench.experiments.figures;

import io.pmbench.reports.Decision;
import java.util.Optional;

/**
 * One row of the claims table: a claim of the paper (or an audited stage), where the paper makes
 * it, the verdict and the numbers behind it.
 *
 * @param id a short stable identifier
 * @param claim the paper's claim
 * @param source where the paper makes it
 * @param verdict reproduced / not reproduced / cannot test here
 * @param evidence the numbers behind the verdict
 */
public record ClaimRow(String id, String claim, String source, String verdict, String evidence) {
  public static final String REPRODUCED = Decision.REPRODUCED.label();
  public static final String NOT_REPRODUCED = Decision.NOT_REPRODUCED.label();
  public static final String CANNOT_TEST = "cannot test here";
  /**
   * A paper data set's row on a run over that data set's images with features of another network:
   * the paper's statements are judged by the other rows on these features, not on the paper's.
   */
  public static final String STAND_IN = "judged on stand-in features";
  /** A comparison whose interval is too wide to settle it (SPEC.md §10). */
  public static final String UNDECIDED = Decision.UNDECIDED.label();

  /** The verdict of a comparison, or {@link #CANNOT_TEST} when it could not be made. */
  static String verdict(Optional<Decision> d) {
    return d.map(Decision::label).orElse(CANNOT_TEST);
  }
}
