package io.pmbench.baselines.v1;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code privatemail-v1} (BASELINES.md §6). */
public final class PrivateMailV1Module extends MechanismModule {
  @Override
  protected void configure() {
    register("privatemail-v1", PrivateMailV1Mechanism.class);
  }
}
