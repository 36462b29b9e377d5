package io.pmbench.benchmarks;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.retrieval.ExactIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Per-query cost of every registered mechanism (core and baselines): the client's release of
 * D = [r; P_r; P] (P = 1,000, d = 784, dummies on, paper preset, ε = 0.1; {@code dummies} and
 * {@code dim} change the shape, e.g. {@code -p dummies=100 -p dim=512} for CIFAR-100's), alignment and the 8
 * nearest of a 2,000-row gallery, on one core. The server side is built once in the setup, as the
 * runner caches it. {@link Report} passes every name in the registry; the default list is the
 * core mechanisms.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class MechanismQueryBenchmark extends OneCoreBenchmark {
  @Param({"features", "smlq", "privatemail", "label-only", "random"})
  public String mechanism;

  /** Dummies in D: 9 as on Fashion-MNIST (one per other class); 100 gives CIFAR-100's m = 101. */
  @Param({"9"})
  public int dummies;

  /** Feature dimension: 784 as Fashion-MNIST; 512 as the CIFAR-100 and Cars196 features. */
  @Param({"784"})
  public int dim;

  private CellQuery cell;
  private ClientData data;

  @Setup
  public void setUp() {
    MechanismParams p = Workload.params();
    FeatureSet fs = Workload.featureSet(1, 1000, 2000, dim);
    LabelledSet pub = fs.train();
    EmbeddingMechanism m = MechanismRegistry.discover().get(mechanism);
    m.validate(p);
    ServerSide server = m.server(new ServerView(fs.test(), pub, Workload.CLASSES, 7), p);
    Embedding g = server.gallery();
    cell = new CellQuery(m, m.client(Workload.clientView(pub, server.publicRows()), p), server,
        ExactIndex.of(g.data(), g.rows(), g.dim()));
    data = Workload.clientData(pub, Workload.row(fs.test(), 0), fs.test().labels()[0], dummies);
  }

  @Benchmark
  public int[] query() {
    return thread.call(() -> cell.nearest(data));
  }
}
