package io.pmbench.benchmarks.reference;

import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * The straightforward dense formulation of SPEC.md §3–§5, as the official PrivateMail code
 * computes it: every Laplacian is an n × n matrix built from all n² pairs, Diag(L_X)⁻¹ is an
 * n × n matrix, and each SMLQ iteration multiplies n × n matrices before touching the n × k
 * block — O(n³) per iteration. It exists only to be timed against pmbench's operators (and to
 * check that both compute the same numbers, up to summation order); it is not part of the
 * product. Matrices are {@code double[n][n]}; products use the i-k-j loop order (a fair,
 * vectorisable triple loop, not a deliberately slow one).
 */
public final class DenseReference {
  private DenseReference() {}

  /** L = Diag(W·1) − W of the Gaussian kernel over all n² pairs of rows (n × dim, row-major). */
  public static double[][] kernelLaplacian(double[] rows, int n, int dim, double scale) {
    double[][] w = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i != j) {
          double s = 0;
          for (int c = 0; c < dim; c++) {
            double d = rows[i * dim + c] - rows[j * dim + c];
            s += d * d;
          }
          w[i][j] = Math.exp(-s / scale);
        }
      }
    }
    return laplacianOf(w);
  }

  /** L_Y over the labels (SPEC.md §3), dense. */
  public static double[][] labelLaplacian(int[] labels, LabelKernel kernel, double sigma) {
    int n = labels.length;
    if (kernel == LabelKernel.CENTERED_DISTANCE) {
      double[][] dist = new double[n][n];
      double[][] j = new double[n][n];
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          dist[a][b] = Math.abs(labels[a] - labels[b]);
          j[a][b] = (a == b ? 1.0 : 0.0) - 1.0 / n;
        }
      }
      double[][] kmat = multiply(multiply(j, dist), j);
      double[] colSum = new double[n];
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          kmat[a][b] *= -0.5;
        }
      }
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          colSum[b] += kmat[a][b];
        }
      }
      double[][] l = new double[n][n];
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          l[a][b] = (a == b ? colSum[a] : 0.0) - kmat[a][b];
        }
      }
      return l;
    }
    double[][] w = new double[n][n];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        w[a][b] = a == b ? 0.0 : kernel.affinity(labels[a], labels[b], sigma);
      }
    }
    return laplacianOf(w);
  }

  private static double[][] laplacianOf(double[][] w) {
    int n = w.length;
    double[][] l = new double[n][n];
    for (int i = 0; i < n; i++) {
      double deg = 0;
      for (int j = 0; j < n; j++) {
        deg += w[i][j];
      }
      for (int j = 0; j < n; j++) {
        l[i][j] = (i == j ? deg : 0.0) - w[i][j];
      }
    }
    return l;
  }

  /** C = A·B for dense matrices (i-k-j order). */
  public static double[][] multiply(double[][] a, double[][] b) {
    int n = a.length;
    int inner = b.length;
    int cols = b[0].length;
    double[][] c = new double[n][cols];
    for (int i = 0; i < n; i++) {
      double[] ci = c[i];
      for (int kk = 0; kk < inner; kk++) {
        double aik = a[i][kk];
        double[] bk = b[kk];
        for (int j = 0; j < cols; j++) {
          ci[j] += aik * bk[j];
        }
      }
    }
    return c;
  }

  /**
   * One SMLQ iteration as the official code computes it: Diag(L_X)⁻¹ as an n × n matrix,
   * M = Diag(L_X)⁻¹·(α·L_Y − L_X) by an n × n × n product, then X_t = ½·M·X + X.
   */
  public static double[] iterate(double[][] lx, double[][] ly, double alpha, double[] x, int k) {
    int n = lx.length;
    double[][] dinv = new double[n][n];
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      if (!(lx[i][i] > 0)) {
        throw new IllegalStateException("zero-degree row " + i);
      }
      dinv[i][i] = 1.0 / lx[i][i];
      for (int j = 0; j < n; j++) {
        a[i][j] = alpha * ly[i][j] - lx[i][j];
      }
    }
    double[][] m = multiply(dinv, a);
    double[][] xm = new double[n][k];
    for (int i = 0; i < n; i++) {
      System.arraycopy(x, i * k, xm[i], 0, k);
    }
    double[][] mx = multiply(m, xm);
    double[] out = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        out[i * k + c] = 0.5 * mx[i][c] + x[i * k + c];
      }
    }
    return out;
  }

  /** {@code iterations} dense iterations from x0, optionally renormalised to ‖X‖_F = √n after each. */
  public static double[] run(double[][] lx, double[][] ly, double alpha, double[] x0, int k, int iterations,
      boolean renormalize) {
    double[] x = x0.clone();
    for (int t = 0; t < iterations; t++) {
      x = iterate(lx, ly, alpha, x, k);
      if (renormalize) {
        double s = 0;
        for (double v : x) {
          s += v * v;
        }
        double f = Math.sqrt(lx.length) / Math.sqrt(s);
        for (int i = 0; i < x.length; i++) {
          x[i] *= f;
        }
      }
    }
    return x;
  }

  /**
   * PrivateMail's client side (SPEC.md §5) in the dense formulation, drawing from {@code rng} in
   * the same order as pmbench's client (Q, then the noise), so both release the same embedding up
   * to summation order: Q; L_X, L_Y of D; f = one iteration; Δ and s; X̃ = f + N(0, s²); L_X of
   * X̃; T iterations.
   */
  public static double[] privateMail(ClientData data, MechanismParams p, int numClasses, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    double[][] ly = labelLaplacian(data.labels(), p.labelKernel(), p.sigma());
    double[] q = new double[n * k];
    double normSq = 0;
    for (int i = 0; i < q.length; i++) {
      q[i] = p.sigmaQ() * Seeds.gaussian(rng);
      normSq += q[i] * q[i];
    }
    double sensitivity = AppendixB.sensitivity(
        new AppendixB.Params(n, p.sigma(), p.alpha(), numClasses - 1, p.officialCodeMii()), Math.sqrt(normSq));
    double s = p.calibration().sigma(sensitivity, p.epsilon(), p.delta());
    double scale = p.featureKernelScale().scale(p.sigma());
    float[] src = data.rows().data();
    double[] rows = new double[src.length];
    for (int i = 0; i < src.length; i++) {
      rows[i] = src[i];
    }
    double[] f = iterate(kernelLaplacian(rows, n, data.rows().cols(), scale), ly, p.alpha(), q, k);
    double[] noisy = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      noisy[i] = f[i] + s * Seeds.gaussian(rng);
    }
    return run(kernelLaplacian(noisy, n, k, scale), ly, p.alpha(), noisy, k, p.iterations(), p.renormalize());
  }
}
