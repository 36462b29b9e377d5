package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;

/** The additive noise of an audited release, which fixes the optimal 1-D test statistic. */
public enum NoiseKind {
  /** N(0, s²) per coordinate; ℓ2 sensitivity. */
  GAUSSIAN,
  /** Lap(b) per coordinate; ℓ1 sensitivity. */
  LAPLACE,
  /** Randomised response on ±1 coordinates (each negated with probability q); Hamming sensitivity. */
  RANDOMISED_RESPONSE;

  /** The noise a sensitivity claim in {@code norm} goes with. */
  public static NoiseKind of(AuditStage.Norm norm) {
    return switch (norm) {
      case L2 -> GAUSSIAN;
      case L1 -> LAPLACE;
      case HAMMING -> RANDOMISED_RESPONSE;
    };
  }

  /**
   * The norm the sensitivity of this noise is measured in: ℓ2 for Gaussian, ℓ1 for Laplace, the
   * number of differing coordinates for randomised response.
   */
  public double distance(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      double g = Math.abs(a[i] - b[i]);
      s += switch (this) {
        case GAUSSIAN -> g * g;
        case LAPLACE -> g;
        case RANDOMISED_RESPONSE -> g != 0 ? 1 : 0;
      };
    }
    return this == GAUSSIAN ? Math.sqrt(s) : s;
  }

  /**
   * The log-likelihood ratio log p′(x)/p(x) of output x between means f′ and f, up to a positive
   * factor (Neyman–Pearson: the most powerful statistic for the pair): ⟨x − f, f′ − f⟩ for the
   * Gaussian, Σ|x − f| − |x − f′| for the Laplace, and for randomised response the number of
   * coordinates where f and f′ differ and x agrees with f′, less those where it agrees with f
   * (each such coordinate contributes ±ln((1 − q)/q) to the log ratio; the others nothing) — an
   * exact integer.
   *
   * <p>The Laplace terms are evaluated as 2·clamp((x − m)·sgn(f′ − f), −h, h) with m the midpoint
   * and h = |f′ − f|/2 — equal in real arithmetic, but each term's two atoms (x beyond f or beyond
   * f′, probability mass ≈ ½ each) are then the exact constants ±2h. Computed as |x − f| − |x − f′|
   * they are ±2h plus a rounding error that differs between outputs near f and near f′, and a
   * threshold inside an atom splits it by that error: an honest 1-DP Laplace release on a pair
   * exactly Δ apart was "refuted" with ε ≥ 5.3 at 95% that way.
   */
  public double statistic(double[] x, double[] f, double[] fPrime) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += switch (this) {
        case GAUSSIAN -> (x[i] - f[i]) * (fPrime[i] - f[i]);
        case LAPLACE -> laplaceTerm(x[i], f[i], fPrime[i]);
        case RANDOMISED_RESPONSE -> f[i] == fPrime[i] ? 0 : x[i] == fPrime[i] ? 1 : x[i] == f[i] ? -1 : 0;
      };
    }
    return s;
  }

  /** |x − f| − |x − f′| with its atoms exact (see {@link #statistic}). */
  private static double laplaceTerm(double x, double f, double fPrime) {
    double h = Math.abs(fPrime - f) / 2;
    double m = f + (fPrime - f) / 2;
    double t = Math.min(h, Math.max(-h, (x - m) * Math.signum(fPrime - f)));
    return 2 * t;
  }
}
