package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code tsne} (BASELINES.md §1). */
public final class TsneModule extends MechanismModule {
  @Override
  protected void configure() {
    register("tsne", TsneMechanism.class);
  }
}
