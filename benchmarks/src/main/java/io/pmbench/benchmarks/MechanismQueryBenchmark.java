package io.pmbench.benchmarks;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.retrieval.GalleryIndex;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Per-query cost of every registered mechanism (core and baselines): the client's release of
 * D = [r; P_r; P] (P = 1,000, d = 784, dummies on, paper preset, ε = 0.1), alignment and the 8
 * nearest of a 2,000-row gallery, on one core. The server side is built once in the setup, as the
 * runner caches it. {@link Report} passes every name in the registry; the default list is the
 * core mechanisms.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class MechanismQueryBenchmark {
  @Param({"features", "smlq", "privatemail", "label-only", "random"})
  public String mechanism;

  private EmbeddingMechanism m;
  private ServerSide server;
  private ClientSide client;
  private ClientData data;
  private GalleryIndex index;
  private QueryThread thread;

  @Setup
  public void setUp() {
    int dim = 784;
    MechanismParams p = Workload.params();
    FeatureSet fs = Workload.featureSet(1, 1000, 2000, dim);
    LabelledSet pub = fs.train();
    m = MechanismRegistry.discover().get(mechanism);
    m.validate(p);
    server = m.server(new ServerView(fs.test(), pub, Workload.CLASSES, 7), p);
    client = m.client(new ClientView(pub, Workload.CLASSES, server.publicRows(), 7), p);
    data = Workload.clientData(pub, Workload.row(fs.test(), 0), fs.test().labels()[0]);
    Embedding g = server.gallery();
    index = ExactIndex.of(g.data(), g.rows(), g.dim());
    thread = new QueryThread();
  }

  @TearDown
  public void tearDown() {
    thread.close();
  }

  @Benchmark
  public int[] query() {
    return thread.call(() -> {
      ClientRelease rel = client.embed(data, new SplittableRandom(42));
      return Queries.nearest(rel, Queries.point(m, rel, data, server), server, index);
    });
  }
}
