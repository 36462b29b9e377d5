package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;

/**
 * Textbook dense constructions of the Laplacians of SPEC.md §3, written with plain
 * {@code double[][]} loops and no shortcut, for comparing the operators against. O(n²) memory
 * and up to O(n³) time: only for the small inputs of tests.
 */
public final class DenseLaplacians {
  private DenseLaplacians() {}

  /** L = Diag(W·1) − W with W_ij = exp(−‖z_i − z_j‖² / s) for i ≠ j and W_ii = 0. */
  public static double[][] feature(double[] rows, int n, int dim, double scale) {
    double[][] w = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i != j) {
          double d2 = 0;
          for (int c = 0; c < dim; c++) {
            double d = rows[i * dim + c] - rows[j * dim + c];
            d2 += d * d;
          }
          w[i][j] = Math.exp(-d2 / scale);
        }
      }
    }
    return fromAffinity(w);
  }

  /**
   * L_Y of SPEC.md §3 for every label kernel: the pairwise kernels from their affinity written out
   * here (not {@link LabelKernel#affinity}), CENTERED_DISTANCE from K = −½·J·D·J with dense
   * matrix products and L_Y = Diag(column sums of K) − K, K's diagonal kept.
   */
  public static double[][] label(int[] y, LabelKernel kernel, double sigma) {
    int n = y.length;
    if (kernel == LabelKernel.CENTERED_DISTANCE) {
      double[][] j = new double[n][n];
      double[][] d = new double[n][n];
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          j[a][b] = (a == b ? 1.0 : 0.0) - 1.0 / n;
          d[a][b] = Math.abs(y[a] - y[b]);
        }
      }
      double[][] k = times(times(j, d), j);
      double[][] l = new double[n][n];
      for (int b = 0; b < n; b++) {
        double colSum = 0;
        for (int a = 0; a < n; a++) {
          k[a][b] *= -0.5;
        }
        for (int a = 0; a < n; a++) {
          colSum += k[a][b];
        }
        for (int a = 0; a < n; a++) {
          l[a][b] = -k[a][b];
        }
        l[b][b] += colSum;
      }
      return l;
    }
    double[][] w = new double[n][n];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        if (a == b) {
          continue;
        }
        w[a][b] = switch (kernel) {
          case GAUSSIAN_INTEGER -> Math.exp(-Math.pow(y[a] - y[b], 2) / (2 * sigma * sigma));
          case GAUSSIAN_ONE_HOT -> y[a] == y[b] ? 1.0 : Math.exp(-1.0 / (sigma * sigma));
          case SAME_CLASS -> y[a] == y[b] ? 1.0 : 0.0;
          case CENTERED_DISTANCE -> throw new AssertionError("handled above");
        };
      }
    }
    return fromAffinity(w);
  }

  /** Diag(W·1) − W. */
  static double[][] fromAffinity(double[][] w) {
    int n = w.length;
    double[][] l = new double[n][n];
    for (int i = 0; i < n; i++) {
      double deg = 0;
      for (int j = 0; j < n; j++) {
        deg += w[i][j];
        l[i][j] = -w[i][j];
      }
      l[i][i] += deg;
    }
    return l;
  }

  /** a·b for dense matrices. */
  public static double[][] times(double[][] a, double[][] b) {
    int n = a.length;
    int m = b.length;
    int p = b[0].length;
    double[][] out = new double[n][p];
    for (int i = 0; i < n; i++) {
      for (int l = 0; l < m; l++) {
        for (int j = 0; j < p; j++) {
          out[i][j] += a[i][l] * b[l][j];
        }
      }
    }
    return out;
  }

  /** L·x for a row-major n × k block x, returned row-major. */
  public static double[] times(double[][] l, double[] x, int k) {
    int n = l.length;
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int c = 0; c < k; c++) {
          out[i * k + c] += l[i][j] * x[j * k + c];
        }
      }
    }
    return out;
  }

  /** Tr(xᵀ·L·x). */
  public static double quadraticForm(double[][] l, double[] x, int k) {
    double[] lx = times(l, x, k);
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * lx[i];
    }
    return s;
  }

  /** n × dim row-major iid N(0, 1) values (from {@code SplittableRandom}, no Seeds dependency). */
  public static double[] gaussianRows(int n, int dim, SplittableRandom rng) {
    double[] out = new double[n * dim];
    for (int i = 0; i < out.length; i++) {
      // Box–Muller on two uniforms; only used to make test inputs
      double u = 1 - rng.nextDouble();
      double v = rng.nextDouble();
      out[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
    return out;
  }

  /** Asserts that the operator's L·x and diagonal equal the dense matrix's, to {@code rel}·max|entry|. */
  public static void assertOperatorEquals(double[][] dense, Laplacian op, double[] x, int k, double rel) {
    int n = dense.length;
    assertEquals(n, op.size(), "size");
    double[] expected = times(dense, x, k);
    double[] actual = new double[n * k];
    op.multiply(x, k, actual);
    assertBlockEquals(expected, actual, rel, "L·X");
    double[] diag = new double[n];
    double[] opDiag = new double[n];
    for (int i = 0; i < n; i++) {
      diag[i] = dense[i][i];
      opDiag[i] = op.diagonal(i);
    }
    assertBlockEquals(diag, opDiag, rel, "diagonal");
  }

  /** Entry-wise equality up to {@code rel} times the largest |expected| entry (at least 1e-300). */
  public static void assertBlockEquals(double[] expected, double[] actual, double rel, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    double scale = 1e-300;
    for (double v : expected) {
      scale = Math.max(scale, Math.abs(v));
    }
    for (int i = 0; i < expected.length; i++) {
      if (!(Math.abs(expected[i] - actual[i]) <= rel * scale)) {
        fail(what + ": entry " + i + " expected " + expected[i] + " but was " + actual[i] + " (tolerance "
            + rel * scale + ")");
      }
    }
  }
}
