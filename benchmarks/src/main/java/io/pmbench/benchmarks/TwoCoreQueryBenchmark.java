package io.pmbench.benchmarks;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Independent PrivateMail queries on both cores, as the protocol runner runs them: one operation
 * is {@value #QUERIES} queries (the workload of {@link PrivateMailQueryBenchmark}, P = 1,000,
 * d = 784, dummies on, k = 2, T = 5, each with its own seed) on a fork-join pool of one worker
 * per processor. The score divided by {@value #QUERIES} is the wall time per query when the
 * machine's cores all work — the figure to set against the official code, whose NumPy products
 * use every core for one query.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class TwoCoreQueryBenchmark extends BenchmarkDefaults {
  /** Queries per operation: enough that both workers stay busy while the last ones finish. */
  static final int QUERIES = 8;

  private ClientSide client;
  private ClientData data;
  private ForkJoinPool pool;

  @Setup
  public void setUp() {
    LabelledSet pub = Workload.publicSet(1000, 784);
    data = Workload.query(pub);
    client = Workload.privateMailClient(pub, Workload.params());
    pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors());
  }

  @TearDown
  public void tearDown() {
    pool.shutdown();
  }

  @Benchmark
  public ClientRelease[] queries() {
    ClientRelease[] out = new ClientRelease[QUERIES];
    pool.submit(() -> ForkJoinTask.invokeAll(java.util.stream.IntStream.range(0, QUERIES)
        .mapToObj(i -> ForkJoinTask.adapt(() -> out[i] = client.embed(data, new SplittableRandom(42 + i))))
        .toList())).join();
    return out;
  }
}
