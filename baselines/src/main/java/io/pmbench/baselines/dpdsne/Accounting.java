package io.pmbench.baselines.dpdsne;

import io.pmbench.core.Preconditions;
import io.pmbench.core.privacy.PrivacyBudget;
import java.util.Locale;

/**
 * How DP-dSNE turns (ε, δ), the per-step ℓ2 sensitivity Δ and the step count T into the noise
 * scale s of every step (BASELINES.md §2, option {@code accounting}).
 */
enum Accounting {
  /**
   * Default: s = Calibrate(Δ·√T) with the run's {@code noiseCalibration}. T adaptively chosen
   * Gaussian steps with one s compose exactly like a single Gaussian mechanism of sensitivity Δ·√T
   * (Gaussian differential privacy: Dong, Roth &amp; Su 2022, Cor. 3.3 — each step is Δ/s-GDP and
   * T of them are √T·Δ/s-GDP), so every mechanism in pmbench is calibrated the same way.
   */
  GAUSSIAN,
  /**
   * The DP-dSNE papers' rule: each step is Δ²/(2s²)-zCDP (Bun &amp; Steinke 2016, Prop. 1.6), T steps
   * are ρ = T·Δ²/(2s²)-zCDP (Lemma 2.3), which is (ε, δ)-DP when ε ≥ ρ + 2·√(ρ·ln(1/δ))
   * (Prop. 1.3). s is the smallest scale meeting that, found by bisection and rounded up.
   */
  ZCDP;

  /** Parses {@code GAUSSIAN} or {@code ZCDP} (case-insensitive). */
  static Accounting parse(String s) {
    for (Accounting a : values()) {
      if (a.name().equals(s.toUpperCase(Locale.ROOT))) {
        return a;
      }
    }
    throw new IllegalArgumentException("accounting must be one of GAUSSIAN, ZCDP. Provided value: " + s);
  }

  /** The per-step noise standard deviation s for per-step sensitivity Δ over T steps. */
  double noiseScale(double stepSensitivity, int steps, PrivacyBudget budget) {
    return switch (this) {
      case GAUSSIAN -> budget.gaussianSigma(stepSensitivity * Math.sqrt(steps));
      case ZCDP -> zcdpNoise(stepSensitivity, steps, budget);
    };
  }

  /** ρ = T·Δ²/(2s²). */
  static double zcdpRho(double s, double stepSensitivity, int steps) {
    return steps * stepSensitivity * stepSensitivity / (2 * s * s);
  }

  /** Whether ε ≥ ρ + 2·√(ρ·ln(1/δ)) at noise s (Bun &amp; Steinke 2016, Prop. 1.3). */
  static boolean zcdpHolds(double s, double stepSensitivity, int steps, double epsilon, double delta) {
    double rho = zcdpRho(s, stepSensitivity, steps);
    return epsilon >= rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
  }

  /**
   * The smallest s with {@link #zcdpHolds}, bisected to relative precision 10⁻¹²; the returned end
   * of the bracket always satisfies the condition (rounding toward more noise).
   */
  static double zcdpNoise(double stepSensitivity, int steps, PrivacyBudget budget) {
    Preconditions.checkSensitivity(stepSensitivity);
    double epsilon = budget.epsilon(); // validated where the budget was made
    double delta = budget.delta();
    double lo = 0;
    double hi = stepSensitivity * Math.sqrt(steps);
    while (!zcdpHolds(hi, stepSensitivity, steps, epsilon, delta)) {
      lo = hi;
      hi *= 2;
    }
    while (hi - lo > 1e-12 * hi) {
      double mid = 0.5 * (lo + hi);
      if (zcdpHolds(mid, stepSensitivity, steps, epsilon, delta)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }
}
