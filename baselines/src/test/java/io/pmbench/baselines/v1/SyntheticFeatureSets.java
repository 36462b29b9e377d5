package io.pmbench.baselines.v1;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import io.pmbench.testkit.UnitRows;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Small synthetic data for the privatemail-v1 and smlq-cccp tests (baselines cannot depend on the
 * datasets module or on core's test classes): a class-clustered feature set — C random unit-norm
 * class centres in R^d, each row its centre plus N(0, spread²) per coordinate, L2-normalised
 * (SPEC.md §2), row i of class i mod C — and plain random unit rows.
 */
public final class SyntheticFeatureSets {
  private SyntheticFeatureSets() {}

  public static FeatureSet clustered(long seed, int classes, int dim, int trainRows, int testRows, double spread) {
    SplittableRandom rng = Seeds.stream(seed, "baselines-synthetic", "centres");
    double[][] centres = new double[classes][dim];
    for (double[] c : centres) {
      double norm = 0;
      for (int j = 0; j < dim; j++) {
        c[j] = Seeds.gaussian(rng);
        norm += c[j] * c[j];
      }
      for (int j = 0; j < dim; j++) {
        c[j] /= Math.sqrt(norm);
      }
    }
    return new FeatureSet("synthetic", split(centres, trainRows, spread, Seeds.stream(seed, "baselines-synthetic", "train")),
        split(centres, testRows, spread, Seeds.stream(seed, "baselines-synthetic", "test")), classes,
        new DatasetDefaults(1.0, 0.5), "0".repeat(64), Map.of(), "synthetic test data");
  }

  private static LabelledSet split(double[][] centres, int rows, double spread, SplittableRandom rng) {
    int dim = centres[0].length;
    float[] x = new float[rows * dim];
    int[] y = new int[rows];
    for (int i = 0; i < rows; i++) {
      y[i] = i % centres.length;
      for (int j = 0; j < dim; j++) {
        x[i * dim + j] = (float) (centres[y[i]][j] + spread * Seeds.gaussian(rng));
      }
    }
    FeatureMatrix.normalizeInPlace(x, rows, dim, "synthetic");
    return new LabelledSet(new FeatureMatrix(x, rows, dim), y);
  }

  /** n random unit-norm rows in R^d (row-major). */
  public static double[] unitRows(int n, int d, SplittableRandom rng) {
    return UnitRows.gaussian(n, d, rng);
  }

  /** n random unit-norm rows in R^d with labels i mod classes. */
  public static LabelledSet labelledUnitRows(int n, int d, int classes, SplittableRandom rng) {
    double[] x = unitRows(n, d, rng);
    float[] f = new float[x.length];
    for (int i = 0; i < x.length; i++) {
      f[i] = (float) x[i];
    }
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % classes;
    }
    return new LabelledSet(new FeatureMatrix(f, n, d), y);
  }
}
