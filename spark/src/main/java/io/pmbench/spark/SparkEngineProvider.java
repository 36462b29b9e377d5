package io.pmbench.spark;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.EngineProvider;
import io.pmbench.experiments.sweep.GridRecipe;

/** Registers {@link SparkEngine} as {@code --engine spark}. */
public final class SparkEngineProvider implements EngineProvider {
  @Override
  public String name() {
    return "spark";
  }

  @Override
  public Engine create(String master, GridRecipe recipe, FeatureSet data) {
    return new SparkEngine(master, recipe, data);
  }
}
