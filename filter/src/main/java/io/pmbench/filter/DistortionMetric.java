package io.pmbench.filter;

import io.pmbench.core.Preconditions;

/**
 * The precisions the filter's expected distortion is measured in ({@link GaussianKl#filterDistortion}):
 * the mean of Σ(x)⁻¹ over the game's rows ({@code noise}, weighting the noise columns A) and its
 * mean over the rows of each private class y ({@code perClass[y]}, weighting the class shift v_y).
 * With E over rows of ½‖Aw + v_y‖² in the Σ(x)⁻¹ norm and E_w[ww ᵀ] = I,
 * <pre>
 *   D(Γ) = ½ tr(P̄ AAᵀ) + ½ Σ_y p_y v_yᵀ P̄_y v_y,   P̄ = mean_x Σ(x)⁻¹,  P̄_y = mean_{x: y(x) = y} Σ(x)⁻¹,
 * </pre>
 * exact for a covariance per row (the VAE's). For PPCA, whose Σ is the same for every row, every
 * entry is that one precision ({@link #uniform}) and D is the formula of {@link GaussianKl}.
 *
 * @param noise P̄, row-major d × d
 * @param perClass P̄_y for each private class y, row-major d × d each
 */
public record DistortionMetric(double[] noise, double[][] perClass) {
  public DistortionMetric {
    int dd = noise.length;
    for (double[] p : perClass) {
      Preconditions.require(p.length == dd, "per-class precision", "d x d = " + dd, p.length);
    }
  }

  /** The same precision for noise and every class (an encoder with one covariance for every row). */
  public static DistortionMetric uniform(double[] precision, int classes) {
    double[][] per = new double[classes][];
    java.util.Arrays.fill(per, precision);
    return new DistortionMetric(precision, per);
  }

  /**
   * The row averages of diagonal precisions: {@code variance} holds diag Σ(x) per row (row-major
   * n × d), {@code labels} each row's private class in [0, classes).
   */
  public static DistortionMetric rowAverages(double[] variance, int[] labels, int classes, int d) {
    int n = labels.length;
    Preconditions.require(variance.length == n * d, "row variances", "n x d = " + n * d, variance.length);
    double[] all = new double[d];
    double[][] sum = new double[classes][d];
    int[] count = new int[classes];
    for (int r = 0; r < n; r++) {
      count[labels[r]]++;
      for (int c = 0; c < d; c++) {
        double p = 1 / variance[r * d + c];
        all[c] += p;
        sum[labels[r]][c] += p;
      }
    }
    double[][] per = new double[classes][];
    for (int y = 0; y < classes; y++) {
      per[y] = diagonal(sum[y], Math.max(count[y], 1), d);
    }
    return new DistortionMetric(diagonal(all, n, d), per);
  }

  private static double[] diagonal(double[] sums, int n, int d) {
    double[] m = new double[d * d];
    for (int c = 0; c < d; c++) {
      m[c * d + c] = sums[c] / n;
    }
    return m;
  }

  /** The precision of column c of Γ = [A | V]: P̄ for the m noise columns, P̄_y for column m + y. */
  double[] column(int c, int noiseDim) {
    return c < noiseDim ? noise : perClass[c - noiseDim];
  }
}
