package io.pmbench.core.kernel;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureMatrix;
import java.util.Arrays;

/**
 * A rule for σ on one's own features, the median heuristic: σ = the median Euclidean distance
 * between rows, so that the feature kernel exp(−‖x_i − x_j‖² / (2σ²)) (SPEC.md §3,
 * {@link FeatureKernelScale#TWO_SIGMA_SQUARED}) is e^(−1/2) at the median pair: neither flat
 * (σ far above the distances) nor a spike on each row (σ far below). The same σ also sets the
 * label kernel and Appendix B's sensitivity, so the privacy calibration follows it.
 */
public final class Bandwidth {
  /** Rows the median is taken over at most (evenly spaced over the matrix, so a file sorted by class is covered). */
  public static final int MAX_ROWS = 500;

  private Bandwidth() {}

  /**
   * The median distance over all pairs of at most {@link #MAX_ROWS} rows of {@code x}, taken at
   * evenly spaced row indices (deterministic: the same matrix gives the same σ).
   *
   * @throws IllegalArgumentException when {@code x} has fewer than two rows or every sampled pair
   *     is at distance 0
   */
  public static double medianHeuristic(FeatureMatrix x) {
    Preconditions.atLeast(x.rows(), 2, "rows for the median heuristic");
    int m = Math.min(x.rows(), MAX_ROWS);
    int[] rows = new int[m];
    for (int i = 0; i < m; i++) {
      rows[i] = (int) ((long) i * x.rows() / m);
    }
    double[] d = new double[m * (m - 1) / 2];
    int n = 0;
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j < m; j++) {
        d[n++] = Math.sqrt(x.squaredDistance(rows[i], x, rows[j]));
      }
    }
    Arrays.sort(d);
    double median = n % 2 == 1 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
    Preconditions.require(median > 0, "median pairwise distance", "> 0 (rows not all equal)", median);
    return median;
  }
}
