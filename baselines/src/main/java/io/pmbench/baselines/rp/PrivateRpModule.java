package io.pmbench.baselines.rp;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code private-rp} (BASELINES.md §4). */
public final class PrivateRpModule extends MechanismModule {
  @Override
  protected void configure() {
    register("private-rp", PrivateRpMechanism.class);
  }
}
