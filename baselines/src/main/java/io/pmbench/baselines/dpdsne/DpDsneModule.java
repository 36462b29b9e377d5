package io.pmbench.baselines.dpdsne;

import io.pmbench.core.mechanism.MechanismModule;

/** Registers {@code dp-dsne} and {@code dp-dsne-official} (BASELINES.md §2). */
public final class DpDsneModule extends MechanismModule {
  @Override
  protected void configure() {
    register("dp-dsne", DpDsneMechanism.class);
    register("dp-dsne-official", DpDsneOfficialMechanism.class);
  }
}
