package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The expected distortion with a diagonal covariance per row (the VAE's): the closed form over
 * row-averaged precisions equals the average over rows of each row's own closed form, and with
 * one covariance for every row it is {@link GaussianKl#filterDistortion} bit for bit (so PPCA's
 * numbers do not move). If the per-class precision were not used for the class shift, the first
 * test would fail.
 */
class DistortionMetricTest {
  @Test
  void rowAverages_equalsTheMeanOfEachRowsDistortion() {
    int d = 3;
    int k = 2;
    SplittableRandom rng = new SplittableRandom(9);
    double[] gamma = new double[d * (2 + k)];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = rng.nextDouble() - 0.5;
    }
    LinearFilter f = new LinearFilter(d, 2, k, gamma);
    int n = 50;
    int[] labels = new int[n];
    double[] var = new double[n * d];
    for (int r = 0; r < n; r++) {
      labels[r] = r % 3 == 0 ? 1 : 0; // class 1 rows have their own variances
      for (int c = 0; c < d; c++) {
        var[r * d + c] = 0.01 + rng.nextDouble() * (labels[r] == 1 ? 0.1 : 1);
      }
    }
    double direct = 0;
    double[] freq = MinMaxTrainer.frequencies(labels, k);
    for (int r = 0; r < n; r++) {
      double[] p = new double[d * d];
      for (int c = 0; c < d; c++) {
        p[c * d + c] = 1 / var[r * d + c];
      }
      // E_w ½|Aw + v_y|² in row r's norm, the row's own label
      double noise = GaussianKl.filterDistortion(new LinearFilter(d, 2, k, onlyNoise(gamma, d, k)), p, freq);
      direct += noise + 0.5 * GaussianKl.quadratic(f.biasColumn(labels[r]), p);
    }
    direct /= n;
    double closed = GaussianKl.filterDistortion(f, DistortionMetric.rowAverages(var, labels, k, d), freq);
    assertEquals(direct, closed, 1e-12 * direct);
  }

  private static double[] onlyNoise(double[] gamma, int d, int k) {
    double[] g = gamma.clone();
    for (int r = 0; r < d; r++) {
      for (int c = 2; c < 2 + k; c++) {
        g[r * (2 + k) + c] = 0;
      }
    }
    return g;
  }

  @Test
  void uniform_bitIdenticalToTheSharedCovarianceForm() {
    int d = 2;
    double[] gamma = {0.3, -0.2, 0.5, 0.1, 0.05, -0.4, 0.2, 0.7};
    LinearFilter f = new LinearFilter(d, 2, 2, gamma);
    double[] p = {4, 0.5, 0.5, 9};
    double[] freq = {0.3, 0.7};
    assertEquals(GaussianKl.filterDistortion(f, p, freq),
        GaussianKl.filterDistortion(f, DistortionMetric.uniform(p, 2), freq));
    assertEquals(GaussianKl.filterDistortion(f, p, freq), MinMaxTrainer.distortion(gamma, p, freq, d, 2, 2), 1e-12);
  }
}
