package io.pmbench.baselines.pca;

import io.pmbench.testkit.UnitRows;
import java.util.SplittableRandom;

/** Small vector helpers and random unit-norm data sets for the private-pca tests. */
final class Neighbours {
  private Neighbours() {}

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  /** n random unit rows in R^d, row-major. */
  static double[] unitRows(int n, int d, SplittableRandom rng) {
    return UnitRows.gaussian(n, d, rng);
  }
}
