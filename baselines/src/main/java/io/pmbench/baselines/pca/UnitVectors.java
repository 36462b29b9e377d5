package io.pmbench.baselines.pca;

/** The two in-place vector steps of Gram–Schmidt, shared by the Gibbs column step and inverse iteration. */
final class UnitVectors {
  private UnitVectors() {}

  /** v ← v − (v·w)·w, for a unit vector w. */
  static void removeComponent(double[] v, double[] w) {
    double dot = 0;
    for (int i = 0; i < v.length; i++) {
      dot += v[i] * w[i];
    }
    for (int i = 0; i < v.length; i++) {
      v[i] -= dot * w[i];
    }
  }

  /** v ← v/‖v‖. */
  static void normalise(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x * x;
    }
    s = Math.sqrt(s);
    for (int i = 0; i < v.length; i++) {
      v[i] /= s;
    }
  }
}
