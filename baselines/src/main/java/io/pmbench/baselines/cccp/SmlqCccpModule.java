package io.pmbench.baselines.cccp;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code smlq-cccp} (BASELINES.md §6). */
public final class SmlqCccpModule extends MechanismModule {
  @Override
  protected void configure() {
    register("smlq-cccp", SmlqCccpMechanism.class);
  }
}
