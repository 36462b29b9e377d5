package io.pmbench.baselines.rp;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;

/**
 * The Johnson–Lindenstrauss matrix R ∈ R^(d×k) of private-rp (Kenthapadi, Korolova, Mironov &amp;
 * Mishra 2013, where it is called P): entries iid N(0, 1/k), derived from the run's shared seed
 * (stream {@code "private-rp-R"}), so client and server build the same R and it is independent
 * of the data.
 *
 * @param matrix R, d × k
 */
record RandomProjection(DMatrixRMaj matrix) {
  /** The stream name R is drawn from. */
  static final String STREAM = "private-rp-R";

  /** R for this shared seed and shape (row-major fill, one N(0, 1) per entry, scaled by 1/√k). */
  static RandomProjection fromSharedSeed(long sharedSeed, int d, int k) {
    SplittableRandom rng = Seeds.stream(sharedSeed, STREAM);
    DMatrixRMaj r = new DMatrixRMaj(d, k);
    double scale = 1 / Math.sqrt(k);
    for (int i = 0; i < d * k; i++) {
      r.data[i] = scale * Seeds.gaussian(rng);
    }
    return new RandomProjection(r);
  }

  int d() {
    return matrix.numRows;
  }

  int k() {
    return matrix.numCols;
  }

  /**
   * σ_max(R), the largest singular value (EJML SVD): max over unit x of ‖x·R‖, the RECORD
   * sensitivity.
   */
  double largestSingularValue() {
    double max = 0;
    for (double s : SingularOps_DDRM.singularValues(matrix.copy())) {
      max = Math.max(max, s);
    }
    return max;
  }

  /** w₂(R), the largest row norm of R: the ATTRIBUTE sensitivity per unit change of one entry. */
  double largestRowNorm() {
    double max = 0;
    for (int i = 0; i < d(); i++) {
      double s = 0;
      for (int c = 0; c < k(); c++) {
        double v = matrix.unsafe_get(i, c);
        s += v * v;
      }
      max = Math.max(max, Math.sqrt(s));
    }
    return max;
  }

  /** rows · R for float rows (n × d), row-major n × k (the same code on both sides). */
  double[] project(FeatureMatrix rows) {
    int n = rows.rows();
    int d = d();
    int k = k();
    if (rows.cols() != d) {
      throw new IllegalArgumentException("rows must have d = " + d + " columns. Provided value: " + rows.cols());
    }
    float[] x = rows.data();
    double[] r = matrix.data;
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      int base = i * d;
      for (int j = 0; j < d; j++) {
        double xv = x[base + j];
        if (xv != 0) {
          for (int c = 0; c < k; c++) {
            out[i * k + c] += xv * r[j * k + c];
          }
        }
      }
    }
    return out;
  }

  /**
   * Kenthapadi et al.'s Gaussian noise for the attribute notion:
   * s = (a·w₂(R)/ε)·√(2·(ln(1/(2δ)) + ε)), valid for every ε &gt; 0 and δ &lt; 1/2 (it makes
   * P[privacy loss &gt; ε] ≤ δ for ℓ2 sensitivity a·w₂(R); see the test against Balle–Wang's exact δ).
   */
  static double attributeNoiseScale(double rowNorm, double a, double epsilon, double delta) {
    return a * rowNorm / epsilon * Math.sqrt(2 * (Math.log(1 / (2 * delta)) + epsilon));
  }
}
