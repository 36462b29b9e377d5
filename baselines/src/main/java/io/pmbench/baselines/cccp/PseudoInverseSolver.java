package io.pmbench.baselines.cccp;

import io.pmbench.core.kernel.KernelLaplacian;
import java.util.Locale;

/** How {@code smlq-cccp} applies L_X⁺ (option {@code solver}). */
public enum PseudoInverseSolver {
  /**
   * Jacobi-preconditioned CG on the operator, inside 1⊥ ({@link ConjugateGradientPseudoInverse}):
   * the default for client and server. Kernel graphs of unit-norm rows are well conditioned
   * (3–5 steps at n = 3,000 and 11,000 in {@code ServerScaleTest}), so each application costs a few
   * O(n²·k) operator products.
   */
  CG,
  /**
   * One dense Cholesky of L_X + 11ᵀ/n per data set ({@link DenseLaplacianPseudoInverse}): exact to
   * rounding whatever the conditioning, O(n³/3) per data set (≈ 0.5 s at the client's n ≈ 1,010,
   * 7.5 s at n = 3,000); refused above {@link #DENSE_LIMIT} rows.
   */
  DENSE;

  /** The option key. */
  public static final String OPTION = "solver";

  /** Largest n DENSE factorises (a 4,000² matrix is 128 MB; its Cholesky ≈ 2·10¹⁰ flops). */
  public static final int DENSE_LIMIT = 4000;

  /** Parses the option value (case-insensitive). */
  public static PseudoInverseSolver parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(OPTION + " must be one of CG, DENSE. Provided value: " + s, e);
    }
  }

  /** Builds L_X⁺ for this data set (one factorisation, or a CG solver bound to the operator). */
  public LaplacianPseudoInverse build(KernelLaplacian lx) {
    if (this == CG) {
      return ConjugateGradientPseudoInverse.of(lx);
    }
    if (lx.size() > DENSE_LIMIT) {
      throw new IllegalArgumentException("solver=DENSE must be used with at most " + DENSE_LIMIT
          + " rows (the server's [S; P] is larger: use solver=CG). Provided value: " + lx.size() + " rows");
    }
    return DenseLaplacianPseudoInverse.of(lx);
  }
}
