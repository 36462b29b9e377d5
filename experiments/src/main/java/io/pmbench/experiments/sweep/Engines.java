package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Makes the {@link Engine} a run asks for by name: {@value Engine#LOCAL} ({@link LocalEngine}) or
 * one an {@link EngineProvider} on the class path offers. The factory lives here, not in {@link
 * Engine}, so that the interface knows none of its implementations.
 */
public final class Engines {
  private Engines() {}

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
  public static Engine named(String name, String master, int parallel, GridRecipe recipe, FeatureSet data) {
    return requireAvailable(name, master).map(p -> p.create(master, recipe, data))
        .orElseGet(() -> new LocalEngine(parallel));
  }

  /**
   * Checks {@code --engine}/{@code --master} before anything is loaded or written.
   *
   * @return the provider of {@code name}, or empty for the local engine
   * @throws IllegalArgumentException for an unknown engine, or a master given to the local one
   */
  public static Optional<EngineProvider> requireAvailable(String name, String master) {
    if (name.equals(Engine.LOCAL)) {
      if (master != null) {
        throw new IllegalArgumentException("--master is only read by a distributed --engine (e.g. spark), not by "
            + Engine.LOCAL + ". Provided value: " + master);
      }
      return Optional.empty();
    }
    for (EngineProvider p : ServiceLoader.load(EngineProvider.class)) {
      if (p.name().equals(name)) {
        return Optional.of(p);
      }
    }
    throw new IllegalArgumentException("--engine must be " + Engine.LOCAL + " or an engine on the class path (spark "
        + "comes with the pmbench-spark jar: build it with mvn -Pspark package and start it with spark-submit, see "
        + "docs/usage.md). Provided value: " + name);
  }
}
