package io.pmbench.baselines.pca;

import io.pmbench.core.mechanism.MechanismParams;
import java.util.Locale;

/**
 * private-pca's options ({@code method=PPCA|MOD_SULQ}, {@code burnIn=N}) and its budget split by
 * basic composition (BASELINES.md §3): ε₁ = ε₂ = ε/2; δ₁ = 0, δ₂ = δ for PPCA and
 * δ₁ = δ₂ = δ/2 for MOD-SULQ. Subscript 1 is the subspace V, 2 the projected release D·V + N.
 *
 * @param method how V is chosen
 * @param burnIn Gibbs sweeps of the PPCA chain (ignored by MOD-SULQ)
 * @param epsilonSubspace ε₁
 * @param deltaSubspace δ₁ (0 for PPCA: the exponential mechanism is pure)
 * @param epsilonRelease ε₂
 * @param deltaRelease δ₂
 */
record PrivatePcaOptions(PcaMethod method, int burnIn, double epsilonSubspace, double deltaSubspace,
    double epsilonRelease, double deltaRelease) {

  /** The default number of Gibbs sweeps (BASELINES.md §3). */
  static final int DEFAULT_BURN_IN = 100;

  /** Parses and checks the options; throws IllegalArgumentException naming the option. */
  static PrivatePcaOptions of(MechanismParams p) {
    String m = p.option("method").orElse(PcaMethod.PPCA.name());
    PcaMethod method;
    try {
      method = PcaMethod.valueOf(m.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("method must be one of PPCA, MOD_SULQ. Provided value: " + m, e);
    }
    String b = p.option("burnIn").orElse(Integer.toString(DEFAULT_BURN_IN));
    int burnIn;
    try {
      burnIn = Integer.parseInt(b.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("burnIn must be an integer >= 1. Provided value: " + b, e);
    }
    if (burnIn < 1) {
      throw new IllegalArgumentException("burnIn must be an integer >= 1. Provided value: " + b);
    }
    double half = p.epsilon() / 2;
    return method == PcaMethod.PPCA
        ? new PrivatePcaOptions(method, burnIn, half, 0, half, p.delta())
        : new PrivatePcaOptions(method, burnIn, half, p.delta() / 2, half, p.delta() / 2);
  }
}
