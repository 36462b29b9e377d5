package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;

/**
 * Plugin entry point for an {@link Engine} other than the local one, found with
 * {@link java.util.ServiceLoader} through a
 * {@code META-INF/services/io.pmbench.experiments.sweep.EngineProvider} entry.
 */
public interface EngineProvider {
  /** The name {@code --engine} selects it by. */
  String name();

  /**
   * A new engine for one grid.
   *
   * @param master the cluster URL from {@code --master}, or null for the engine's default
   * @param recipe how a worker rebuilds the grid's tasks
   * @param data the loaded data set
   */
  Engine create(String master, GridRecipe recipe, FeatureSet data);
}
