package io.pmbench.benchmarks;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs work the way the protocol runner runs a query: inside a fork-join worker, where pmbench's
 * kernel code keeps to one thread (the runner spends the cores on independent queries). A
 * one-worker pool, so a benchmark measures one query on one core — the same as the dense
 * reference, which is single-threaded. Hand-off costs microseconds; the timed work takes
 * milliseconds.
 */
public final class QueryThread implements AutoCloseable {
  private final ForkJoinPool pool = new ForkJoinPool(1);

  /** The value of {@code work}, computed on the worker. */
  public <T> T call(Supplier<T> work) {
    return pool.submit(work::get).join();
  }

  @Override
  public void close() {
    pool.shutdown();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
