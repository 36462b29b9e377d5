package io.pmbench.experiments.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Runs a grid of cells against a {@link CellStore}: cells already in the store are reused (never
 * recomputed, never counted twice), the others run on {@code parallel} worker threads and each
 * is written to the store the moment it finishes. Because a cell's numbers are a pure function
 * of (configuration, key) — every random draw derives from the seed and the cell's own names,
 * never from another cell or the thread schedule — the result is the same whatever the order
 * or parallelism, and an interrupted run resumed with the same command ends with the same
 * numbers as an uninterrupted one.
 *
 * <p>Within a cell the queries already run in parallel on the common fork-join pool; the
 * worker threads here add parallelism across cells (useful while one cell builds a server
 * embedding, which the protocol runner does one at a time).
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
   */
  public record Task(CellKey key, long queries, Function<IntConsumer, CellRecord> compute) {}

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
    return tasks.stream().filter(t -> store.get(t.key()).isEmpty()).mapToLong(Task::queries).sum();
  }

  /**
   * Settles every task: reuses stored cells, computes the rest on {@code parallel} threads.
   * If a cell throws, the cells still running finish and are stored, no new cell starts, and the
   * exception is rethrown.
   *
   * @throws IllegalArgumentException if two tasks share a key
   */
  public static Outcome run(CellStore store, List<Task> tasks, int parallel, Listener listener) {
    if (parallel < 1) {
      throw new IllegalArgumentException("--parallel must be >= 1. Provided value: " + parallel);
    }
    Set<CellKey> seen = new HashSet<>();
    List<Task> pending = new ArrayList<>();
    int reused = 0;
    for (Task t : tasks) {
      if (!seen.add(t.key())) {
        throw new IllegalArgumentException("grid cells must be distinct. Provided value: " + t.key().fileName()
            + " twice");
      }
      if (store.get(t.key()).isPresent()) {
        reused++;
        listener.cellFinished(store.get(t.key()).orElseThrow(), false);
      } else {
        pending.add(t);
      }
    }
    if (!pending.isEmpty()) {
      runPending(store, pending, parallel, listener);
    }
    List<CellRecord> out = new ArrayList<>();
    for (Task t : tasks) {
      out.add(store.get(t.key()).orElseThrow());
    }
    return new Outcome(out, pending.size(), reused);
  }

  private static void runPending(CellStore store, List<Task> pending, int parallel, Listener listener) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, pending.size()), threads());
    List<Future<?>> futures = new ArrayList<>();
    AtomicBoolean failed = new AtomicBoolean();
    for (Task t : pending) {
      futures.add(pool.submit(() -> {
        if (failed.get()) {
          return; // an earlier cell failed: start nothing new
        }
        CellRecord r;
        try {
          r = t.compute().apply(listener);
        } catch (RuntimeException | Error e) {
          failed.set(true);
          throw e;
        }
        if (!r.key().equals(t.key())) {
          throw new IllegalStateException("cell computed for " + t.key().fileName() + " came back as "
              + r.key().fileName());
        }
        store.put(r);
        listener.cellFinished(r, true);
      }));
    }
    pool.shutdown();
    RuntimeException failure = null;
    for (Future<?> f : futures) {
      try {
        f.get();
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
          futures.forEach(other -> other.cancel(false)); // queued cells do not start; running ones finish
        }
      } catch (java.util.concurrent.CancellationException e) {
        // cancelled after an earlier failure
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        pool.shutdownNow();
        throw new IllegalStateException("interrupted while running cells", e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static ThreadFactory threads() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "pmbench-cell-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
