package io.pmbench.core.kernel;

/** How the label graph L_Y is built from integer labels (SPEC.md §3). */
public enum LabelKernel {
  /**
   * W_ij = exp(−(y_i − y_j)² / (2σ²)) on the integer labels (Appendix B, eq. 12; the default).
   * Treats class ids as ordinal numbers — it is what the sensitivity bound assumes.
   */
  GAUSSIAN_INTEGER,
  /**
   * The official code: K = −½·J·D·J with D_ij = |y_i − y_j|, J = I − 11ᵀ/n, and
   * L_Y = Diag(column sums of K) − K with K's diagonal kept.
   */
  CENTERED_DISTANCE,
  /** The early version: W_ij = 1 for the same class, exp(−1/σ²) otherwise. */
  GAUSSIAN_ONE_HOT,
  /** A corrected variant: W_ij = 1 for the same class, 0 otherwise. */
  SAME_CLASS;

  /**
   * The affinity w(a, b) of two labels for the pairwise kernels; undefined for
   * {@link #CENTERED_DISTANCE}, which is not a pairwise affinity.
   */
  public double affinity(int a, int b, double sigma) {
    return switch (this) {
      case GAUSSIAN_INTEGER -> {
        double d = a - b;
        yield Math.exp(-(d * d) / (2 * sigma * sigma));
      }
      case GAUSSIAN_ONE_HOT -> a == b ? 1.0 : Math.exp(-1.0 / (sigma * sigma));
      case SAME_CLASS -> a == b ? 1.0 : 0.0;
      case CENTERED_DISTANCE ->
          throw new UnsupportedOperationException("CENTERED_DISTANCE has no pairwise affinity");
    };
  }
}
