package io.pmbench.benchmarks;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.MechanismRegistry;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One query's client release of {@code tsne} (the fast core, {@code ExactTsne}) against its
 * reference {@code tsne-smile} (Smile 3.1.1's exact t-SNE) at D = [r; 9 dummies; 1,000 public
 * rows] = 1,010 rows, d = 784, k = 2, perplexity 30, 1000 iterations, on one core (a one-worker
 * fork-join pool, as the runner runs each query; Smile's parallel loops stay on it). The public
 * distances are computed once in the setup, as the client does per cell. Run both in one
 * invocation: {@code -p mechanism=tsne,tsne-smile}. The fork has the vector module, as the
 * {@code pmbench} launcher does, so that the t-SNE pass runs its fused rows ({@code VectorRow2}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class TsneQueryBenchmark extends OneCoreBenchmark {
  @Param({"tsne", "tsne-smile"})
  public String mechanism;

  @Param({"1000"})
  public int nPublic;

  private ClientSide client;
  private ClientData data;

  @Setup
  public void setUp() {
    LabelledSet pub = Workload.publicSet(nPublic, 784);
    data = Workload.query(pub);
    client = MechanismRegistry.discover().get(mechanism).client(Workload.clientView(pub, null), Workload.params());
  }

  @Benchmark
  public double[] query() {
    return thread.call(() -> client.embed(data, new SplittableRandom(42)).embedding().data());
  }
}
