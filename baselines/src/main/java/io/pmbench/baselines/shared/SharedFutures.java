package io.pmbench.baselines.shared;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The waiting side of a computation that one cell runs and the cells of other ε wait for (the
 * baselines' caches of ε-independent per-query work: dp-dsne's affinities, private-pca's eigenbasis).
 */
public final class SharedFutures {
  private SharedFutures() {}

  /**
   * The task's result, after waiting for it; its failure rethrown as it was thrown (a runtime
   * exception or error), or wrapped in an IllegalStateException naming {@code what}.
   *
   * @param what what the task computes, for the messages (e.g. "dp-dsne affinities")
   */
  public static <V> V result(FutureTask<V> task, String what) {
    try {
      return task.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(what + " failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for another cell's " + what, e);
    }
  }
}
