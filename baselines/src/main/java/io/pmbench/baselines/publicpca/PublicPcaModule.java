package io.pmbench.baselines.publicpca;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code public-pca} (SPEC.md §7) and {@code public-pca-tuned}, the same release at the dims chosen on P. */
public final class PublicPcaModule extends MechanismModule {
  @Override
  protected void configure() {
    register("public-pca", PublicPcaMechanism.class);
    register("public-pca-tuned", PublicPcaTunedMechanism.class);
  }
}
