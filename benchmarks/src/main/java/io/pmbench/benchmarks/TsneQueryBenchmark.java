package io.pmbench.benchmarks;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One query's client release of {@code tsne} (the fast core, {@code ExactTsne}) against its
 * reference {@code tsne-smile} (Smile 3.1.1's exact t-SNE) at D = [r; 9 dummies; 1,000 public
 * rows] = 1,010 rows, d = 784, k = 2, perplexity 30, 1000 iterations, on one core (a one-worker
 * fork-join pool, as the runner runs each query; Smile's parallel loops stay on it). The public
 * distances are computed once in the setup, as the client does per cell. Run both in one
 * invocation: {@code -p mechanism=tsne,tsne-smile}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class TsneQueryBenchmark {
  @Param({"tsne", "tsne-smile"})
  public String mechanism;

  @Param({"1000"})
  public int nPublic;

  private ClientSide client;
  private ClientData data;
  private QueryThread thread;

  @Setup
  public void setUp() {
    int dim = 784;
    MechanismParams p = Workload.params();
    LabelledSet pub = Workload.rows(1, "public", nPublic, dim);
    data = Workload.clientData(pub, Workload.row(Workload.rows(1, "gallery", 1, dim), 0), 0);
    client = MechanismRegistry.discover().get(mechanism).client(new ClientView(pub, Workload.CLASSES, null, 7), p);
    thread = new QueryThread();
  }

  @TearDown
  public void tearDown() {
    thread.close();
  }

  @Benchmark
  public double[] query() {
    return thread.call(() -> client.embed(data, new SplittableRandom(42)).embedding().data());
  }
}
