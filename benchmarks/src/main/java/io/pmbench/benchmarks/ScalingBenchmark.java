package io.pmbench.benchmarks;

import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.retrieval.ExactIndex;
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
 * Per-query time of a whole PrivateMail query on one core against the public-set size P and the
 * gallery size G: building D = [r; P_r; P] (as the runner copies it), the client's release,
 * Kabsch–Umeyama on P, and the exact 8 nearest of G rows (d = 784 features, k = 2). The server's
 * gallery embedding is a stand-in (iid normal rows, k = 2): retrieval time depends only on its
 * shape, and an SMLQ server over 100,000 rows would need a 100,000² kernel (80 GB).
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ScalingBenchmark {
  @Param({"250", "500", "1000", "2000", "4000"})
  public int nPublic;

  @Param({"1000", "10000", "100000"})
  public int gallery;

  private PrivateMailMechanism mechanism;
  private LabelledSet pub;
  private float[] queryRow;
  private ClientSide client;
  private ServerSide server;
  private ExactIndex index;
  private QueryThread thread;

  @Setup
  public void setUp() {
    int dim = 784;
    MechanismParams p = Workload.params();
    pub = Workload.rows(1, "public", nPublic, dim);
    queryRow = Workload.row(Workload.rows(1, "gallery", 1, dim), 0);
    Embedding g = new Embedding(Workload.gaussian(1, "server-gallery", gallery * p.k()), gallery, p.k());
    Embedding sp = new Embedding(Workload.gaussian(1, "server-public", nPublic * p.k()), nPublic, p.k());
    server = ServerSide.of(g, sp);
    mechanism = new PrivateMailMechanism();
    client = mechanism.client(new ClientView(pub, Workload.CLASSES, sp, 7), p);
    index = ExactIndex.of(g.data(), gallery, p.k());
    thread = new QueryThread();
  }

  @TearDown
  public void tearDown() {
    thread.close();
  }

  @Benchmark
  public int[] query() {
    return thread.call(() -> {
      ClientData d = Workload.clientData(pub, queryRow, 0);
      ClientRelease rel = client.embed(d, new SplittableRandom(42));
      return Queries.nearest(rel, Queries.point(mechanism, rel, d, server), server, index);
    });
  }
}
