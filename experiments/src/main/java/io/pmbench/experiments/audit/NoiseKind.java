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
   */
  public double statistic(double[] x, double[] f, double[] fPrime) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += this == GAUSSIAN ? (x[i] - f[i]) * (fPrime[i] - f[i]) : Math.abs(x[i] - f[i]) - Math.abs(x[i] - fPrime[i]);
    }
    return s;
  }
}
