package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;
import java.util.SplittableRandom;

/**
 * Runs a stage's noisy release — the mechanism's own code, {@link AuditStage#release()} —
 * {@code trials} times on each side of one pair and turns the Neyman–Pearson statistic
 * ({@link NoiseKind#statistic}, summed over the stage's releases) into an ε lower bound
 * ({@link EpsilonLowerBound}) at the stage's δ and 95% confidence.
 */
final class EpsilonAudit {
  static final double CONFIDENCE = 0.95;

  private EpsilonAudit() {}

  static EpsilonLowerBound run(AuditTarget t, NeighbourPair pair, int trials, SplittableRandom rng) {
    AuditStage sd = t.stage(pair.d());
    AuditStage sp = t.stage(pair.dPrime());
    double[] fd = sd.preNoise();
    double[] fp = sp.preNoise();
    NoiseKind kind = NoiseKind.of(sd.norm());
    double[] underD = new double[trials];
    double[] underP = new double[trials];
    for (int i = 0; i < trials; i++) {
      underD[i] = statistic(sd, kind, fd, fp, rng);
      underP[i] = statistic(sp, kind, fd, fp, rng);
    }
    return EpsilonLowerBound.of(underD, underP, sd.delta(), CONFIDENCE);
  }

  /** The statistic summed over the stage's releases. */
  private static double statistic(AuditStage stage, NoiseKind kind, double[] fd, double[] fp, SplittableRandom rng) {
    double total = 0;
    for (int r = 0; r < stage.releases(); r++) {
      total += kind.statistic(stage.release().draw(rng), fd, fp);
    }
    return total;
  }
}
