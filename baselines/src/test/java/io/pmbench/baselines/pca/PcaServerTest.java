package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.Embedding;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PcaServer#project} (four rows summed side by side, zero features included) against the
 * loop it replaced (one row at a time, zero features skipped): bit for bit on features with many
 * zeros and negative zeros, for k = 1, 2, 3 and row counts that are not multiples of four. It
 * fails if a sum is reassociated or if a zero feature's term changes a sum — the gallery S·V would
 * then rank neighbours differently from the recorded runs.
 */
class PcaServerTest {

  /** The previous implementation: Σ_j x_ij·V_jc over the non-zero x_ij, j increasing. */
  private static double[] skippingZeros(FeatureMatrix rows, double[] w, int k) {
    int n = rows.rows();
    int d = rows.cols();
    float[] x = rows.data();
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        double xv = x[i * d + j];
        if (xv != 0) {
          for (int c = 0; c < k; c++) {
            out[i * k + c] += xv * w[j * k + c];
          }
        }
      }
    }
    return out;
  }

  @Test
  void project_featuresWithZeros_bitIdenticalToZeroSkippingLoop() {
    SplittableRandom rng = new SplittableRandom(71);
    int d = 50;
    for (int n : new int[] {1, 3, 4, 7, 101}) {
      float[] f = new float[n * d];
      for (int i = 0; i < f.length; i++) {
        double g = rng.nextGaussian();
        f[i] = g > 0.3 ? (float) g : i % 5 == 0 ? -0.0f : 0.0f; // about 60% zeros, some of them negative
      }
      FeatureMatrix rows = new FeatureMatrix(f, n, d);
      for (int k = 1; k <= 3; k++) {
        double[] v = SymmetricEigen.uniformStiefel(d, k, rng);
        assertArrayEquals(skippingZeros(rows, v, k), PcaServer.project(rows, new Embedding(v, d, k)).data(),
            "n=" + n + ", k=" + k);
      }
    }
  }
}
