package io.pmbench.core.kernel;

import java.util.stream.IntStream;

/**
 * The Laplacian of a Gaussian feature kernel, L = Diag(W·1) − W with
 * W_ij = exp(−‖z_i − z_j‖² / s), W_ii = 0 (SPEC.md §3).
 *
 * <p>Stored as a dense symmetric W in blocks so that a client's data set D = [new rows; base
 * rows] reuses the base–base block computed once (the public set does not change between
 * queries): W = [[A, B], [Bᵀ, W_base]] with A the m × m block of the new rows and B the m × p
 * cross block. Only A and B are computed per query.
 */
public final class KernelLaplacian implements Laplacian {
  private final Base base;
  private final int m;
  private final double[] a; // m × m, zero diagonal
  private final double[] b; // m × p
  private final double[] degree; // n

  private KernelLaplacian(Base base, int m, double[] a, double[] b) {
    this.base = base;
    this.m = m;
    this.a = a;
    this.b = b;
    int p = base.size;
    this.degree = new double[m + p];
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int j = 0; j < m; j++) {
        s += a[i * m + j];
      }
      for (int j = 0; j < p; j++) {
        s += b[i * p + j];
      }
      degree[i] = s;
    }
    for (int j = 0; j < p; j++) {
      double s = base.rowSum[j];
      for (int i = 0; i < m; i++) {
        s += b[i * p + j];
      }
      degree[m + j] = s;
    }
  }

  /**
   * A cached kernel block over fixed rows (e.g. the public set, or a server's [S; P]).
   * Immutable once built.
   */
  public static final class Base {
    private final double[] rows; // size × dim
    private final int size;
    private final int dim;
    private final double scale;
    private final double[] w; // size × size, zero diagonal
    private final double[] rowSum;

    private Base(double[] rows, int size, int dim, double scale) {
      this.rows = rows;
      this.size = size;
      this.dim = dim;
      this.scale = scale;
      this.w = GaussianKernel.symmetric(rows, size, dim, scale);
      this.rowSum = new double[size];
      for (int i = 0; i < size; i++) {
        double s = 0;
        for (int j = 0; j < size; j++) {
          s += w[i * size + j];
        }
        rowSum[i] = s;
      }
    }

    public int size() {
      return size;
    }

    public int dimension() {
      return dim;
    }

    public double scale() {
      return scale;
    }
  }

  /** Builds the cached block for rows (row-major size × dim) with kernel scale s. */
  public static Base base(double[] rows, int size, int dim, double scale) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("kernel scale must be > 0. Provided value: " + scale);
    }
    return new Base(rows, size, dim, scale);
  }

  /** L of the rows alone (no extra rows). */
  public static KernelLaplacian of(double[] rows, int size, int dim, double scale) {
    return new KernelLaplacian(base(rows, size, dim, scale), 0, new double[0], new double[0]);
  }

  /** L of the data set [extra; base rows], reusing the cached base block. */
  public static KernelLaplacian extend(Base base, double[] extra, int m) {
    double[] a = GaussianKernel.symmetric(extra, m, base.dim, base.scale);
    double[] b = GaussianKernel.cross(extra, m, base.rows, base.size, base.dim, base.scale);
    return new KernelLaplacian(base, m, a, b);
  }

  @Override
  public int size() {
    return m + base.size;
  }

  @Override
  public double diagonal(int i) {
    return degree[i];
  }

  /** W_ij (for tests and audits). */
  public double weight(int i, int j) {
    int p = base.size;
    if (i < m && j < m) {
      return a[i * m + j];
    } else if (i < m) {
      return b[i * p + (j - m)];
    } else if (j < m) {
      return b[j * p + (i - m)];
    }
    return base.w[(i - m) * p + (j - m)];
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    int p = base.size;
    double[] w = base.w;
    // rows of the base block: deg·x − W_base·x_base − Bᵀ·x_top (one task per row)
    IntStream.range(0, p).parallel().forEach(jj -> {
      int row = m + jj;
      double[] s = new double[k];
      int wBase = jj * p;
      for (int l = 0; l < p; l++) {
        double wv = w[wBase + l];
        int xo = (m + l) * k;
        for (int c = 0; c < k; c++) {
          s[c] += wv * x[xo + c];
        }
      }
      for (int i = 0; i < m; i++) {
        double wv = b[i * p + jj];
        for (int c = 0; c < k; c++) {
          s[c] += wv * x[i * k + c];
        }
      }
      for (int c = 0; c < k; c++) {
        out[row * k + c] = degree[row] * x[row * k + c] - s[c];
      }
    });
    double[] s = new double[k];
    for (int i = 0; i < m; i++) {
      java.util.Arrays.fill(s, 0);
      for (int j = 0; j < m; j++) {
        double wv = a[i * m + j];
        for (int c = 0; c < k; c++) {
          s[c] += wv * x[j * k + c];
        }
      }
      for (int l = 0; l < p; l++) {
        double wv = b[i * p + l];
        int xo = (m + l) * k;
        for (int c = 0; c < k; c++) {
          s[c] += wv * x[xo + c];
        }
      }
      for (int c = 0; c < k; c++) {
        out[i * k + c] = degree[i] * x[i * k + c] - s[c];
      }
    }
  }
}
