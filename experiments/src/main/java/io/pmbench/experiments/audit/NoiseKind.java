package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;

/** The additive noise of an audited release, which fixes the optimal 1-D test statistic. */
public enum NoiseKind {
  /** N(0, s²) per coordinate; ℓ2 sensitivity. */
  GAUSSIAN,
  /** Lap(b) per coordinate; ℓ1 sensitivity. */
  LAPLACE;

  /** The noise a sensitivity claim in {@code norm} goes with. */
  public static NoiseKind of(AuditStage.Norm norm) {
    return norm == AuditStage.Norm.L2 ? GAUSSIAN : LAPLACE;
  }

  /** The norm the sensitivity of this noise is measured in: ℓ2 for Gaussian, ℓ1 for Laplace. */
  public double distance(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      double g = Math.abs(a[i] - b[i]);
      s += this == GAUSSIAN ? g * g : g;
    }
    return this == GAUSSIAN ? Math.sqrt(s) : s;
  }

  /**
   * The log-likelihood ratio log p′(x)/p(x) of output x between means f′ and f, up to a positive
   * factor (Neyman–Pearson: the most powerful statistic for the pair): ⟨x − f, f′ − f⟩ for the
   * Gaussian, Σ|x − f| − |x − f′| for the Laplace.
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
      s += this == GAUSSIAN ? (x[i] - f[i]) * (fPrime[i] - f[i]) : laplaceTerm(x[i], f[i], fPrime[i]);
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
