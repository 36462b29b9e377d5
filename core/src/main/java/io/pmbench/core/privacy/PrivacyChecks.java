package io.pmbench.core.privacy;

/**
 * Every privacy-parameter check in one place, with one message shape:
 * {@code "<name> must be <range>. Provided value: <v>"}.
 */
public final class PrivacyChecks {
  private PrivacyChecks() {}

  /** ε must be finite and > 0. */
  public static void checkEpsilon(double epsilon) {
    if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
      throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
    }
  }

  /** δ must be in (0, 1) for a Gaussian mechanism. */
  public static void checkDelta(double delta) {
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta must be in (0, 1). Provided value: " + delta);
    }
  }

  /** Sensitivity must be finite and > 0. */
  public static void checkSensitivity(double sensitivity) {
    if (!(sensitivity > 0) || !Double.isFinite(sensitivity)) {
      throw new IllegalArgumentException("sensitivity must be > 0 and finite. Provided value: " + sensitivity);
    }
  }

  /** The classic Gaussian mechanism's range: 0 < ε < 1 (Dwork & Roth 2014, Thm A.1). */
  public static void checkClassicGaussianEpsilon(double epsilon) {
    checkEpsilon(epsilon);
    if (epsilon >= 1) {
      throw new IllegalArgumentException(
          "epsilon must be < 1 for the CLASSIC Gaussian calibration (use ANALYTIC for epsilon >= 1). Provided value: "
              + epsilon);
    }
  }
}
