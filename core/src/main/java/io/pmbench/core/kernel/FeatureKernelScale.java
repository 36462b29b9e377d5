package io.pmbench.core.kernel;

/**
 * The scale s of the feature kernel {@code exp(−‖z_i − z_j‖² / s)} as a function of the bandwidth
 * σ (SPEC.md §3).
 */
public enum FeatureKernelScale {
  /** s = 2σ²: the paper's Appendix B (the default; what the sensitivity bound assumes). */
  TWO_SIGMA_SQUARED,
  /** s = σ: the paper's equation (2) as printed. */
  SIGMA,
  /** s = σ²: the official code's RBF kernel with γ = 1/σ². */
  SIGMA_SQUARED;

  /** The divisor s for bandwidth σ. */
  public double scale(double sigma) {
    return switch (this) {
      case TWO_SIGMA_SQUARED -> 2 * sigma * sigma;
      case SIGMA -> sigma;
      case SIGMA_SQUARED -> sigma * sigma;
    };
  }
}
