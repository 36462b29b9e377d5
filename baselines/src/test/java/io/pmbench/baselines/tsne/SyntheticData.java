package io.pmbench.baselines.tsne;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Small class-clustered feature sets for the t-SNE and DP-dSNE tests (baselines cannot depend on
 * the datasets module; the idea follows core's test helper): C random unit-norm class centres in
 * R^d, each row its centre plus N(0, spread²) per coordinate, L2-normalised (SPEC.md §2); row i has
 * class i mod C. Everything is derived from {@code seed}.
 */
public final class SyntheticData {
  private SyntheticData() {}

  public static FeatureSet clustered(long seed, int classes, int dim, int trainRows, int testRows, double spread) {
    double[][] centres = unitRows(classes, dim, Seeds.stream(seed, "synthetic", "centres"));
    LabelledSet train = split(centres, trainRows, spread, Seeds.stream(seed, "synthetic", "train"));
    LabelledSet test = split(centres, testRows, spread, Seeds.stream(seed, "synthetic", "test"));
    return new FeatureSet("synthetic", train, test, classes, new DatasetDefaults(1.0, 0.5), "0".repeat(64),
        Map.of(), "synthetic test data");
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

  /** n unit-norm rows in R^d with iid Gaussian directions. */
  public static double[][] unitRows(int n, int d, SplittableRandom rng) {
    double[][] x = new double[n][d];
    for (double[] row : x) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        row[c] = Seeds.gaussian(rng);
        s += row[c] * row[c];
      }
      for (int c = 0; c < d; c++) {
        row[c] /= Math.sqrt(s);
      }
    }
    return x;
  }
}
