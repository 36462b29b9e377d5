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
      for (int j = i0; j < n; j++) {
        for (int i = i0; i < Math.min(i1, j); i++) {
          double v = value(squaredDistance(x, i, x, j, dim), scale);
          w[i * n + j] = v;
          w[j * n + i] = v;
        }
      }
    });
    return w;
  }

  /** The m × p cross block between rows of x (m) and rows of y (p). */
  public static double[] cross(double[] x, int m, double[] y, int p, int dim, double scale) {
    double[] w = new double[m * p];
    IntStream.range(0, m).parallel().forEach(i -> {
      for (int j = 0; j < p; j++) {
        w[i * p + j] = value(squaredDistance(x, i, y, j, dim), scale);
      }
    });
    return w;
  }
}
