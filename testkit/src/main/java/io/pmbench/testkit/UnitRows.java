package io.pmbench.testkit;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * Random unit-norm rows (SPEC.md §2 scales every row to unit L2 norm before anything reads it),
 * the data most sensitivity and noise tests draw: each row an iid N(0, 1) vector divided by its
 * norm, so its direction is uniform on the sphere.
 */
public final class UnitRows {
  private UnitRows() {}

  /** n unit rows in R^d, row-major, drawn from {@code rng}. */
  public static double[] gaussian(int n, int d, SplittableRandom rng) {
    double[] x = new double[n * d];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        x[i * d + c] = Seeds.gaussian(rng);
        s += x[i * d + c] * x[i * d + c];
      }
      double norm = Math.sqrt(s);
      for (int c = 0; c < d; c++) {
        x[i * d + c] /= norm;
      }
    }
    return x;
  }

  /** A row-major n × d double block as a (float) {@link FeatureMatrix}. */
  public static FeatureMatrix matrix(double[] x, int n, int d) {
    float[] f = new float[n * d];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) x[i];
    }
    return new FeatureMatrix(f, n, d);
  }
}
