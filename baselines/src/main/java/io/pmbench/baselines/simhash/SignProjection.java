package io.pmbench.baselines.simhash;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The b public directions w_1..w_b of simhash-rr and the sign code they give a row x:
 * c_j(x) = sign(⟨x, w_j⟩) ∈ {−1, +1}, with sign(0) = +1 (so the zero row, a removed row under
 * SPEC.md §1's padding, has the all-(+1) code). W is d × b with iid N(0, 1) entries drawn from the
 * shared seed's stream {@value #STREAM} (row-major, one {@link Seeds#gaussian} per entry), so client
 * and server build the same W and it is independent of the data (Charikar 2002: for Gaussian w,
 * P[c_j(x) ≠ c_j(y)] = θ(x, y)/π, so the Hamming distance of two codes estimates their angle).
 * Scaling x does not change its code, so rows need no clipping.
 *
 * @param w W, row-major d × b
 * @param d the feature dimension
 * @param bits b
 */
record SignProjection(double[] w, int d, int bits) {
  /** The stream name W is drawn from. */
  static final String STREAM = "simhash-rr-W";

  /** W for this shared seed and shape. */
  static SignProjection fromSharedSeed(long sharedSeed, int d, int bits) {
    SplittableRandom rng = Seeds.stream(sharedSeed, STREAM);
    double[] w = new double[d * bits];
    for (int i = 0; i < w.length; i++) {
      w[i] = Seeds.gaussian(rng);
    }
    return new SignProjection(w, d, bits);
  }

  /**
   * The codes of the first {@code count} rows of {@code rows}, row-major count × b, entries
   * exactly −1.0 or +1.0 (the same code on both sides).
   */
  double[] codes(FeatureMatrix rows, int count) {
    if (rows.cols() != d) {
      throw new IllegalArgumentException("rows must have d = " + d + " columns. Provided value: " + rows.cols());
    }
    float[] x = rows.data();
    double[] out = new double[count * bits];
    double[] dot = new double[bits];
    for (int i = 0; i < count; i++) {
      Arrays.fill(dot, 0);
      for (int j = 0; j < d; j++) {
        double xv = x[i * d + j];
        if (xv != 0) {
          for (int c = 0; c < bits; c++) {
            dot[c] += xv * w[j * bits + c];
          }
        }
      }
      for (int c = 0; c < bits; c++) {
        out[i * bits + c] = dot[c] >= 0 ? 1.0 : -1.0;
      }
    }
    return out;
  }
}
