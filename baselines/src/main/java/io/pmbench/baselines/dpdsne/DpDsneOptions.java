package io.pmbench.baselines.dpdsne;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import java.util.List;

/**
 * The mechanism-specific options of {@code dp-dsne} (BASELINES.md §2), parsed and checked in one
 * place. {@link MechanismParams#iterations()} is SMLQ's T (5 under the paper preset), so DP-dSNE's
 * step count is its own option.
 *
 * @param clip C, the ℓ2 bound each free row's gradient is clipped to ({@code clip}, default 1)
 * @param iterations T, the number of noisy gradient steps ({@code iterations}, default 1000: the
 *     t-SNE schedule BASELINES.md §2 reuses, whose momentum switch and end of early exaggeration
 *     come at step 250; the DP-dSNE code's own default is also 1000)
 * @param accounting how s is derived from (ε, δ) ({@code accounting}, default GAUSSIAN)
 */
record DpDsneOptions(double clip, int iterations, Accounting accounting) {
  /** Option {@code clip}: C. */
  static final OptionSpec<Double> CLIP = OptionSpec.positive("clip", "1.0",
      "C, the l2 bound each free row's gradient is clipped to");
  /** Option {@code iterations}: T, shared with {@code dp-dsne-official}. */
  static final OptionSpec<Integer> ITERATIONS = OptionSpec.integer("iterations", 1, "1000",
      "T, the number of (noisy) gradient steps");
  /** Option {@code accounting}: how s is derived from (epsilon, delta). */
  static final OptionSpec<Accounting> ACCOUNTING = new OptionSpec<>("accounting", "one of GAUSSIAN, ZCDP",
      Accounting.GAUSSIAN.name(), "how the step noise is derived from (epsilon, delta): per-step Gaussian "
          + "composition or zCDP", Accounting::parse);
  /** BASELINES.md §2's mode option: only {@code dp} here; the official code's mode is its own mechanism. */
  static final OptionSpec<String> MODE = new OptionSpec<>("mode", "dp", "dp",
      "BASELINES.md's mode; only dp here (the official code's mode is the mechanism dp-dsne-official)", m -> {
        if (!m.trim().equalsIgnoreCase("dp")) {
          throw new IllegalArgumentException("mode must be dp for dp-dsne (mode=official-code is the mechanism"
              + " dp-dsne-official, which aligns on P and claims no privacy). Provided value: " + m);
        }
        return "dp";
      });
  /** Every option of {@code dp-dsne}. */
  static final List<OptionSpec<?>> ALL = List.of(CLIP, ITERATIONS, ACCOUNTING, MODE);

  DpDsneOptions {
    if (!(clip > 0) || !Double.isFinite(clip)) {
      throw new IllegalArgumentException("clip must be > 0 and finite. Provided value: " + clip);
    }
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations must be >= 1. Provided value: " + iterations);
    }
  }

  static DpDsneOptions of(MechanismParams p) {
    MODE.value(p);
    return new DpDsneOptions(CLIP.value(p), ITERATIONS.value(p), ACCOUNTING.value(p));
  }
}
