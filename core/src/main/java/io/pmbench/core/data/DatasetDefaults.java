package io.pmbench.core.data;

/**
 * Per-data-set hyper-parameters of the paper's Table 2 (SPEC.md §9): kernel bandwidth σ and
 * label weight α.
 */
public record DatasetDefaults(double sigma, double alpha) {
  public DatasetDefaults {
    if (!(sigma > 0) || !Double.isFinite(sigma)) {
      throw new IllegalArgumentException("sigma must be > 0. Provided value: " + sigma);
    }
    if (!(alpha >= 0) || !Double.isFinite(alpha)) {
      throw new IllegalArgumentException("alpha must be >= 0. Provided value: " + alpha);
    }
  }
}
