package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code tsne} (BASELINES.md §1) and its reference {@code tsne-smile}. */
public final class TsneModule extends MechanismModule {
  @Override
  protected void configure() {
    register("tsne", TsneMechanism.class);
    register("tsne-smile", TsneSmileMechanism.class);
  }
}
