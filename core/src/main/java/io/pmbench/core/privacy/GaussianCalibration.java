package io.pmbench.core.privacy;

import io.pmbench.core.Preconditions;
import org.apache.commons.math3.special.Erf;

/**
 * Noise scales for the Gaussian mechanism M(D) = f(D) + N(0, s²·I) with ℓ2 sensitivity Δ.
 *
 * <ul>
 *   <li>{@link #classic}: Dwork &amp; Roth 2014, Theorem A.1 — s = √(2·ln(1.25/δ))·Δ/ε, proved for
 *       ε &lt; 1 only.
 *   <li>{@link #analytic}: Balle &amp; Wang 2018, "Improving the Gaussian mechanism for differential
 *       privacy", Theorem 8: M is (ε, δ)-DP iff
 *       Φ(Δ/(2s) − ε·s/Δ) − e^ε·Φ(−Δ/(2s) − ε·s/Δ) ≤ δ. The left side decreases in s, so the
 *       smallest s is found by bisection on this exact condition; the search stops on the side
 *       that satisfies it (rounding toward more noise).
 *   <li>{@link #officialCode}: what the official PrivateMail code passes as the standard
 *       deviation (the variance formula). Not differentially private at the stated ε.
 * </ul>
 */
public final class GaussianCalibration {
  private GaussianCalibration() {}

  /** s = √(2·ln(1.25/δ))·Δ/ε, for 0 &lt; ε &lt; 1. */
  public static double classic(double sensitivity, double epsilon, double delta) {
    Preconditions.checkClassicGaussianEpsilon(epsilon);
    Preconditions.checkDelta(delta);
    Preconditions.checkSensitivity(sensitivity);
    return Math.sqrt(2 * Math.log(1.25 / delta)) * sensitivity / epsilon;
  }

  /** s = 2·ln(1.25/δ)·Δ²/ε² (the official code; a variance used as a standard deviation). */
  public static double officialCode(double sensitivity, double epsilon, double delta) {
    Preconditions.checkEpsilon(epsilon);
    Preconditions.checkDelta(delta);
    Preconditions.checkSensitivity(sensitivity);
    return 2 * Math.log(1.25 / delta) * sensitivity * sensitivity / (epsilon * epsilon);
  }

  /**
   * The exact δ(ε) of the Gaussian mechanism with noise s and sensitivity Δ (Balle &amp; Wang 2018,
   * Theorem 8): Φ(Δ/(2s) − ε·s/Δ) − e^ε·Φ(−Δ/(2s) − ε·s/Δ).
   */
  public static double exactDelta(double sensitivity, double s, double epsilon) {
    double mu = sensitivity / s;
    double a = mu / 2 - epsilon / mu;
    double b = -mu / 2 - epsilon / mu;
    // e^ε·Φ(b) computed as exp(ε + log Φ(b)) to avoid overflow/underflow.
    double second = Math.exp(epsilon + logPhi(b));
    return Math.max(0.0, phi(a) - second);
  }

  /** The smallest s with {@link #exactDelta} ≤ δ, bisected to relative precision 1e-12. */
  public static double analytic(double sensitivity, double epsilon, double delta) {
    Preconditions.checkEpsilon(epsilon);
    Preconditions.checkDelta(delta);
    Preconditions.checkSensitivity(sensitivity);
    // Work with Δ = 1 and scale: s(Δ) = Δ·s(1).
    double lo = 1e-6;
    double hi = 1.0;
    while (exactDelta(1.0, hi, epsilon) > delta) {
      lo = hi;
      hi *= 2;
      if (hi > 1e12) {
        throw new IllegalStateException("analytic Gaussian calibration did not bracket; epsilon=" + epsilon
            + ", delta=" + delta);
      }
    }
    if (exactDelta(1.0, lo, epsilon) <= delta) {
      lo = 0; // δ(s) ≤ δ already at the smallest bracket end: search from 0
    }
    while (hi - lo > 1e-12 * hi) {
      double mid = 0.5 * (lo + hi);
      if (exactDelta(1.0, mid, epsilon) <= delta) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi * sensitivity;
  }

  /** The standard normal CDF Φ(x) = ½·erfc(−x/√2). */
  public static double phi(double x) {
    return 0.5 * Erf.erfc(-x / Math.sqrt(2));
  }

  /** log Φ(x), accurate in the far lower tail (Mills-ratio expansion below −30). */
  static double logPhi(double x) {
    if (x > -30) {
      return Math.log(phi(x));
    }
    // Φ(x) ≈ φ(x)/|x|·(1 − 1/x² + 3/x⁴ − 15/x⁶)
    double x2 = x * x;
    double series = 1 - 1 / x2 + 3 / (x2 * x2) - 15 / (x2 * x2 * x2);
    return -x2 / 2 - Math.log(-x) - 0.5 * Math.log(2 * Math.PI) + Math.log(series);
  }
}
