package io.pmbench.benchmarks;

import org.openjdk.jmh.annotations.TearDown;

/**
 * A benchmark whose timed work runs as the protocol runner runs a query: on a {@link QueryThread}
 * (one fork-join worker, one core), started with the state and closed after the trial.
 */
public abstract class OneCoreBenchmark extends BenchmarkDefaults {
  /** Where the timed work runs. */
  protected final QueryThread thread = new QueryThread();

  @TearDown
  public void closeThread() {
    thread.close();
  }
}
