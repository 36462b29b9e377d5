package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.MechanismModule;

/**
 * Registers the mechanisms that ship with core: features, smlq, privatemail, label-only,
 * shuffled-labels, random.
 */
public final class CoreMechanismsModule extends MechanismModule {
  @Override
  protected void configure() {
    register("features", FeaturesMechanism.class);
    register("smlq", SmlqMechanism.class);
    register("privatemail", PrivateMailMechanism.class);
    register("label-only", LabelOnlyMechanism.class);
    register("shuffled-labels", ShuffledLabelsMechanism.class);
    register("random", RandomMechanism.class);
  }
}
