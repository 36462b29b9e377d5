package io.pmbench.core.privacy;

import io.pmbench.core.Preconditions;
import java.util.Locale;

/**
 * The guarantee a release gives for <b>replacing the whole query</b> — the client's query row r
 * (features and label) by another query r′ — derived from the neighbouring relation its
 * {@link PrivacyClaim} states, and the ceiling that guarantee puts on Recall@K (issue 35).
 *
 * <p><b>The ceiling.</b> If the release is (ε′, δ′)-DP for the replacement of the whole query,
 * then for every query r, every other query r′ and every set S of outputs, P[M(r) ∈ S] ≤
 * e<sup>ε′</sup>·P[M(r′) ∈ S] + δ′. With S = "the top K contains c(r)" and r′ drawn like the
 * queries: Recall@K ≤ e<sup>ε′</sup>·R_indep@K + δ′, with R_indep@K the mean over queries q of
 * Σ<sub>c ∈ L<sub>q</sub></sub> π<sub>c</sub> (L<sub>q</sub> the labels among q's top K, π the
 * query label distribution; {@link io.pmbench.core.retrieval.NearestLists#independentChances}). So
 * {@link #ceiling} = min(1, e<sup>ε′</sup>·R_indep + δ′).
 *
 * <p><b>Deriving (ε′, δ′).</b> Under {@link PrivacyClaim#ADD_REMOVE_ROW} one replaced row of D is
 * two steps (remove, add). Replacing the query replaces {@code replacedRows} rows of D =
 * [r; P_r; P]: r itself, and — when the dummy queries P_r are on and r′ has another class — one
 * dummy (P_r holds one public row of every class but r's: coupling the draws class by class,
 * D(r′) lacks the dummy of c(r′) and has one of c(r)); so 2 rows with dummies, 1 without, i.e.
 * s = 2·replacedRows add/remove steps. Group privacy over s steps (Dwork &amp; Roth 2014, the
 * group-privacy property of §2.3, applied step by step) gives ε′ = s·ε and δ′ = δ·Σ<sub>i&lt;s</sub>
 * e<sup>iε</sup>: for s = 2, (2ε, (1 + e<sup>ε</sup>)δ). A pure-DP claim has δ = 0. Any other
 * relation — e.g. {@code private-rp}'s attribute-level one, which does not protect a whole row —
 * bounds nothing for a whole query here: {@link #bounded()} is false with the reason. A claim whose
 * neighbours are any two queries ({@link PrivacyClaim#REPLACE_QUERY}, e.g. {@code simhash-rr}) is
 * already one for the whole query: one step, (ε, δ).
 *
 * <p>A {@link Guarantee#NOT_DP} claim is derived from the ε and δ it <i>states</i> (what the
 * paper or the code claims), so that a figure can show what the stated guarantee would forbid;
 * {@link Guarantee#NONE} has no ceiling.
 *
 * @param bounded whether a ceiling follows from the claim
 * @param epsilon ε′ (NaN when not bounded)
 * @param delta δ′ (NaN when not bounded)
 * @param steps the add/remove steps a query replacement takes (0 when not bounded)
 * @param explanation how (ε′, δ′) was derived, or why no ceiling follows
 */
public record QueryReplacement(boolean bounded, double epsilon, double delta, int steps, String explanation) {

  /** The claim of {@code guarantee} at (ε, δ) under {@code neighbouring}, replacing {@code replacedRows} rows of D. */
  public static QueryReplacement of(Guarantee guarantee, double epsilon, double delta, String neighbouring,
      int replacedRows) {
    Preconditions.require(replacedRows >= 1, "replacedRows", ">= 1", replacedRows);
    if (guarantee == Guarantee.NONE) {
      return none("no privacy claim");
    }
    if (PrivacyClaim.REPLACE_QUERY.equals(neighbouring)) {
      Preconditions.checkEpsilon(epsilon);
      double d = guarantee == Guarantee.PURE_DP ? 0.0 : delta;
      return new QueryReplacement(true, epsilon, d, 1, "the claim's neighbours are any two queries (features and"
          + " label): replacing the query is one step, the claim itself");
    }
    if (!PrivacyClaim.ADD_REMOVE_ROW.equals(neighbouring)) {
      return none("the neighbouring relation (" + neighbouring + ") does not protect a whole row of D, so it bounds"
          + " nothing for a whole query");
    }
    Preconditions.checkEpsilon(epsilon);
    double d = guarantee == Guarantee.PURE_DP ? 0.0 : delta;
    Preconditions.require(d >= 0 && d < 1, "delta", "in [0, 1)", d);
    int s = 2 * replacedRows;
    double deltaSum = 0;
    for (int i = 0; i < s; i++) {
      deltaSum += Math.exp(i * epsilon);
    }
    String rows = replacedRows == 1 ? "the query row" : "the query row and one class-dependent dummy";
    return new QueryReplacement(true, s * epsilon, d * deltaSum, s, String.format(Locale.ROOT,
        "add/remove-row claim; replacing the query replaces %s of D = %d add/remove steps; group privacy: "
            + "(%d eps, delta * sum_{i<%d} e^(i eps))", rows, s, s, s));
  }

  private static QueryReplacement none(String why) {
    return new QueryReplacement(false, Double.NaN, Double.NaN, 0, why);
  }

  /** min(1, e<sup>ε′</sup>·rIndep + δ′); NaN when not {@link #bounded()}. */
  public double ceiling(double rIndep) {
    return bounded ? Math.min(1.0, Math.exp(epsilon) * rIndep + delta) : Double.NaN;
  }

  /** {@code (0.2, 2.1e-05) over 2 steps}, or {@code none}. */
  public String summary() {
    return bounded ? String.format(Locale.ROOT, "(%.4g, %.3g) over %d steps", epsilon, delta, steps) : "none";
  }
}
