package io.pmbench.baselines.cccp;

import io.pmbench.core.kernel.Laplacian;
import io.pmbench.core.smlq.Smlq;

/**
 * The early paper's concave–convex update (privatemail-early-version.md, eq. 6):
 *
 * <pre>Z_t = α·L_X⁺·(L_Y·Z_{t−1} − S·Q),   S = n·I − 11ᵀ (eq. 2, the Laplacian of the all-ones graph)</pre>
 *
 * <p>It minimises the convex part Tr(ZᵀL_X Z) + λ·Tr(ZᵀSQ) with λ = 2α against the linearised
 * concave part −α·Tr(ZᵀL_Y Z), so the objective
 * F(Z) = Tr(ZᵀL_X Z) − α·Tr(ZᵀL_Y Z) + 2α·Tr(ZᵀSQ) never increases (CCCP is a
 * majorisation–minimisation); {@link Result#objectiveIncreased()} reports whether it did. S·Q is
 * formed once as n·(Q − column means of Q), never as an n × n matrix; L_X⁺ is whatever
 * factorisation or solver the caller built once for the data set. Z_0 = Q, the same Q as in the
 * linear constraint (the paper draws one Gaussian Q; SPEC.md §4's σ_q).
 */
public final class CccpIteration {
  /** Relative slack under which a rise of F counts as rounding, not an increase. */
  static final double OBJECTIVE_SLACK = 1e-9;

  private CccpIteration() {}

  /** The final n × k embedding and F(Z_t) for t = 0..T. */
  public record Result(double[] embedding, double[] objective) {
    /** True when F(Z_t) &gt; F(Z_{t−1}) beyond {@link #OBJECTIVE_SLACK} relative for some t. */
    public boolean objectiveIncreased() {
      for (int t = 1; t < objective.length; t++) {
        double slack = OBJECTIVE_SLACK * Math.max(Math.abs(objective[t]), Math.abs(objective[t - 1]));
        if (objective[t] > objective[t - 1] + slack) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * Runs {@code iterations} updates from Z_0 = q. With {@code renormalize} each Z_t is rescaled to
   * Frobenius norm √n (as SMLQ does under the official-code preset; this voids the monotonicity).
   */
  public static Result run(LaplacianPseudoInverse lxPinv, Laplacian lx, Laplacian ly, double alpha, double[] q, int k,
      int iterations, boolean renormalize) {
    int n = lx.size();
    if (ly.size() != n || q.length != n * k) {
      throw new IllegalArgumentException(
          "shapes must agree. Provided value: L_X " + n + ", L_Y " + ly.size() + ", Q " + q.length + "/" + k);
    }
    if (iterations < 0) {
      throw new IllegalArgumentException("iterations must be >= 0. Provided value: " + iterations);
    }
    double[] sq = q.clone();
    LaplacianPseudoInverse.centreColumns(sq, n, k);
    for (int i = 0; i < sq.length; i++) {
      sq[i] *= n;
    }
    double[] objective = new double[iterations + 1];
    double[] z = q.clone();
    double[] lyz = new double[n * k];
    double[] rhs = new double[n * k];
    objective[0] = objective(lx, ly, alpha, z, sq, k);
    for (int t = 1; t <= iterations; t++) {
      ly.multiply(z, k, lyz);
      for (int i = 0; i < rhs.length; i++) {
        rhs[i] = lyz[i] - sq[i];
      }
      double[] next = new double[n * k];
      lxPinv.apply(rhs, k, next);
      for (int i = 0; i < next.length; i++) {
        next[i] *= alpha;
      }
      if (renormalize) {
        Smlq.renormalizeInPlace(next, n);
      }
      z = next;
      objective[t] = objective(lx, ly, alpha, z, sq, k);
    }
    return new Result(z, objective);
  }

  /** F(Z) = Tr(ZᵀL_X Z) − α·Tr(ZᵀL_Y Z) + 2α·Tr(Zᵀ·SQ). */
  static double objective(Laplacian lx, Laplacian ly, double alpha, double[] z, double[] sq, int k) {
    double linear = 0;
    for (int i = 0; i < z.length; i++) {
      linear += z[i] * sq[i];
    }
    return lx.quadraticForm(z, k) - alpha * ly.quadraticForm(z, k) + 2 * alpha * linear;
  }
}
