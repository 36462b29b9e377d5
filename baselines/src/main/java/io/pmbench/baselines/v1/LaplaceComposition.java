package io.pmbench.baselines.v1;

import io.pmbench.core.privacy.PrivacyBudget;

/**
 * Privacy accounting of m adaptively composed ε₀-DP (pure) Laplace releases (BASELINES.md §6):
 *
 * <pre>
 *   basic(ε₀)  = m·ε₀                                                   (δ̃ = 0)
 *   kov(ε₀)    = ε₀·√(2m·ln(1/δ′)) + m·ε₀·(e^ε₀ − 1)/(e^ε₀ + 1)          (δ̃ = δ′)
 *   ε̃(ε₀)      = min(basic(ε₀), kov(ε₀))
 * </pre>
 *
 * <p>basic is Dwork &amp; Roth 2014, Thm 3.16; kov is the third term of Kairouz, Oh &amp;
 * Viswanath 2015, Thm 3.5 for pure (δ = 0) mechanisms, the formula the early PrivateMail paper
 * quotes in §6.2. (e^ε₀ − 1)/(e^ε₀ + 1) is computed as tanh(ε₀/2) (the same number, without
 * cancellation at small ε₀). For m = 2, kov − basic = 2ε₀·(√ln(1/δ′) + tanh(ε₀/2) − 1) &gt; 0
 * whenever δ′ &lt; 1/e, so the early paper's formula is worse than basic composition there.
 */
public final class LaplaceComposition {
  private LaplaceComposition() {}

  /** Which composition theorem gives ε̃ at ε₀. */
  public enum Branch {
    /** basic composition: pure m·ε₀-DP. */
    BASIC,
    /** Kairouz–Oh–Viswanath: (ε̃, δ′)-DP. */
    KOV
  }

  /** basic(ε₀) = m·ε₀. */
  public static double basic(double epsilon0, int m) {
    return m * epsilon0;
  }

  /** kov(ε₀) = ε₀·√(2m·ln(1/δ′)) + m·ε₀·tanh(ε₀/2). */
  public static double kov(double epsilon0, int m, double deltaPrime) {
    return epsilon0 * Math.sqrt(2.0 * m * Math.log(1 / deltaPrime)) + m * epsilon0 * Math.tanh(epsilon0 / 2);
  }

  /** ε̃(ε₀) = min(basic, kov). */
  public static double composed(double epsilon0, int m, double deltaPrime) {
    return Math.min(basic(epsilon0, m), kov(epsilon0, m, deltaPrime));
  }

  /** The branch attaining the minimum at ε₀ (BASIC on ties: it needs no δ). */
  public static Branch branch(double epsilon0, int m, double deltaPrime) {
    return basic(epsilon0, m) <= kov(epsilon0, m, deltaPrime) ? Branch.BASIC : Branch.KOV;
  }

  /**
   * The largest ε₀ with ε̃(ε₀) ≤ ε, by bisection on doubles until the bracket is two adjacent
   * doubles; it returns the lower end, so ε̃(ε₀) ≤ ε always holds (rounding toward more noise).
   * ε̃ is strictly increasing in ε₀ (both branches are), so the answer is unique. The target ε and
   * δ′ are {@code budget}'s (its calibration plays no part).
   */
  public static double solveEpsilon0(PrivacyBudget budget, int m) {
    double epsilon = budget.epsilon(); // ε and δ′ validated where the budget was made
    double deltaPrime = budget.delta();
    if (m < 1) {
      throw new IllegalArgumentException("m (noisy iterations) must be >= 1. Provided value: " + m);
    }
    double lo = 0;
    double hi = epsilon;
    while (composed(hi, m, deltaPrime) <= epsilon) {
      lo = hi;
      hi *= 2;
    }
    while (true) {
      double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      if (composed(mid, m, deltaPrime) <= epsilon) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    if (!(lo > 0)) {
      throw new IllegalArgumentException("epsilon must allow a positive per-iteration epsilon0. Provided value: "
          + epsilon);
    }
    return lo;
  }
}
