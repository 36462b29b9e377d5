package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.Preconditions;
import io.pmbench.core.random.NoiseSampler;
import java.util.Objects;

/**
 * What one audit runs on: the claimed (ε, δ), a root seed, the number of runs per data set for
 * the ε lower bound, the fidelity preset whose calibration rule and kernels the audited
 * mechanisms use (SPEC.md §8), the noise sampler, and the small data-set shape (n rows of dimension d,
 * the first m private, labels 0..c) with PrivateMail's kernel σ, α and embedding dimension k.
 *
 * @param epsilon claimed ε
 * @param delta claimed δ
 * @param seed root seed
 * @param trials runs per data set (half fit the threshold, half measure the rates)
 * @param preset fidelity preset of every audited mechanism's parameters
 * @param sampler noise sampler
 * @param n rows of D
 * @param privateRows m, the private rows (r and the dummies) before the public set
 * @param d row dimension
 * @param c largest label value
 * @param sigma kernel σ
 * @param alpha label weight α
 * @param k embedding dimension
 */
public record AuditSettings(double epsilon, double delta, long seed, int trials, Preset preset,
    NoiseSampler sampler, int n, int privateRows, int d, int c, double sigma, double alpha, int k) {
  /**
   * Under the secure sampler, a stage one of whose trials draws more noise values than this
   * (releases × coordinates: DP-dSNE's T = 1000 gradient steps × 5 free rows × k = 2; every other
   * stage draws at most n·k = 80) runs at most {@link #SECURE_HEAVY_TRIALS} trials: the exact
   * discrete Gaussian costs about 1.6 µs a draw on this machine, so DP-dSNE's 20,000 trials per
   * side would take ten minutes.
   */
  public static final int SECURE_HEAVY_DRAWS = 1_000;
  /** The trial cap of a heavy stage under the secure sampler (see {@link #SECURE_HEAVY_DRAWS}). */
  public static final int SECURE_HEAVY_TRIALS = 2_000;

  public AuditSettings {
    Preconditions.checkEpsilon(epsilon);
    Preconditions.checkDelta(delta);
    Objects.requireNonNull(preset, "preset");
    Objects.requireNonNull(sampler, "sampler");
    if (trials < 100) {
      throw new IllegalArgumentException("trials must be >= 100. Provided value: " + trials);
    }
    if (privateRows < 1 || n < privateRows + 2 || d < 2 || c < 1 || k < 1 || k > d) {
      throw new IllegalArgumentException("1 <= m <= n - 2, d >= 2, c >= 1 and 1 <= k <= d are required. Provided"
          + " value: n=" + n + ", m=" + privateRows + ", d=" + d + ", c=" + c + ", k=" + k);
    }
  }

  /**
   * The defaults under {@code preset} and its noise sampler ({@link Preset#defaultNoiseSampler()}):
   * ε = 0.1, δ = 1e-5 (Table 2), 20,000 runs, n = 40 rows of which m = 5 private (r
   * and one dummy per other class, SPEC.md §2; n − 1 above DP-dSNE's perplexity 30, so its
   * affinities depend on the data), d = 5, c = 4, σ = 3, α = 0.6, k = 2.
   */
  public static AuditSettings defaults(long seed, Preset preset) {
    return new AuditSettings(0.1, 1e-5, seed, 20_000, preset, preset.defaultNoiseSampler(), 40, 5, 5, 4, 3, 0.6, 2);
  }

  /**
   * The runs per data set for {@code stage}: {@link #trials()}, capped at
   * {@link #SECURE_HEAVY_TRIALS} for a heavy stage under the secure sampler (the bound is then
   * weaker, never invalid: Clopper–Pearson intervals widen with fewer runs).
   */
  public int trialsFor(AuditStage stage) {
    boolean heavy = sampler == NoiseSampler.SECURE
        && (long) stage.releases() * stage.preNoise().length > SECURE_HEAVY_DRAWS;
    return heavy ? Math.min(trials, SECURE_HEAVY_TRIALS) : trials;
  }

  /** A copy with another number of runs. */
  public AuditSettings withTrials(int t) {
    return new AuditSettings(epsilon, delta, seed, t, preset, sampler, n, privateRows, d, c, sigma, alpha, k);
  }

  /** A copy with another noise sampler (overriding the preset's). */
  public AuditSettings withSampler(NoiseSampler v) {
    return new AuditSettings(epsilon, delta, seed, trials, preset, v, n, privateRows, d, c, sigma, alpha, k);
  }

  /** A copy at another claimed (ε, δ). */
  public AuditSettings withPrivacy(double e, double dl) {
    return new AuditSettings(e, dl, seed, trials, preset, sampler, n, privateRows, d, c, sigma, alpha, k);
  }
}
