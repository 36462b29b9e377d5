package io.pmbench.experiments.audit;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.NoiseSampler;
import java.util.SplittableRandom;

/**
 * {@code dp-dsne} (BASELINES.md §2): T noisy gradient steps, each the client's m free rows of the
 * t-SNE gradient clipped to ℓ2 norm C = 1 plus N(0, s²), with per-step Δ = 2C·√(m+1) and
 * s = Calibrate(Δ·√T) at (ε, δ). The audited f is the clipped gradient itself: a data set's rows
 * stand for the m + 1 clipped gradient rows (rows are unit norm, so each is exactly at the clip),
 * and the same f is released T times (a non-adaptive attacker, which the adaptive composition
 * covers). A neighbour may change every row, so the search's pairs are full sign flips.
 */
final class ClippedGradientTarget extends SettingsTarget {
  private final NoiseCalibration calibration;
  private final int steps;

  ClippedGradientTarget(AuditSettings s, NoiseCalibration calibration, int steps) {
    super(s);
    this.calibration = calibration;
    this.steps = steps;
  }

  @Override
  public String mechanism() {
    return "dp-dsne";
  }

  @Override
  public String calibration() {
    return calibration.name();
  }

  @Override
  public NoiseKind noise() {
    return NoiseKind.GAUSSIAN;
  }

  @Override
  public double[] f(AuditData data) {
    double[] out = new double[data.n() * data.d()];
    for (int i = 0; i < data.n(); i++) {
      double[] row = data.row(i);
      double norm = Math.sqrt(java.util.Arrays.stream(row).map(v -> v * v).sum());
      double clip = 1 / Math.max(1, norm);
      for (int j = 0; j < row.length; j++) {
        out[i * data.d() + j] = row[j] * clip;
      }
    }
    return out;
  }

  /** 2C·√(m+1) with m + 1 = the data set's rows (the larger neighbour). */
  @Override
  public double claimedSensitivity(AuditData data) {
    return 2 * Math.sqrt(data.n());
  }

  @Override
  public double noiseScale(AuditData data) {
    return calibration.sigma(claimedSensitivity(data) * Math.sqrt(steps), s.epsilon(), s.delta());
  }

  @Override
  public int releases() {
    return steps;
  }

  /** Every gradient row flipped: the change the clipping bound 2C·√(m+1) is tight for. */
  @Override
  public java.util.List<NeighbourPair> extraPairs(AuditData data) {
    double[] flipped = data.rows().clone();
    for (int i = 0; i < flipped.length; i++) {
      flipped[i] = -flipped[i];
    }
    return java.util.List.of(new NeighbourPair(data, new AuditData(flipped, data.labels(), data.d()),
        "every clipped row flipped"));
  }

  @Override
  public AuditData randomData(SplittableRandom rng) {
    return AuditData.random(2, s.k(), s.c(), rng);
  }

  @Override
  public String note() {
    return "clipped-gradient steps (m = 1 free row, k-dim), T = " + steps + " releases of a fixed gradient pair;"
        + " the t-SNE gradient itself is not recomputed";
  }
}
