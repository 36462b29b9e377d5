package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Where the missing cells of a grid are computed. {@link Sweep#run(CellStore, List, Engine,
 * Sweep.Listener)} decides which cells are missing; the engine computes exactly those and hands
 * each finished cell to {@link CellStore#put} in this process (the store is keyed, so a cell that
 * arrives twice, e.g. from a retried task, is still stored once). An engine that cannot finish
 * a cell stores the cells it did finish and throws.
 *
 * <p>{@code local} ({@link LocalEngine}) is built in; others are found by name through
 * {@link EngineProvider} with {@link ServiceLoader}, so this module does not depend on them.
 */
public interface Engine extends AutoCloseable {
  /** The built-in engine's name. */
  String LOCAL = "local";

  /** Computes every task of {@code pending} (none of them is in the store) and stores its cell. */
  void compute(CellStore store, List<Sweep.Task> pending, Sweep.Listener listener);

  /** Releases what the engine holds (threads, a cluster connection). */
  @Override
  default void close() {}

  /**
   * The engine called {@code name}.
   *
   * @param name {@code local} or the name of an {@link EngineProvider} on the class path
   * @param master where a distributed engine runs (its cluster URL), or null for its default
   * @param parallel cells at once for the local engine
   * @param recipe how another process rebuilds the grid's tasks
   * @param data the loaded data set (a distributed engine ships it to its workers)
   * @throws IllegalArgumentException for an unknown engine, or a master given to the local one
   */
  static Engine named(String name, String master, int parallel, GridRecipe recipe, FeatureSet data) {
    return requireAvailable(name, master).map(p -> p.create(master, recipe, data))
        .orElseGet(() -> new LocalEngine(parallel));
  }

  /**
   * Checks {@code --engine}/{@code --master} before anything is loaded or written.
   *
   * @return the provider of {@code name}, or empty for the local engine
   * @throws IllegalArgumentException for an unknown engine, or a master given to the local one
   */
  static Optional<EngineProvider> requireAvailable(String name, String master) {
    if (name.equals(LOCAL)) {
      if (master != null) {
        throw new IllegalArgumentException("--master is only read by a distributed --engine (e.g. spark), not by "
            + LOCAL + ". Provided value: " + master);
      }
      return Optional.empty();
    }
    for (EngineProvider p : ServiceLoader.load(EngineProvider.class)) {
      if (p.name().equals(name)) {
        return Optional.of(p);
      }
    }
    throw new IllegalArgumentException("--engine must be " + LOCAL + " or an engine on the class path (spark comes "
        + "with the pmbench-spark jar: build it with mvn -Pspark package and start it with spark-submit, see docs/usage.md). "
        + "Provided value: " + name);
  }
}
