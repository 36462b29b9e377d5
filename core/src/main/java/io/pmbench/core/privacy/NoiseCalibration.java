package io.pmbench.core.privacy;

/** How the Gaussian noise scale s is chosen from (Δ, ε, δ) (SPEC.md §5.3). */
public enum NoiseCalibration {
  /** s = √(2·ln(1.25/δ))·Δ/ε; valid only for 0 &lt; ε &lt; 1 (the paper; default). */
  CLASSIC,
  /** The smallest s that makes the Gaussian mechanism (ε, δ)-DP (Balle & Wang 2018). */
  ANALYTIC,
  /** s = 2·ln(1.25/δ)·Δ²/ε²: the official code's variance used as a standard deviation. Not DP. */
  OFFICIAL_CODE;

  /** The noise standard deviation for ℓ2 sensitivity Δ at (ε, δ). */
  public double sigma(double sensitivity, double epsilon, double delta) {
    return switch (this) {
      case CLASSIC -> GaussianCalibration.classic(sensitivity, epsilon, delta);
      case ANALYTIC -> GaussianCalibration.analytic(sensitivity, epsilon, delta);
      case OFFICIAL_CODE -> GaussianCalibration.officialCode(sensitivity, epsilon, delta);
    };
  }

  /** Whether a result calibrated this way is (ε, δ)-DP at the stated pair. */
  public boolean isDifferentiallyPrivate() {
    return this != OFFICIAL_CODE;
  }
}
