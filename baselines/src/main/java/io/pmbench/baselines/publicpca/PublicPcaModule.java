package io.pmbench.baselines.publicpca;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code public-pca} (SPEC.md §7). */
public final class PublicPcaModule extends MechanismModule {
  @Override
  protected void configure() {
    register("public-pca", PublicPcaMechanism.class);
  }
}
