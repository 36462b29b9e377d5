package io.pmbench.baselines.v1;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Brute-force neighbours of a small data set under SPEC.md §1 (one row added or removed, the
 * smaller set padded with a zero row), and the mechanism's own pre-noise map
 * f(X) = ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X + X under the bound's kernels (TWO_SIGMA_SQUARED,
 * GAUSSIAN_INTEGER), as core's PrivateMailSensitivityTest builds them.
 */
final class Neighbours {
  private Neighbours() {}

  /** Two neighbouring data sets of the same (padded) size. */
  record Pair(double[] xa, int[] ya, double[] xb, int[] yb, int size, int d) {
    /** f_A(input) − f_B(input). */
    double[] difference(double sigma, double alpha, double[] input, int k) {
      double[] fa = f(xa, ya, size, d, sigma, alpha, input, k);
      double[] fb = f(xb, yb, size, d, sigma, alpha, input, k);
      for (int i = 0; i < fa.length; i++) {
        fa[i] -= fb[i];
      }
      return fa;
    }

    /** Z = (f_A − f_B) as a dense size × size matrix (f_A(X) − f_B(X) = Z·X), row-major. */
    double[] operatorDifference(double sigma, double alpha) {
      double[] id = new double[size * size];
      for (int i = 0; i < size; i++) {
        id[i * size + i] = 1;
      }
      return difference(sigma, alpha, id, size);
    }
  }

  static double[] f(double[] rows, int[] labels, int n, int d, double sigma, double alpha, double[] x, int k) {
    KernelLaplacian lx = KernelLaplacian.of(rows, n, d, FeatureKernelScale.TWO_SIGMA_SQUARED.scale(sigma));
    LabelLaplacian ly = LabelLaplacian.of(labels, LabelKernel.GAUSSIAN_INTEGER, sigma);
    return Smlq.iterate(lx, ly, alpha, x, k, false);
  }

  /**
   * A random data set of n unit rows in R^d with labels in {0..c} (adversarial: rows 0 and 1
   * duplicated, labels alternating 0 and c), and its neighbours: every row removed (zero row with
   * label 0 or c in its place) and {@code addTrials} rows added (the padded set's zero row
   * labelled 0 or c).
   */
  static List<Pair> of(int n, int d, int c, boolean adversarial, int addTrials, SplittableRandom rng) {
    double[] x = SyntheticFeatureSets.unitRows(n, d, rng);
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = adversarial ? (i % 2 == 0 ? 0 : c) : rng.nextInt(c + 1);
    }
    if (adversarial) {
      System.arraycopy(x, 0, x, d, d);
    }
    List<Pair> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int padLabel : new int[] {0, c}) {
        double[] x2 = x.clone();
        int[] y2 = y.clone();
        Arrays.fill(x2, i * d, (i + 1) * d, 0.0);
        y2[i] = padLabel;
        out.add(new Pair(x, y, x2, y2, n, d));
      }
    }
    for (int t = 0; t < addTrials; t++) {
      double[] extra = SyntheticFeatureSets.unitRows(1, d, rng);
      double[] xAdd = Arrays.copyOf(x, (n + 1) * d);
      System.arraycopy(extra, 0, xAdd, n * d, d);
      int[] yAdd = Arrays.copyOf(y, n + 1);
      yAdd[n] = t % 2 == 0 ? c : rng.nextInt(c + 1);
      for (int padLabel : new int[] {0, c}) {
        int[] yPad = Arrays.copyOf(y, n + 1);
        yPad[n] = padLabel;
        out.add(new Pair(Arrays.copyOf(x, (n + 1) * d), yPad, xAdd, yAdd, n + 1, d));
      }
    }
    return out;
  }

  static double[] gaussianBlock(int rows, int k, double sd, SplittableRandom rng) {
    double[] q = new double[rows * k];
    for (int i = 0; i < q.length; i++) {
      q[i] = sd * Seeds.gaussian(rng);
    }
    return q;
  }

  /**
   * The input block of Frobenius norm 1 that (approximately) maximises ‖Z·X‖_F: the top right
   * singular vector v of Z (power iteration on ZᵀZ) in every one of the k columns, scaled by 1/√k.
   */
  static double[] worstInput(double[] z, int size, int k) {
    double[] v = new double[size];
    Arrays.fill(v, 1.0);
    v[0] = 2;
    for (int it = 0; it < 300; it++) {
      double[] zv = new double[size];
      for (int i = 0; i < size; i++) {
        for (int j = 0; j < size; j++) {
          zv[i] += z[i * size + j] * v[j];
        }
      }
      double[] next = new double[size];
      for (int i = 0; i < size; i++) {
        for (int j = 0; j < size; j++) {
          next[j] += z[i * size + j] * zv[i];
        }
      }
      double norm = Math.sqrt(dot(next, next));
      if (norm == 0) {
        break;
      }
      for (int j = 0; j < size; j++) {
        v[j] = next[j] / norm;
      }
    }
    double[] x = new double[size * k];
    double norm = Math.sqrt(dot(v, v) * k);
    for (int i = 0; i < size; i++) {
      for (int c = 0; c < k; c++) {
        x[i * k + c] = v[i] / norm;
      }
    }
    return x;
  }

  static double l1(double[] v) {
    double s = 0;
    for (double x : v) {
      s += Math.abs(x);
    }
    return s;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
