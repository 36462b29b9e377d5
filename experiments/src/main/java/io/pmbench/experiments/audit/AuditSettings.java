package io.pmbench.experiments.audit;

import io.pmbench.core.privacy.PrivacyChecks;
import io.pmbench.core.random.NoiseSampler;

/**
 * What one audit runs on: the claimed (ε, δ), a root seed, the number of runs per data set for
 * the ε lower bound, the noise sampler, and the small data-set shape (n rows of dimension d,
 * labels 0..c) with PrivateMail's kernel σ, α and embedding dimension k.
 *
 * @param epsilon claimed ε
 * @param delta claimed δ
 * @param seed root seed
 * @param trials runs per data set (half fit the threshold, half measure the rates)
 * @param sampler noise sampler
 * @param n rows
 * @param d row dimension
 * @param c largest label value
 * @param sigma kernel σ
 * @param alpha label weight α
 * @param k embedding dimension
 */
public record AuditSettings(double epsilon, double delta, long seed, int trials, NoiseSampler sampler, int n, int d,
    int c, double sigma, double alpha, int k) {
  public AuditSettings {
    PrivacyChecks.checkEpsilon(epsilon);
    PrivacyChecks.checkDelta(delta);
    if (trials < 100) {
      throw new IllegalArgumentException("trials must be >= 100. Provided value: " + trials);
    }
    if (n < 3 || d < 2 || c < 1 || k < 1) {
      throw new IllegalArgumentException("n >= 3, d >= 2, c >= 1 and k >= 1 are required. Provided value: n=" + n
          + ", d=" + d + ", c=" + c + ", k=" + k);
    }
  }

  /** The defaults: ε = 0.1, δ = 1e-5 (Table 2), 20,000 runs, n = 12, d = 5, c = 4, σ = 3, α = 0.6, k = 2. */
  public static AuditSettings defaults(long seed, NoiseSampler sampler) {
    return new AuditSettings(0.1, 1e-5, seed, 20_000, sampler, 12, 5, 4, 3, 0.6, 2);
  }

  /** A copy with another number of runs. */
  public AuditSettings withTrials(int t) {
    return new AuditSettings(epsilon, delta, seed, t, sampler, n, d, c, sigma, alpha, k);
  }
}
