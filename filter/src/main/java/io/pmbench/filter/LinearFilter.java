package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * The paper's linear generative filter (its eq. 30 and 49): z̃ = z + Γ·[w; onehot(y)] = z + A w
 * + V onehot(y), w ~ N(0, I_m), with Γ = [A V] a d × (m + K) matrix: the noise block A (d × m)
 * shapes the Gaussian noise, the bias block V (d × K) shifts each private class y by its column
 * v_y. Given (z, y) the output is N(z + v_y, AAᵀ).
 *
 * <p>Immutable; Γ is stored row-major.
 *
 * @param dim d, the latent dimension
 * @param noiseDim m, the dimension of w
 * @param classes K, the number of private classes
 * @param gamma Γ, row-major d × (m + K) (copied in and out)
 */
public record LinearFilter(int dim, int noiseDim, int classes, double[] gamma) {
  public LinearFilter {
    Preconditions.positive(dim, "filter latent dimension");
    Preconditions.positive(noiseDim, "filter noise dimension");
    Preconditions.require(classes >= 2, "filter private classes", ">= 2", classes);
    Preconditions.require(gamma.length == dim * (noiseDim + classes), "Gamma length",
        "d*(m+K) = " + dim * (noiseDim + classes),
        gamma.length);
    for (double g : gamma) {
      Preconditions.require(Double.isFinite(g), "Gamma entries", "finite", g);
    }
    gamma = gamma.clone();
  }

  /** Builds Γ = [A V] from its blocks (row-major d × m and d × K). */
  public static LinearFilter of(double[] a, double[] v, int dim) {
    Preconditions.require(a.length % dim == 0 && v.length % dim == 0, "filter blocks",
        "multiples of d = " + dim,
        a.length + ", " + v.length);
    int m = a.length / dim;
    int k = v.length / dim;
    double[] g = new double[dim * (m + k)];
    for (int r = 0; r < dim; r++) {
      System.arraycopy(a, r * m, g, r * (m + k), m);
      System.arraycopy(v, r * k, g, r * (m + k) + m, k);
    }
    return new LinearFilter(dim, m, k, g);
  }

  /** Γ, row-major d × (m + K) (a copy). */
  @Override
  public double[] gamma() {
    return gamma.clone();
  }

  /** The noise block A, row-major d × m. */
  public double[] noiseBlock() {
    double[] a = new double[dim * noiseDim];
    for (int r = 0; r < dim; r++) {
      System.arraycopy(gamma, r * (noiseDim + classes), a, r * noiseDim, noiseDim);
    }
    return a;
  }

  /** The bias block V, row-major d × K (column y is the shift of class y). */
  public double[] biasBlock() {
    double[] v = new double[dim * classes];
    for (int r = 0; r < dim; r++) {
      System.arraycopy(gamma, r * (noiseDim + classes) + noiseDim, v, r * classes, classes);
    }
    return v;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LinearFilter f && f.dim == dim && f.noiseDim == noiseDim && f.classes == classes
        && java.util.Arrays.equals(f.gamma, gamma);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(gamma) * 31 + dim;
  }

  @Override
  public String toString() {
    return "LinearFilter[d=" + dim + ", m=" + noiseDim + ", K=" + classes + "]";
  }

  /** The bias column v_y (length d): the shift of private class y. */
  public double[] biasColumn(int y) {
    Preconditions.require(y >= 0 && y < classes, "private class", "in [0, " + (classes - 1) + "]",
        y);
    double[] v = new double[dim];
    for (int r = 0; r < dim; r++) {
      v[r] = gamma[r * (noiseDim + classes) + noiseDim + y];
    }
    return v;
  }

  /** AAᵀ, row-major d × d: the covariance of the filter's output given (z, y). */
  public double[] noiseCovariance() {
    double[] a = noiseBlock();
    double[] c = new double[dim * dim];
    for (int i = 0; i < dim; i++) {
      for (int j = 0; j < dim; j++) {
        double s = 0;
        for (int k = 0; k < noiseDim; k++) {
          s += a[i * noiseDim + k] * a[j * noiseDim + k];
        }
        c[i * dim + j] = s;
      }
    }
    return c;
  }

  /** Writes z̃ = z + A w + v_y into {@code out} for one row ({@code z} at offset {@code zOff}). */
  public void apply(double[] z, int zOff, double[] w, int y, double[] out, int outOff) {
    Preconditions.require(y >= 0 && y < classes, "private label", "in [0, " + (classes - 1) + "]",
        y);
    int width = noiseDim + classes;
    for (int r = 0; r < dim; r++) {
      int g = r * width;
      double s = z[zOff + r] + gamma[g + noiseDim + y];
      for (int k = 0; k < noiseDim; k++) {
        s += gamma[g + k] * w[k];
      }
      out[outOff + r] = s;
    }
  }

  /**
   * Releases every row: z̃_i = z_i + A w_i + v_{y_i} with a fresh w_i ~ N(0, I) from {@code rng}
   * (rows in order). Returns row-major n × d.
   */
  public double[] release(double[] z, int[] privateLabels, SplittableRandom rng) {
    int n = privateLabels.length;
    Preconditions.require(z.length == n * dim, "latent rows", "n*d = " + n * dim, z.length);
    double[] out = new double[n * dim];
    double[] w = new double[noiseDim];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < noiseDim; k++) {
        w[k] = Seeds.gaussian(rng);
      }
      apply(z, i * dim, w, privateLabels[i], out, i * dim);
    }
    return out;
  }
}
