package io.pmbench.core.privacy;

import io.pmbench.core.Preconditions;
import io.pmbench.core.random.NoiseOrigin;
import java.util.Objects;

/**
 * The privacy budget of one release: (ε, δ), the Gaussian calibration that turns it into a noise
 * scale, and where the noise's uniform bits come from (SPEC.md §5.3). Validated once, here, where
 * a budget enters; code holding a {@code PrivacyBudget} need not check ε or δ again.
 *
 * @param epsilon ε, finite and &gt; 0
 * @param delta δ in (0, 1)
 * @param calibration the Gaussian noise calibration
 * @param noiseSource where the noise's uniform bits come from ({@code seeded} unless chosen)
 */
public record PrivacyBudget(double epsilon, double delta, NoiseCalibration calibration, NoiseOrigin noiseSource) {

  public PrivacyBudget {
    Preconditions.checkEpsilon(epsilon);
    Preconditions.checkDelta(delta);
    Objects.requireNonNull(calibration, "calibration");
    Objects.requireNonNull(noiseSource, "noiseSource");
  }

  /** The budget (ε, δ) under {@code calibration}, with seeded noise. */
  public static PrivacyBudget of(double epsilon, double delta, NoiseCalibration calibration) {
    return new PrivacyBudget(epsilon, delta, calibration, NoiseOrigin.SEEDED);
  }

  /** This budget at another ε (same δ, calibration and noise source). */
  public PrivacyBudget withEpsilon(double newEpsilon) {
    return new PrivacyBudget(newEpsilon, delta, calibration, noiseSource);
  }

  /** This budget under another calibration. */
  public PrivacyBudget withCalibration(NoiseCalibration newCalibration) {
    return new PrivacyBudget(epsilon, delta, newCalibration, noiseSource);
  }

  /** This budget with its noise's uniform bits from {@code newSource}. */
  public PrivacyBudget withNoiseSource(NoiseOrigin newSource) {
    return newSource == noiseSource ? this : new PrivacyBudget(epsilon, delta, calibration, newSource);
  }

  /** The noise standard deviation for ℓ2 sensitivity Δ under this budget ({@link NoiseCalibration#sigma}). */
  public double gaussianSigma(double l2Sensitivity) {
    return calibration.sigma(l2Sensitivity, epsilon, delta);
  }
}
