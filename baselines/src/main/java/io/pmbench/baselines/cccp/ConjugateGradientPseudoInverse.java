package io.pmbench.baselines.cccp;

import io.pmbench.core.kernel.Laplacian;
import java.util.Locale;

/**
 * L⁺·B by preconditioned conjugate gradients on the Laplacian operator, for the server's
 * [S; P] (n ≈ 11,000), where a dense factorisation (n³ ≈ 1.3·10¹² flops, and a second n × n
 * matrix) is too big. Needs only products L·X (n × k blocks, which the operator computes in
 * O(n²·k) without forming anything new) and the diagonal.
 *
 * <p>Why it is exact up to the tolerance: L is symmetric positive semi-definite with null space
 * span(1) (connected graph), and B has zero column sums, so L·X = B is consistent and L is
 * positive definite on the invariant subspace 1⊥. CG is run inside 1⊥ with the preconditioner
 * P·Diag(L)⁻¹·P (P = I − 11ᵀ/n, Jacobi restricted to 1⊥, symmetric positive definite there):
 * residuals L·p stay in 1⊥ because 1ᵀL = 0, and every preconditioned residual is centred. The
 * iterates therefore converge to the unique solution in 1⊥, which is L⁺·B (Kaasschieter 1988,
 * BIT 28, on CG for consistent singular systems). Each of the k columns runs its own CG
 * recurrence; they share one operator product per step. Stops when every column's residual is
 * ≤ {@code tolerance}·‖b‖; refuses to return an unconverged answer.
 */
public final class ConjugateGradientPseudoInverse implements LaplacianPseudoInverse {
  /** Default relative residual tolerance. */
  public static final double DEFAULT_TOLERANCE = 1e-10;

  private final Laplacian l;
  private final double tolerance;
  private final int maxIterations;
  private volatile int lastIterations;

  public ConjugateGradientPseudoInverse(Laplacian l, double tolerance, int maxIterations) {
    if (!(tolerance > 0 && tolerance < 1)) {
      throw new IllegalArgumentException("CG tolerance must be in (0, 1). Provided value: " + tolerance);
    }
    if (maxIterations < 1) {
      throw new IllegalArgumentException("CG maxIterations must be >= 1. Provided value: " + maxIterations);
    }
    this.l = l;
    this.tolerance = tolerance;
    this.maxIterations = maxIterations;
  }

  /** Defaults: relative tolerance 1e-10, at most 2n + 100 iterations. */
  public static ConjugateGradientPseudoInverse of(Laplacian l) {
    return new ConjugateGradientPseudoInverse(l, DEFAULT_TOLERANCE, 2 * l.size() + 100);
  }

  /** CG steps the last {@link #apply} took (for reports and tests). */
  public int lastIterations() {
    return lastIterations;
  }

  @Override
  public void apply(double[] b, int k, double[] out) {
    int n = l.size();
    double[] r = b.clone();
    LaplacianPseudoInverse.centreColumns(r, n, k);
    double[] stop = columnNorms(r, n, k);
    for (int c = 0; c < k; c++) {
      stop[c] *= tolerance;
    }
    java.util.Arrays.fill(out, 0, n * k, 0.0);
    double[] z = precondition(r, n, k);
    double[] p = z.clone();
    double[] rz = columnDots(r, z, n, k);
    double[] ap = new double[n * k];
    boolean[] done = new boolean[k];
    int it = 0;
    while (!converged(r, n, k, stop, done)) {
      if (it == maxIterations) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "CG for L+ did not converge in %d iterations (residual norms %s, targets %s): the kernel graph may be"
                + " disconnected or ill-conditioned; use solver=DENSE", maxIterations,
            java.util.Arrays.toString(columnNorms(r, n, k)), java.util.Arrays.toString(stop)));
      }
      l.multiply(p, k, ap);
      double[] pap = columnDots(p, ap, n, k);
      for (int c = 0; c < k; c++) {
        if (done[c]) {
          continue;
        }
        double a = rz[c] / pap[c];
        for (int i = 0; i < n; i++) {
          out[i * k + c] += a * p[i * k + c];
          r[i * k + c] -= a * ap[i * k + c];
        }
      }
      z = precondition(r, n, k);
      double[] rzNew = columnDots(r, z, n, k);
      for (int c = 0; c < k; c++) {
        if (done[c]) {
          continue;
        }
        double beta = rzNew[c] / rz[c];
        for (int i = 0; i < n; i++) {
          p[i * k + c] = z[i * k + c] + beta * p[i * k + c];
        }
        rz[c] = rzNew[c];
      }
      it++;
    }
    lastIterations = it;
    LaplacianPseudoInverse.centreColumns(out, n, k);
  }

  /** z = P·Diag(L)⁻¹·r (P centres the columns). */
  private double[] precondition(double[] r, int n, int k) {
    double[] z = new double[n * k];
    for (int i = 0; i < n; i++) {
      double inv = 1 / l.diagonal(i);
      for (int c = 0; c < k; c++) {
        z[i * k + c] = inv * r[i * k + c];
      }
    }
    LaplacianPseudoInverse.centreColumns(z, n, k);
    return z;
  }

  private static boolean converged(double[] r, int n, int k, double[] stop, boolean[] done) {
    double[] norms = columnNorms(r, n, k);
    boolean all = true;
    for (int c = 0; c < k; c++) {
      done[c] = done[c] || norms[c] <= stop[c];
      all &= done[c];
    }
    return all;
  }

  private static double[] columnNorms(double[] x, int n, int k) {
    double[] s = columnDots(x, x, n, k);
    for (int c = 0; c < k; c++) {
      s[c] = Math.sqrt(s[c]);
    }
    return s;
  }

  private static double[] columnDots(double[] x, double[] y, int n, int k) {
    double[] s = new double[k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        s[c] += x[i * k + c] * y[i * k + c];
      }
    }
    return s;
  }
}
