package io.pmbench.core.kernel;

import java.util.Arrays;

/**
 * The label Laplacian L_Y (SPEC.md §3) as an operator that never forms an n × n matrix.
 *
 * <p>Every label kernel depends on the labels only, so L_Y·x is computed from per-class sums
 * S_c = Σ_{j: y_j = c} x_j: for the pairwise kernels (W_ij = w(y_i, y_j) for i ≠ j, W_ii = 0)
 * (W·x)_i = Σ_c w(y_i, c)·S_c − w(y_i, y_i)·x_i, in O(n·C·k). For {@link
 * LabelKernel#CENTERED_DISTANCE}, K·x = −½·J·D·J·x with J·x = x − mean(x) and
 * (D·v)_i = Σ_c |y_i − c|·S_c(v), and L_Y = Diag(K·1) − K with K's diagonal kept.
 */
public final class LabelLaplacian implements Laplacian {
  private final LabelKernel kernel;
  private final int[] labels;
  private final int[] classOf; // row → dense class index
  private final int[] classLabel; // dense class index → label value
  private final int[] classCount;
  private final double[] affinity; // [ci·C + cj] (pairwise kernels)
  private final double[] diagonal;
  private final double[] kernelRowSum; // CENTERED_DISTANCE: (K·1)_i

  private LabelLaplacian(LabelKernel kernel, int[] labels, double sigma) {
    this.kernel = kernel;
    this.labels = labels.clone();
    int[] distinct = distinctSorted(labels);
    this.classLabel = distinct;
    this.classOf = new int[labels.length];
    this.classCount = new int[distinct.length];
    for (int i = 0; i < labels.length; i++) {
      classOf[i] = Arrays.binarySearch(distinct, labels[i]);
      classCount[classOf[i]]++;
    }
    int nc = distinct.length;
    int n = labels.length;
    this.diagonal = new double[n];
    if (kernel == LabelKernel.CENTERED_DISTANCE) {
      this.affinity = null;
      double[] ones = new double[n];
      Arrays.fill(ones, 1.0);
      this.kernelRowSum = new double[n];
      centeredKernelTimes(ones, 1, kernelRowSum);
      // K_ii = −½·(J·D·J)_ii = −½·(D_ii − 2·r_i + m̄), r_i = row mean of D, m̄ = grand mean
      double[] rowMean = new double[n];
      double grand = 0;
      for (int i = 0; i < n; i++) {
        double s = 0;
        for (int c = 0; c < nc; c++) {
          s += Math.abs(labels[i] - distinct[c]) * (double) classCount[c];
        }
        rowMean[i] = s / n;
        grand += rowMean[i];
      }
      grand /= n;
      for (int i = 0; i < n; i++) {
        double kii = -0.5 * (-2 * rowMean[i] + grand);
        diagonal[i] = kernelRowSum[i] - kii;
      }
    } else {
      this.kernelRowSum = null;
      this.affinity = new double[nc * nc];
      for (int a = 0; a < nc; a++) {
        for (int b = 0; b < nc; b++) {
          affinity[a * nc + b] = kernel.affinity(distinct[a], distinct[b], sigma);
        }
      }
      for (int i = 0; i < n; i++) {
        int ao = classOf[i] * nc;
        double s = -affinity[ao + classOf[i]];
        for (int c = 0; c < nc; c++) {
          s += affinity[ao + c] * classCount[c];
        }
        diagonal[i] = s;
      }
    }
  }

  /** L_Y for the given labels, label kernel and bandwidth σ. */
  public static LabelLaplacian of(int[] labels, LabelKernel kernel, double sigma) {
    if (labels.length == 0) {
      throw new IllegalArgumentException("labels must not be empty. Provided value: 0 labels");
    }
    return new LabelLaplacian(kernel, labels, sigma);
  }

  public LabelKernel kernel() {
    return kernel;
  }

  @Override
  public int size() {
    return labels.length;
  }

  @Override
  public double diagonal(int i) {
    return diagonal[i];
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    if (kernel == LabelKernel.CENTERED_DISTANCE) {
      centeredKernelTimes(x, k, out); // out = K·x
      for (int i = 0; i < labels.length; i++) {
        for (int c = 0; c < k; c++) {
          out[i * k + c] = kernelRowSum[i] * x[i * k + c] - out[i * k + c];
        }
      }
      return;
    }
    double[] sums = classSums(x, k);
    int nc = classLabel.length;
    for (int i = 0; i < labels.length; i++) {
      int ci = classOf[i];
      int ao = ci * nc;
      for (int c = 0; c < k; c++) {
        double s = -affinity[ao + ci] * x[i * k + c];
        for (int cc = 0; cc < nc; cc++) {
          s += affinity[ao + cc] * sums[cc * k + c];
        }
        out[i * k + c] = diagonal[i] * x[i * k + c] - s;
      }
    }
  }

  /** The distinct values of {@code labels}, ascending. */
  private static int[] distinctSorted(int[] labels) {
    int[] sorted = labels.clone();
    Arrays.sort(sorted);
    int u = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[u - 1]) {
        sorted[u++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, u);
  }

  /** Per-class column sums S[ci·k + c] = Σ_{i: class ci} x_ic, each in ascending i. */
  private double[] classSums(double[] x, int k) {
    double[] sums = new double[classLabel.length * k];
    for (int i = 0; i < labels.length; i++) {
      int so = classOf[i] * k;
      for (int c = 0; c < k; c++) {
        sums[so + c] += x[i * k + c];
      }
    }
    return sums;
  }

  /** out = K·x = −½·J·D·J·x for CENTERED_DISTANCE. */
  private void centeredKernelTimes(double[] x, int k, double[] out) {
    int n = labels.length;
    double[] centred = centre(x, n, k);
    double[] sums = classSums(centred, k);
    int nc = classLabel.length;
    double[] dv = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        double s = 0;
        for (int cc = 0; cc < nc; cc++) {
          s += Math.abs(labels[i] - classLabel[cc]) * sums[cc * k + c];
        }
        dv[i * k + c] = s;
      }
    }
    double[] jdj = centre(dv, n, k);
    for (int i = 0; i < n * k; i++) {
      out[i] = -0.5 * jdj[i];
    }
  }

  private static double[] centre(double[] x, int n, int k) {
    double[] mean = new double[k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        mean[c] += x[i * k + c];
      }
    }
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        out[i * k + c] = x[i * k + c] - mean[c] / n;
      }
    }
    return out;
  }
}
