package io.pmbench.benchmarks;

import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.protocol.QueryOutcome;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The whole per-query path of a PrivateMail run, as {@code pmbench run} executes it for each
 * query ({@link ProtocolRunner.QueryPath#query}, the code the runner calls): D = [r; P_r; P] built
 * from the gallery row, the client's release (the kernel of {@link PrivateMailQueryBenchmark}),
 * Umeyama alignment on the public rows, exact k-NN over the server's gallery embedding and the
 * query's outcome. Synthetic data shaped like Fashion-MNIST (d = 784, 10 classes, P = 1,000,
 * dummies on, paper preset at ε = 0.1); the server embedding is built once in the set-up. Each
 * invocation runs the next of the cell's {@value #QUERIES} queries, on one fork-join worker as
 * the runner does. Not timed here: the per-query journal line the CLI appends (2% of the query
 * thread's samples in a JFR profile of a real run, docs/performance/performance.md).
 *
 * <p>The fork has the heap {@code pmbench run} starts with ({@value #RUN_HEAP}), so the set-up
 * builds the server side in the layout a run of this size builds ({@code LaplacianLayout}: not
 * the dense one at 11,000 rows; with a heap of a few GB it is dense, and after that build the
 * client's n × n products ran about twice as slow in the same JVM, issue 37).
 */
@Fork(jvmArgsAppend = {Workload.VECTOR_MODULE, WholeQueryBenchmark.RUN_HEAP})
public class WholeQueryBenchmark extends OneCoreBenchmark {
  /** The maximum heap the {@code pmbench} script gives a grid command before it reads its data. */
  static final String RUN_HEAP = "-Xmx1200m";

  /** Queries of the benchmark's cell, cycled through. */
  static final int QUERIES = 64;

  @Param({"1000"})
  public int nPublic;

  /** Gallery rows (Fashion-MNIST's test split has 10,000; k-NN over k = 2 columns grows with it). */
  @Param({"10000"})
  public int galleryRows;

  private ProtocolRunner.QueryPath path;
  private int next;

  @Setup
  public void setUp() {
    ProtocolRunner runner = new ProtocolRunner(Workload.featureSet(1, 2 * nPublic, galleryRows, 784),
        new ProtocolConfig(nPublic, QUERIES, true, new int[] {1, 2, 4, 8}));
    path = runner.queryPath(new PrivateMailMechanism(), Workload.params(), 1);
  }

  @Benchmark
  public QueryOutcome query() {
    int i = next;
    next = (next + 1) % path.queries();
    return thread.call(() -> path.query(i));
  }
}
