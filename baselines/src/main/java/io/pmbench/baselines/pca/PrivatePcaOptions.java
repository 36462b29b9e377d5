package io.pmbench.baselines.pca;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import java.util.List;

/**
 * private-pca's options ({@code method=PPCA|MOD_SULQ}, {@code burnIn=N}, {@code columnDraw=AUTO|EXACT|SWEEP})
 * and its budget split by
 * basic composition (BASELINES.md §3): ε₁ = ε₂ = ε/2; δ₁ = 0, δ₂ = δ for PPCA and
 * δ₁ = δ₂ = δ/2 for MOD-SULQ. Subscript 1 is the subspace V, 2 the projected release D·V + N.
 *
 * @param method how V is chosen
 * @param burnIn Gibbs sweeps of the PPCA chain (ignored by MOD-SULQ)
 * @param columnDraw how the PPCA chain redraws a column, SWEEP or EXACT (AUTO resolved from k; ignored by
 *     MOD-SULQ)
 * @param epsilonSubspace ε₁
 * @param deltaSubspace δ₁ (0 for PPCA: the exponential mechanism is pure)
 * @param epsilonRelease ε₂
 * @param deltaRelease δ₂
 */
record PrivatePcaOptions(PcaMethod method, int burnIn, ColumnDraw columnDraw, double epsilonSubspace,
    double deltaSubspace, double epsilonRelease, double deltaRelease) {

  /** The default number of Gibbs sweeps (BASELINES.md §3). */
  static final int DEFAULT_BURN_IN = 100;

  /** Option {@code method}: how the subspace V is chosen. */
  static final OptionSpec<PcaMethod> METHOD = OptionSpec.choice("method", PcaMethod.class, PcaMethod.PPCA,
      "how the subspace V is chosen: PPCA (exponential mechanism, Gibbs) or MOD_SULQ (noisy covariance)");
  /** Option {@code burnIn}: Gibbs sweeps of the PPCA chain. */
  static final OptionSpec<Integer> BURN_IN = OptionSpec.integer("burnIn", 1, Integer.toString(DEFAULT_BURN_IN),
      "Gibbs sweeps of the PPCA chain (ignored by MOD_SULQ)");
  /**
   * Option {@code columnDraw}: AUTO (default since revision 2 of private-pca: an exact draw of each
   * column's conditional for k ≤ 2, Hoff's inner sweep for k ≥ 3), EXACT or SWEEP (revision 1's
   * default for every k).
   */
  static final OptionSpec<ColumnDraw> COLUMN_DRAW = OptionSpec.choice("columnDraw", ColumnDraw.class,
      ColumnDraw.AUTO, "how the PPCA chain redraws a column: EXACT (ACG rejection, an exact draw of the column's"
          + " conditional; can fail at large eps for k >= 3), SWEEP (Hoff's inner Gibbs sweep, the default before"
          + " revision 2; same stationary distribution, other draws) or AUTO (EXACT for k <= 2, SWEEP for k >= 3);"
          + " ignored by MOD_SULQ");
  /** Every option of {@code private-pca}. */
  static final List<OptionSpec<?>> ALL = List.of(METHOD, BURN_IN, COLUMN_DRAW);

  /** Parses and checks the options; throws IllegalArgumentException naming the option. */
  static PrivatePcaOptions of(MechanismParams p) {
    PcaMethod method = METHOD.value(p);
    int burnIn = BURN_IN.value(p);
    ColumnDraw draw = COLUMN_DRAW.value(p);
    if (draw == ColumnDraw.AUTO) {
      draw = p.k() <= 2 ? ColumnDraw.EXACT : ColumnDraw.SWEEP;
    }
    double half = p.epsilon() / 2;
    return method == PcaMethod.PPCA
        ? new PrivatePcaOptions(method, burnIn, draw, half, 0, half, p.delta())
        : new PrivatePcaOptions(method, burnIn, draw, half, p.delta() / 2, half, p.delta() / 2);
  }
}
