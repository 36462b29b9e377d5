package io.pmbench.baselines.simhash;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code simhash-rr} (BASELINES.md §9). */
public final class SimhashRrModule extends MechanismModule {
  @Override
  protected void configure() {
    register("simhash-rr", SimhashRrMechanism.class);
  }
}
