package io.pmbench.core.smlq;

import io.pmbench.core.kernel.Laplacian;

/**
 * The supervised manifold learning query (SPEC.md §4, the paper's equation 4):
 *
 * <pre>X_t = ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X_{t−1} + X_{t−1}</pre>
 *
 * <p>One iteration is two Laplacian–block products (n × n operator times n × k) and a row
 * scaling by 1/L_X,ii: Diag(L_X)⁻¹ is never formed. A zero diagonal entry of L_X is an error
 * (the official code silently adds 1e-9).
 */
public final class Smlq {
  private Smlq() {}

  /** Relative round-off tolerance of {@link Result#objectiveIncreased()}. */
  public static final double OBJECTIVE_TOLERANCE = 1e-9;

  /**
   * Result of a run: the final n × k embedding, v(X_t) for t = 0..T, and the magnitude
   * |Tr(XᵀL_X X)| + α·|Tr(XᵀL_Y X)| of each v (the scale its round-off is relative to).
   */
  public record Result(double[] embedding, int rows, int k, double[] objective, double[] objectiveScale) {
    /**
     * True when v(X_t) exceeds v(X_{t−1}) by more than round-off for some t (Theorem 1 claims
     * it never happens): v is a difference of two traces, so a rise smaller than
     * {@link #OBJECTIVE_TOLERANCE} times their magnitude is not counted.
     */
    public boolean objectiveIncreased() {
      for (int t = 1; t < objective.length; t++) {
        double tol = OBJECTIVE_TOLERANCE * Math.max(objectiveScale[t], objectiveScale[t - 1]);
        if (objective[t] - objective[t - 1] > tol) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * One iteration from x (n × k, row-major); returns a new block. If {@code renormalize}, the
   * result is rescaled to Frobenius norm √n (the official code).
   */
  public static double[] iterate(Laplacian lx, Laplacian ly, double alpha, double[] x, int k, boolean renormalize) {
    return step(lx, ly, alpha, x, k, renormalize, null);
  }

  /**
   * One iteration; when {@code objectiveOfInput} is non-null, v(x) and its magnitude are stored
   * in its first two elements from the same two products the iteration needs (no extra work).
   */
  private static double[] step(Laplacian lx, Laplacian ly, double alpha, double[] x, int k, boolean renormalize,
      double[] objectiveOfInput) {
    int n = lx.size();
    if (ly.size() != n || x.length != n * k) {
      throw new IllegalArgumentException(
          "shapes must agree. Provided value: L_X " + n + ", L_Y " + ly.size() + ", X " + x.length + "/" + k);
    }
    double[] lxx = new double[n * k];
    double[] lyx = new double[n * k];
    lx.multiply(x, k, lxx);
    ly.multiply(x, k, lyx);
    double[] out = new double[n * k];
    double vx = 0;
    double vy = 0;
    for (int i = 0; i < n; i++) {
      double d = lx.diagonal(i);
      if (!(d > 0)) {
        throw new IllegalStateException("zero-degree row " + i + " in L_X (diagonal = " + d
            + "): the feature kernel underflows; increase sigma");
      }
      double h = 0.5 / d;
      for (int c = 0; c < k; c++) {
        int o = i * k + c;
        vx += x[o] * lxx[o];
        vy += x[o] * lyx[o];
        out[o] = h * (alpha * lyx[o] - lxx[o]) + x[o];
      }
    }
    if (objectiveOfInput != null) {
      objectiveOfInput[0] = vx - alpha * vy;
      objectiveOfInput[1] = Math.abs(vx) + alpha * Math.abs(vy);
    }
    if (renormalize) {
      renormalizeInPlace(out, n);
    }
    return out;
  }

  /** Rescales x to Frobenius norm √n. */
  public static void renormalizeInPlace(double[] x, int n) {
    double norm = frobenius(x);
    if (norm > 0) {
      double f = Math.sqrt(n) / norm;
      for (int i = 0; i < x.length; i++) {
        x[i] *= f;
      }
    }
  }

  /** v(X) = Tr(Xᵀ·L_X·X) − α·Tr(Xᵀ·L_Y·X). */
  public static double objective(Laplacian lx, Laplacian ly, double alpha, double[] x, int k) {
    return lx.quadraticForm(x, k) - alpha * ly.quadraticForm(x, k);
  }

  /** Runs {@code iterations} iterations from x0, recording v at every step. */
  public static Result run(Laplacian lx, Laplacian ly, double alpha, double[] x0, int k, int iterations,
      boolean renormalize) {
    if (iterations < 0) {
      throw new IllegalArgumentException("iterations must be >= 0. Provided value: " + iterations);
    }
    double[] trace = new double[iterations + 1];
    double[] scale = new double[iterations + 1];
    double[] v = new double[2];
    double[] x = x0.clone();
    for (int t = 0; t < iterations; t++) {
      x = step(lx, ly, alpha, x, k, renormalize, v);
      trace[t] = v[0];
      scale[t] = v[1];
    }
    double fx = lx.quadraticForm(x, k);
    double fy = ly.quadraticForm(x, k);
    trace[iterations] = fx - alpha * fy;
    scale[iterations] = Math.abs(fx) + alpha * Math.abs(fy);
    return new Result(x, lx.size(), k, trace, scale);
  }

  /** ‖x‖_F. */
  public static double frobenius(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v * v;
    }
    return Math.sqrt(s);
  }
}
