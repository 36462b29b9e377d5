package io.pmbench.experiments.audit;

import io.pmbench.core.random.NoiseSampler;
import java.util.SplittableRandom;

/** What every target takes from the {@link AuditSettings}: the claimed (ε, δ), the sampler and the data shape. */
abstract class SettingsTarget implements AuditTarget {
  final AuditSettings s;

  SettingsTarget(AuditSettings s) {
    this.s = s;
  }

  @Override
  public double claimedEpsilon() {
    return s.epsilon();
  }

  @Override
  public double delta() {
    return s.delta();
  }

  @Override
  public AuditData randomData(SplittableRandom rng) {
    return AuditData.random(s.n(), s.d(), s.c(), rng);
  }

  @Override
  public int maxLabel() {
    return s.c();
  }

  @Override
  public NoiseSampler sampler() {
    return s.sampler();
  }
}
