package io.pmbench.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The built-in {@link Engine}: computes cells on {@code parallel} worker threads of this process
 * and stores each the moment it finishes. If a cell throws, the cells still running finish and
 * are stored, no new cell starts, and the exception is rethrown.
 *
 * <p>Within a cell the queries already run in parallel on the common fork-join pool; the
 * worker threads here add parallelism across cells (useful while one cell builds a server
 * embedding: cells needing another server embedding proceed meanwhile).
 */
public final class LocalEngine implements Engine {
  private final int parallel;

  /**
   * @param parallel cells computed at once
   * @throws IllegalArgumentException if {@code parallel < 1}
   */
  public LocalEngine(int parallel) {
    if (parallel < 1) {
      throw new IllegalArgumentException("--parallel must be >= 1. Provided value: " + parallel);
    }
    this.parallel = parallel;
  }

  @Override
  public void compute(CellStore store, List<Sweep.Task> pending, Sweep.Listener listener) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, pending.size()), DaemonThreads.named("pmbench-cell-"));
    List<Future<?>> futures = new ArrayList<>();
    AtomicBoolean failed = new AtomicBoolean();
    for (Sweep.Task t : pending) {
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
        Sweep.store(store, t.key(), r, listener);
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
      } catch (CancellationException e) {
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
}
