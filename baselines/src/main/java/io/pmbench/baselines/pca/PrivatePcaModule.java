package io.pmbench.baselines.pca;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code private-pca} (BASELINES.md §3). */
public final class PrivatePcaModule extends MechanismModule {
  @Override
  protected void configure() {
    register("private-pca", PrivatePcaMechanism.class);
  }
}
