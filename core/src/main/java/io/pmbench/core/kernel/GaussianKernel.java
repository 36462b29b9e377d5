package io.pmbench.core.kernel;

import java.util.stream.IntStream;

/**
 * Dense Gaussian kernel blocks W_ij = exp(−‖z_i − z_j‖² / s) over row-major {@code double[]}
 * rows. Squared distances are summed from coordinate differences (exact for zero rows and for
 * low-dimensional embeddings), in tiles of rows so that large inputs stay cache-resident; rows
 * of the output are computed in parallel and each entry by one fixed summation order, so the
 * result does not depend on the number of threads.
 */
public final class GaussianKernel {
  private static final int TILE = 48;

  private GaussianKernel() {}

  /** The kernel value for a squared distance and scale s. */
  public static double value(double squaredDistance, double scale) {
    return Math.exp(-squaredDistance / scale);
  }

  /** Squared distance between row i of x and row j of y (both with dim columns). */
  public static double squaredDistance(double[] x, int i, double[] y, int j, int dim) {
    int a = i * dim;
    int b = j * dim;
    double s = 0;
    for (int c = 0; c < dim; c++) {
      double d = x[a + c] - y[b + c];
      s += d * d;
    }
    return s;
  }

  /** The n × n symmetric block with zero diagonal. */
  public static double[] symmetric(double[] x, int n, int dim, double scale) {
    double[] w = new double[n * n];
    int tiles = (n + TILE - 1) / TILE;
    IntStream.range(0, tiles).parallel().forEach(t -> {
      int i0 = t * TILE;
      int i1 = Math.min(n, i0 + TILE);
      double[] d4 = new double[4];
      for (int j = i0 + 1; j < n; j++) {
        int iEnd = Math.min(i1, j);
        int i = i0;
        for (; i + 4 <= iEnd; i += 4) {
          squaredDistances4(x, i, x, j, dim, d4);
          for (int u = 0; u < 4; u++) {
            double v = value(d4[u], scale);
            w[(i + u) * n + j] = v;
            w[j * n + i + u] = v;
          }
        }
        for (; i < iEnd; i++) {
          double v = value(squaredDistance(x, i, x, j, dim), scale);
          w[i * n + j] = v;
          w[j * n + i] = v;
        }
      }
    });
    return w;
  }

  /**
   * Squared distances of rows i..i+3 of x to row j of y into {@code out}. Each distance is summed
   * in the same order as {@link #squaredDistance}, so the values are bit-identical to it; the four
   * independent sums only give the processor four dependency chains to overlap.
   */
  static void squaredDistances4(double[] x, int i, double[] y, int j, int dim, double[] out) {
    int a0 = i * dim;
    int a1 = a0 + dim;
    int a2 = a1 + dim;
    int a3 = a2 + dim;
    int b = j * dim;
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    for (int c = 0; c < dim; c++) {
      double yc = y[b + c];
      double d0 = x[a0 + c] - yc;
      double d1 = x[a1 + c] - yc;
      double d2 = x[a2 + c] - yc;
      double d3 = x[a3 + c] - yc;
      s0 += d0 * d0;
      s1 += d1 * d1;
      s2 += d2 * d2;
      s3 += d3 * d3;
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
    out[3] = s3;
  }

  /** The m × p cross block between rows of x (m) and rows of y (p). */
  public static double[] cross(double[] x, int m, double[] y, int p, int dim, double scale) {
    double[] w = new double[m * p];
    int blocks = (m + 3) / 4;
    IntStream.range(0, blocks).parallel().forEach(t -> {
      int i = t * 4;
      if (i + 4 <= m) {
        double[] d4 = new double[4];
        for (int j = 0; j < p; j++) {
          squaredDistances4(x, i, y, j, dim, d4);
          for (int u = 0; u < 4; u++) {
            w[(i + u) * p + j] = value(d4[u], scale);
          }
        }
      } else {
        for (int r = i; r < m; r++) {
          for (int j = 0; j < p; j++) {
            w[r * p + j] = value(squaredDistance(x, r, y, j, dim), scale);
          }
        }
      }
    });
    return w;
  }
}
