package io.pmbench.core.kernel;

import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * When the kernel code splits work across threads: only for blocks large enough to amortise the
 * fork-join overhead, and never from inside a fork-join worker — the protocol runner already
 * runs one query per worker, and nested splitting of a query's small blocks only adds overhead
 * (measured in the benchmarks module). Every task writes disjoint outputs with a fixed
 * summation order, so results do not depend on the choice.
 */
final class Parallel {
  private Parallel() {}

  /** A task over index {@code i} with a per-thread scratch buffer. */
  interface Task<S> {
    void run(int i, S scratch);
  }

  /** Whether work of this many multiply-adds should be split across the common pool. */
  static boolean worthSplitting(long work) {
    return work >= GaussianKernel.PARALLEL_WORK && !ForkJoinTask.inForkJoinPool();
  }

  /** Runs {@code task} for i in [0, count), in parallel when {@link #worthSplitting}. */
  static <S> void forEach(int count, long work, Supplier<S> scratch, Task<S> task) {
    if (count > 1 && worthSplitting(work)) {
      ThreadLocal<S> local = ThreadLocal.withInitial(scratch);
      IntStream.range(0, count).parallel().forEach(i -> task.run(i, local.get()));
    } else {
      S s = scratch.get();
      for (int i = 0; i < count; i++) {
        task.run(i, s);
      }
    }
  }
}
