package io.pmbench.experiments.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Runs a grid of cells against a {@link CellStore}: cells already in the store are reused (never
 * recomputed, never counted twice) unless another revision of their mechanism made them
 * ({@link #finished}), the others run on {@code parallel} worker threads and each
 * is written to the store the moment it finishes. Because a cell's numbers are a pure function
 * of (configuration, key) — every random draw derives from the seed and the cell's own names,
 * never from another cell or the thread schedule — the result is the same whatever the order
 * or parallelism, and an interrupted run resumed with the same command ends with the same
 * numbers as an uninterrupted one.
 *
 * <p>Where the missing cells are computed is the {@link CellComputer}'s business (an {@link
 * Engine}: {@link LocalEngine} runs them on threads of this process; other engines, the optional
 * Spark module's, are found by name through {@link EngineProvider}); this class names none.
 */
public final class Sweep {
  private Sweep() {}

  /** Told about progress (queries, from any thread) and about each cell as it is settled. */
  public interface Listener extends IntConsumer {
    /** A cell finished ({@code computed}) or was found in the store. */
    void cellFinished(CellRecord cell, boolean computed);
  }

  /**
   * One cell of a grid.
   *
   * @param key the cell
   * @param queries queries the cell will run (for the progress bar)
   * @param compute computes the cell; receives a progress sink (1 per finished query)
   * @param revision the revision of the cell's mechanism ({@code EmbeddingMechanism#revision})
   * @param paramsDigest {@link CellRecord#paramsDigest} of the parameters the task runs with; a
   *     stored cell made with other parameters is stale. Empty when the task cannot say (tests,
   *     cells that record no parameters).
   * @param recheck recomputes the first queries of the task's stored cell ({@link #recheck}); empty
   *     when the task cannot
   */
  public record Task(CellKey key, long queries, Function<IntConsumer, CellRecord> compute, int revision,
      Optional<String> paramsDigest, Optional<Recheck> recheck) {
    /** A task that cannot recheck a stored cell. */
    public Task(CellKey key, long queries, Function<IntConsumer, CellRecord> compute, int revision,
        Optional<String> paramsDigest) {
      this(key, queries, compute, revision, paramsDigest, Optional.empty());
    }

    /** A task of a mechanism at revision 1 that does not state its parameters. */
    public Task(CellKey key, long queries, Function<IntConsumer, CellRecord> compute) {
      this(key, queries, compute, 1, Optional.empty());
    }

    /** A task of a mechanism at {@code revision} that does not state its parameters. */
    public Task(CellKey key, long queries, Function<IntConsumer, CellRecord> compute, int revision) {
      this(key, queries, compute, revision, Optional.empty());
    }

    /** Why {@code stored}, this task's key in the store, cannot be reused; empty when it can. */
    Optional<String> staleness(CellRecord stored) {
      if (stored.revision() != revision) {
        return Optional.of("made by its revision " + stored.revision() + ", not the current " + revision);
      }
      if (paramsDigest.isPresent() && !paramsDigest.get().equals(stored.paramsDigest())) {
        return Optional.of("made with other parameters than this run asks for");
      }
      return Optional.empty();
    }
  }

  /**
   * Recomputes the first queries of a stored cell with the code that runs now, as the cell's task
   * would compute them, and compares them with the stored ones.
   */
  @FunctionalInterface
  public interface Recheck {
    /**
     * Empty when the first {@code queries} queries of {@code stored} (an {@link CellRecord#ok} cell
     * of the task's key) are what this code computes: the same gallery rows, hits at every K and,
     * where the cell keeps them, nearest neighbours; else the first difference, in words.
     */
    Optional<String> differences(CellRecord stored, int queries);
  }

  /**
   * A stored cell whose first queries this code computes differently.
   *
   * @param cell the stored cell
   * @param difference the first difference, in words
   */
  public record Mismatch(CellRecord cell, String difference) {}

  /**
   * Rechecks the stored, finished cells of {@code tasks} ({@link Recheck}): the first
   * {@code queries} queries of each {@link CellRecord#ok} one whose task can recheck, {@code parallel}
   * cells at once (as many as the run computes at once), {@code progress} told of each cell as it is
   * done (from any of those threads). Cells that did not run (refused, failed) and tasks that cannot
   * recheck are skipped.
   *
   * @return the cells that differ, in task order
   */
  public static List<Mismatch> recheck(CellStore store, List<Task> tasks, int queries, int parallel,
      Consumer<CellRecord> progress) {
    if (queries < 1) {
      throw new IllegalArgumentException("--recheck must be at least 1. Provided value: " + queries);
    }
    List<Task> todo = new ArrayList<>();
    List<CellRecord> cells = new ArrayList<>();
    for (Task t : tasks) {
      Optional<CellRecord> done = finished(store, t);
      if (done.isPresent() && done.get().ok() && t.recheck().isPresent()) {
        todo.add(t);
        cells.add(done.get());
      }
    }
    if (todo.isEmpty()) {
      return List.of();
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, todo.size())),
        DaemonThreads.named("pmbench-recheck-"));
    try {
      List<Future<Optional<String>>> futures = new ArrayList<>();
      for (int i = 0; i < todo.size(); i++) {
        Task t = todo.get(i);
        CellRecord cell = cells.get(i);
        futures.add(pool.submit(() -> {
          Optional<String> d = t.recheck().get().differences(cell, queries);
          progress.accept(cell);
          return d;
        }));
      }
      List<Mismatch> out = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        CellRecord cell = cells.get(i);
        futures.get(i).get().ifPresent(d -> out.add(new Mismatch(cell, d)));
      }
      return out;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while rechecking cells", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The stored cells of {@code tasks} that {@link #recheck} would recompute queries of. */
  public static long recheckable(CellStore store, List<Task> tasks) {
    return recheckableKeys(store, tasks).size();
  }

  /** The keys of the cells {@link #recheckable} counts. */
  public static java.util.Set<CellKey> recheckableKeys(CellStore store, List<Task> tasks) {
    return tasks.stream().filter(t -> t.recheck().isPresent())
        .filter(t -> finished(store, t).filter(CellRecord::ok).isPresent()).map(Task::key)
        .collect(java.util.stream.Collectors.toSet());
  }

  /**
   * The stored cell of {@code t} when it is finished: stored, computed by the task's mechanism
   * revision and with the task's parameters. Any other stored cell is stale: the task recomputes
   * and replaces it.
   */
  public static Optional<CellRecord> finished(CellStore store, Task t) {
    return store.get(t.key()).filter(c -> t.staleness(c).isEmpty());
  }

  /**
   * A stored cell that its task will recompute, and why.
   *
   * @param cell the stored cell
   * @param reason what differs: the mechanism revision or the parameters
   */
  public record Stale(CellRecord cell, String reason) {}

  /** The stored cells of {@code tasks} that are stale (to be recomputed). */
  public static List<Stale> stale(CellStore store, List<Task> tasks) {
    List<Stale> out = new ArrayList<>();
    for (Task t : tasks) {
      store.get(t.key()).ifPresent(c -> t.staleness(c).ifPresent(why -> out.add(new Stale(c, why))));
    }
    return out;
  }

  /**
   * The settled grid.
   *
   * @param cells every task's cell, in task order
   * @param computed cells computed by this call
   * @param reused cells found in the store
   */
  public record Outcome(List<CellRecord> cells, int computed, int reused) {}

  /** Queries of the tasks not yet in the store. */
  public static long pendingQueries(CellStore store, List<Task> tasks) {
    return tasks.stream().filter(t -> finished(store, t).isEmpty()).mapToLong(Task::queries).sum();
  }

  /**
   * Computes the missing cells of a grid and stores each as it finishes: an {@link Engine}. Declared
   * here so that the sweep decides what is missing without knowing any engine.
   */
  @FunctionalInterface
  public interface CellComputer {
    /** Computes every task of {@code pending} (none of them is in the store) and stores its cell. */
    void compute(CellStore store, List<Task> pending, Listener listener);
  }

  /**
   * Settles every task: reuses stored cells and has {@code engine} compute the rest. Which
   * cells are reused is decided here, from the store alone, so a run resumed on another engine
   * recomputes nothing that either engine finished.
   *
   * @throws IllegalArgumentException if two tasks share a key
   */
  public static Outcome run(CellStore store, List<Task> tasks, CellComputer engine, Listener listener) {
    Set<CellKey> seen = new HashSet<>();
    List<Task> pending = new ArrayList<>();
    int reused = 0;
    for (Task t : tasks) {
      if (!seen.add(t.key())) {
        throw new IllegalArgumentException("grid cells must be distinct. Provided value: " + t.key().fileName()
            + " twice");
      }
      Optional<CellRecord> done = finished(store, t);
      if (done.isPresent()) {
        reused++;
        listener.cellFinished(done.get(), false);
      } else {
        pending.add(t);
      }
    }
    if (!pending.isEmpty()) {
      engine.compute(store, pending, listener);
    }
    List<CellRecord> out = new ArrayList<>();
    for (Task t : tasks) {
      out.add(store.get(t.key()).orElseThrow());
    }
    return new Outcome(out, pending.size(), reused);
  }

  /**
   * Stores a cell an engine computed for {@code expected} and tells the listener.
   *
   * @throws IllegalStateException if the cell came back under another key
   */
  public static void store(CellStore store, CellKey expected, CellRecord cell, Listener listener) {
    if (!cell.key().equals(expected)) {
      throw new IllegalStateException("cell computed for " + expected.fileName() + " came back as "
          + cell.key().fileName());
    }
    store.put(cell);
    listener.cellFinished(cell, true);
  }
}
