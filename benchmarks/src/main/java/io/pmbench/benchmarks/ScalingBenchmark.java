package io.pmbench.benchmarks;

import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.retrieval.ExactIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Per-query time of a whole PrivateMail query on one core against the public-set size P and the
 * gallery size G: building D = [r; P_r; P] (as the runner copies it), the client's release,
 * Kabsch–Umeyama on P, and the exact 8 nearest of G rows (d = 784 features, k = 2). The server's
 * gallery embedding is a stand-in (iid normal rows, k = 2): retrieval time depends only on its
 * shape, and an SMLQ server over 100,000 rows would need a 100,000² kernel (80 GB).
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class ScalingBenchmark extends OneCoreBenchmark {
  @Param({"250", "500", "1000", "2000", "4000"})
  public int nPublic;

  @Param({"1000", "10000", "100000"})
  public int gallery;

  private LabelledSet pub;
  private float[] queryRow;
  private CellQuery cell;

  @Setup
  public void setUp() {
    int dim = 784;
    MechanismParams p = Workload.params();
    pub = Workload.publicSet(nPublic, dim);
    queryRow = Workload.queryRow(dim);
    Embedding g = new Embedding(Workload.gaussian(1, "server-gallery", gallery * p.k()), gallery, p.k());
    Embedding sp = Workload.serverPublic(nPublic, p.k());
    PrivateMailMechanism mechanism = new PrivateMailMechanism();
    cell = new CellQuery(mechanism, mechanism.client(Workload.clientView(pub, sp), p), ServerSide.of(g, sp),
        ExactIndex.of(g.data(), gallery, p.k()));
  }

  @Benchmark
  public int[] query() {
    return thread.call(() -> cell.nearest(Workload.clientData(pub, queryRow, 0)));
  }
}
