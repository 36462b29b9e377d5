package io.pmbench.experiments.sweep;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Where the missing cells of a grid are computed. {@link Sweep#run(CellStore, List,
 * Sweep.CellComputer, Sweep.Listener)} decides which cells are missing; the engine computes exactly those and hands
 * each finished cell to {@link CellStore#put} in this process (the store is keyed, so a cell that
 * arrives twice, e.g. from a retried task, is still stored once). An engine that cannot finish
 * a cell stores the cells it did finish and throws.
 *
 * <p>{@code local} ({@link LocalEngine}) is built in; others are found by name through
 * {@link EngineProvider} with {@link ServiceLoader}, so this module does not depend on them.
 * {@link Engines} makes one by name; this interface names no implementation.
 */
public interface Engine extends Sweep.CellComputer, AutoCloseable {
  /** The built-in engine's name. */
  String LOCAL = "local";

  /** Computes every task of {@code pending} (none of them is in the store) and stores its cell. */
  @Override
  void compute(CellStore store, List<Sweep.Task> pending, Sweep.Listener listener);

  /** Releases what the engine holds (threads, a cluster connection). */
  @Override
  default void close() {}
}
