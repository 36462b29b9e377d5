package io.pmbench.core.protocol;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A tiny class-clustered feature set for protocol tests (core cannot depend on the datasets
 * module): C random unit-norm class centres in R^d, each row its class centre plus isotropic
 * Gaussian noise of standard deviation {@code spread} per coordinate, L2-normalised (SPEC.md §2).
 * Labels are balanced (row i has class i mod C). Everything is derived from {@code seed} by
 * {@link Seeds}.
 */
public final class SyntheticFeatureSets {
  private SyntheticFeatureSets() {}

  public static FeatureSet clustered(long seed, int classes, int dim, int trainRows, int testRows, double spread) {
    SplittableRandom rng = Seeds.stream(seed, "synthetic", "centres");
    double[][] centres = new double[classes][dim];
    for (double[] c : centres) {
      for (int j = 0; j < dim; j++) {
        c[j] = Seeds.gaussian(rng);
      }
      double norm = 0;
      for (double v : c) {
        norm += v * v;
      }
      norm = Math.sqrt(norm);
      for (int j = 0; j < dim; j++) {
        c[j] /= norm;
      }
    }
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
}
