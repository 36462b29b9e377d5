package io.pmbench.core.privacy;

import io.pmbench.core.Preconditions;
import java.util.List;

/**
 * What a release claims about privacy, carried by every private result (SPEC.md §5.5).
 *
 * @param guarantee the kind of guarantee
 * @param epsilon ε of the claim (NaN when {@link Guarantee#NONE})
 * @param delta δ of the claim (0 for pure DP, NaN when none)
 * @param sensitivity the ℓ2 (or stated) sensitivity Δ the noise was calibrated to (NaN if none)
 * @param noiseScale the standard deviation (or Laplace scale) of the added noise (NaN if none)
 * @param calibration how the noise scale was obtained (e.g. "CLASSIC")
 * @param neighbouring the neighbouring relation the guarantee is stated for
 * @param assumedPublic what the guarantee assumes is public (not protected)
 * @param caveats lines a report must print beside the result
 */
public record PrivacyClaim(
    Guarantee guarantee,
    double epsilon,
    double delta,
    double sensitivity,
    double noiseScale,
    String calibration,
    String neighbouring,
    String assumedPublic,
    List<String> caveats) {

  /** SPEC.md §1: one row of the client's data set D added or removed (zero-row padding). */
  public static final String ADD_REMOVE_ROW =
      "add/remove one row of the client's data set D = [r; P_r; P] (smaller one padded with a zero row)";

  /**
   * Any two queries: the query row r replaced by any other row (features and label) or removed; a
   * release that reads r alone (not the dummies or P) states this relation, which is already the
   * replacement of the whole query ({@link QueryReplacement}: one step).
   */
  public static final String REPLACE_QUERY = "any two queries: the query row r replaced by any other row (features"
      + " and label may change) or removed (zero row); the dummies P_r and P are not read";

  public PrivacyClaim {
    caveats = List.copyOf(caveats);
    if (guarantee == Guarantee.APPROXIMATE_DP || guarantee == Guarantee.PURE_DP) {
      Preconditions.checkEpsilon(epsilon);
    }
  }

  /** A non-private release. */
  public static PrivacyClaim none(String why) {
    return new PrivacyClaim(Guarantee.NONE, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "none", "n/a",
        "n/a", List.of(why));
  }

  /**
   * The claim of a Gaussian release calibrated by {@code calibration} under {@link #ADD_REMOVE_ROW}:
   * {@link Guarantee#APPROXIMATE_DP}, or {@link Guarantee#NOT_DP} under
   * {@link NoiseCalibration#OFFICIAL_CODE}, whose caveat is then appended to {@code caveats}.
   */
  public static PrivacyClaim gaussian(NoiseCalibration calibration, double epsilon, double delta, double sensitivity,
      double noiseScale, String assumedPublic, List<String> caveats) {
    Guarantee g = Guarantee.APPROXIMATE_DP;
    if (!calibration.isDifferentiallyPrivate()) {
      g = Guarantee.NOT_DP;
      caveats.add("OFFICIAL_CODE noise (variance used as standard deviation): not differentially private at the"
          + " stated epsilon");
    }
    return new PrivacyClaim(g, epsilon, delta, sensitivity, noiseScale, calibration.name(), ADD_REMOVE_ROW,
        assumedPublic, caveats);
  }

  /** A short human-readable form, e.g. "(0.1, 1e-05)-DP". */
  public String summary() {
    return switch (guarantee) {
      case NONE -> "none";
      case PURE_DP -> "(" + fmt(epsilon) + ")-DP";
      case APPROXIMATE_DP -> "(" + fmt(epsilon) + ", " + fmt(delta) + ")-DP";
      case NOT_DP -> "NOT DP at (" + fmt(epsilon) + ", " + fmt(delta) + ")";
    };
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e6 ? Long.toString((long) v) : Double.toString(v);
  }
}
