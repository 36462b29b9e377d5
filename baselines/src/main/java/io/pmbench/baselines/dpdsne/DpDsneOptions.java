package io.pmbench.baselines.dpdsne;

import io.pmbench.core.mechanism.MechanismParams;

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
  static final String CLIP = "clip";
  static final String ITERATIONS = "iterations";
  static final String ACCOUNTING = "accounting";
  /** BASELINES.md §2's mode option: only {@code dp} here; the official code's mode is its own mechanism. */
  static final String MODE = "mode";

  DpDsneOptions {
    if (!(clip > 0) || !Double.isFinite(clip)) {
      throw new IllegalArgumentException("clip must be > 0 and finite. Provided value: " + clip);
    }
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations must be >= 1. Provided value: " + iterations);
    }
  }

  static DpDsneOptions of(MechanismParams p) {
    p.option(MODE).filter(m -> !m.trim().equalsIgnoreCase("dp")).ifPresent(m -> {
      throw new IllegalArgumentException("mode must be dp for dp-dsne (mode=official-code is the mechanism"
          + " dp-dsne-official, which aligns on P and claims no privacy). Provided value: " + m);
    });
    return new DpDsneOptions(positiveDouble(p, CLIP, 1.0), iterations(p),
        Accounting.parse(p.option(ACCOUNTING).orElse(Accounting.GAUSSIAN.name())));
  }

  /** The {@code iterations} option (default 1000), an integer ≥ 1. */
  static int iterations(MechanismParams p) {
    String v = p.option(ITERATIONS).orElse("1000");
    int t;
    try {
      t = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("iterations must be an integer >= 1. Provided value: " + v, e);
    }
    if (t < 1) {
      throw new IllegalArgumentException("iterations must be an integer >= 1. Provided value: " + v);
    }
    return t;
  }

  /** A finite option value > 0 (or the default). */
  static double positiveDouble(MechanismParams p, String key, double fallback) {
    String v = p.option(key).orElse(Double.toString(fallback));
    double x;
    try {
      x = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number > 0. Provided value: " + v, e);
    }
    if (!(x > 0) || !Double.isFinite(x)) {
      throw new IllegalArgumentException(key + " must be > 0 and finite. Provided value: " + v);
    }
    return x;
  }
}
