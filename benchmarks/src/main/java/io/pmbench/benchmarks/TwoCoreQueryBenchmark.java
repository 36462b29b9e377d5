package io.pmbench.benchmarks;

import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
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
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class TwoCoreQueryBenchmark {
  /** Queries per operation: enough that both workers stay busy while the last ones finish. */
  static final int QUERIES = 8;

  private ClientSide client;
  private ClientData data;
  private ForkJoinPool pool;

  @Setup
  public void setUp() {
    int dim = 784;
    int nPublic = 1000;
    MechanismParams p = Workload.params();
    LabelledSet pub = Workload.rows(1, "public", nPublic, dim);
    data = Workload.clientData(pub, Workload.row(Workload.rows(1, "gallery", 1, dim), 0), 0);
    Embedding serverPublic = new Embedding(Workload.gaussian(1, "server-public", nPublic * p.k()), nPublic, p.k());
    client = new PrivateMailMechanism().client(new ClientView(pub, Workload.CLASSES, serverPublic, 7), p);
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
