package io.pmbench.baselines.cccp;

import io.pmbench.core.kernel.KernelLaplacian;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * L⁺ of a kernel Laplacian by one dense factorisation (for the client's n ≈ 1,010; O(n³/3)
 * once, O(n²·k) per application).
 *
 * <p>For a connected graph, L = Σ_{i≥2} λ_i·v_i·v_iᵀ (λ_i &gt; 0) with v_1 = 1/√n the null
 * vector, so L + 11ᵀ/n = Σ_{i≥2} λ_i·v_i·v_iᵀ + v_1·v_1ᵀ is positive definite and
 * (L + 11ᵀ/n)⁻¹ = L⁺ + 11ᵀ/n; for B with zero column sums, L⁺·B = (L + 11ᵀ/n)⁻¹·B. That matrix
 * is factorised once by Cholesky (EJML). If Cholesky fails (a disconnected graph: kernel weights
 * underflowed), the SVD pseudo-inverse (EJML {@code CommonOps_DDRM.pinv}) is formed instead.
 * Not thread-safe (EJML's solver keeps work arrays): one instance per data set and thread.
 */
public final class DenseLaplacianPseudoInverse implements LaplacianPseudoInverse {
  private final int n;
  private final LinearSolverDense<DMatrixRMaj> cholesky; // null when the SVD fallback is used
  private final DMatrixRMaj pinv; // null when Cholesky succeeded

  private DenseLaplacianPseudoInverse(int n, LinearSolverDense<DMatrixRMaj> cholesky, DMatrixRMaj pinv) {
    this.n = n;
    this.cholesky = cholesky;
    this.pinv = pinv;
  }

  /** Factorises L (dense, n × n) once. */
  public static DenseLaplacianPseudoInverse of(KernelLaplacian l) {
    int n = l.size();
    DMatrixRMaj shifted = dense(l);
    CommonOps_DDRM.add(shifted, 1.0 / n);
    LinearSolverDense<DMatrixRMaj> chol = LinearSolverFactory_DDRM.chol(n);
    if (chol.setA(shifted)) {
      return new DenseLaplacianPseudoInverse(n, chol, null);
    }
    DMatrixRMaj inv = new DMatrixRMaj(n, n);
    CommonOps_DDRM.pinv(dense(l), inv);
    return new DenseLaplacianPseudoInverse(n, null, inv);
  }

  /** L as a dense matrix: L_ii = degree, L_ij = −W_ij. */
  static DMatrixRMaj dense(KernelLaplacian l) {
    int n = l.size();
    DMatrixRMaj m = new DMatrixRMaj(n, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        m.unsafe_set(i, j, i == j ? l.diagonal(i) : -l.weight(i, j));
      }
    }
    return m;
  }

  /** Whether the Cholesky path was used (false: SVD pseudo-inverse of a disconnected graph). */
  public boolean connected() {
    return cholesky != null;
  }

  @Override
  public void apply(double[] b, int k, double[] out) {
    double[] rhs = b.clone();
    LaplacianPseudoInverse.centreColumns(rhs, n, k);
    DMatrixRMaj bm = DMatrixRMaj.wrap(n, k, rhs);
    DMatrixRMaj x = DMatrixRMaj.wrap(n, k, out);
    if (cholesky != null) {
      cholesky.solve(bm, x);
    } else {
      CommonOps_DDRM.mult(pinv, bm, x);
    }
    LaplacianPseudoInverse.centreColumns(out, n, k);
  }
}
