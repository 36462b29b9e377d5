package io.pmbench.experiments.audit;

import io.pmbench.core.random.NoiseSource;
import java.util.SplittableRandom;

/**
 * Runs a target's noisy release {@code trials} times on each side of one pair and turns the
 * Neyman–Pearson statistic ({@link NoiseKind#statistic}) into an ε lower bound
 * ({@link EpsilonLowerBound}) at the target's δ and 95% confidence.
 */
final class EpsilonAudit {
  static final double CONFIDENCE = 0.95;

  private EpsilonAudit() {}

  static EpsilonLowerBound run(AuditTarget t, NeighbourPair pair, int trials, SplittableRandom rng) {
    double[] fd = t.f(pair.d());
    double[] fp = t.f(pair.dPrime());
    double scale = t.noiseScale(pair.d());
    double claimed = t.claimedSensitivity(pair.d());
    NoiseSource noise = t.noise() == NoiseKind.GAUSSIAN
        ? t.sampler().gaussian(scale, claimed, fd.length * t.releases())
        : t.sampler().laplace(scale, claimed, fd.length * t.releases());
    double[] underD = new double[trials];
    double[] underP = new double[trials];
    for (int i = 0; i < trials; i++) {
      underD[i] = statistic(t, noise, fd, fd, fp, rng);
      underP[i] = statistic(t, noise, fp, fd, fp, rng);
    }
    return EpsilonLowerBound.of(underD, underP, t.delta(), CONFIDENCE);
  }

  /** The statistic summed over the target's releases of {@code mean} + noise. */
  private static double statistic(AuditTarget t, NoiseSource noise, double[] mean, double[] fd, double[] fp,
      SplittableRandom rng) {
    double total = 0;
    double[] x = new double[mean.length];
    for (int r = 0; r < t.releases(); r++) {
      System.arraycopy(mean, 0, x, 0, mean.length);
      noise.addTo(x, rng);
      total += t.noise().statistic(x, fd, fp);
    }
    return total;
  }
}
