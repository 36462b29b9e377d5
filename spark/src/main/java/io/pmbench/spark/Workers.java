package io.pmbench.spark;

import io.pmbench.experiments.cli.Replay;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.Sweep;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.broadcast.Broadcast;

/**
 * The executor side: each executor JVM rebuilds a grid's tasks once ({@link Replay}) from the
 * broadcast data set and keeps them for every cell of that grid it is given, so per-executor
 * state the tasks share (the protocol runner's gallery index, cached server embeddings) is built
 * once per executor, as on the local engine.
 */
final class Workers {
  private static final Map<GridRecipe, Map<CellKey, Sweep.Task>> GRIDS = new ConcurrentHashMap<>();

  private Workers() {}

  /** The task of {@code key} in {@code recipe}'s grid. */
  static Sweep.Task task(GridRecipe recipe, Broadcast<ShippedData> data, CellKey key) {
    Map<CellKey, Sweep.Task> grid = GRIDS.computeIfAbsent(recipe, r -> Replay.tasks(r, data.value().toFeatureSet())
        .stream().collect(Collectors.toMap(Sweep.Task::key, Function.identity())));
    Sweep.Task t = grid.get(key);
    if (t == null) {
      throw new IllegalStateException("cell " + key.fileName() + " is not in the grid this executor rebuilt for "
          + recipe.experiment());
    }
    return t;
  }

  /** Drops a finished grid (in local mode the executors live in the driver's JVM). */
  static void forget(GridRecipe recipe) {
    GRIDS.remove(recipe);
  }
}
