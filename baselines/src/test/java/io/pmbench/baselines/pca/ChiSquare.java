package io.pmbench.baselines.pca;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/** χ² goodness-of-fit helpers with a stated false-failure probability. */
final class ChiSquare {
  private ChiSquare() {}

  /** Σ (observed − expected)²/expected for counts against probabilities (which sum to 1). */
  static double statistic(long[] observed, double[] probabilities) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    double s = 0;
    for (int i = 0; i < observed.length; i++) {
      double e = n * probabilities[i];
      s += (observed[i] - e) * (observed[i] - e) / e;
    }
    return s;
  }

  /** The two-sample homogeneity statistic Σ (K₁·a_i − K₂·b_i)²/(a_i + b_i), K₁ = √(N_b/N_a), K₂ = √(N_a/N_b). */
  static double twoSample(long[] a, long[] b) {
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      na += a[i];
      nb += b[i];
    }
    double k1 = Math.sqrt(nb / na);
    double k2 = Math.sqrt(na / nb);
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] + b[i] > 0) {
        double diff = k1 * a[i] - k2 * b[i];
        s += diff * diff / (a[i] + b[i]);
      }
    }
    return s;
  }

  /** The critical value: P[χ²_dof &gt; value] = falseFailure. */
  static double critical(int dof, double falseFailure) {
    return new ChiSquaredDistribution(null, dof).inverseCumulativeProbability(1 - falseFailure);
  }
}
