package io.pmbench.spark;

import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.Sweep;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.broadcast.Broadcast;

/**
 * The executor side: each executor JVM builds a grid's tasks once from the serialised recipe
 * ({@link GridRecipe#tasks}, no command line parsed) and the broadcast data set, and keeps them
 * for every cell of that grid it is given, so per-executor state the tasks share (the protocol runner's gallery index, cached server embeddings) is built
 * once per executor, as on the local engine.
 */
final class Workers {
  /** Tasks by (fingerprint, plan): the values that decide them, equal after deserialisation. */
  private static final Map<List<Object>, Map<CellKey, Sweep.Task>> GRIDS = new ConcurrentHashMap<>();

  private Workers() {}

  /** The task of {@code key} in {@code recipe}'s grid. */
  static Sweep.Task task(GridRecipe recipe, Broadcast<ShippedData> data, CellKey key) {
    Map<CellKey, Sweep.Task> grid = GRIDS.computeIfAbsent(key(recipe), k -> recipe.tasks(data.value().toFeatureSet(),
        MechanismRegistry.discover()).stream().collect(Collectors.toMap(Sweep.Task::key, Function.identity())));
    Sweep.Task t = grid.get(key);
    if (t == null) {
      throw new IllegalStateException("cell " + key.fileName() + " is not in the grid this executor rebuilt for "
          + recipe.plan().name());
    }
    return t;
  }

  /** Drops a finished grid (in local mode the executors live in the driver's JVM). */
  static void forget(GridRecipe recipe) {
    GRIDS.remove(key(recipe));
  }

  private static List<Object> key(GridRecipe recipe) {
    return List.of(recipe.fingerprint(), recipe.plan());
  }
}
