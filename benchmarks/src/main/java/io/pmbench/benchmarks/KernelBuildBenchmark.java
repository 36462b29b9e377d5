package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.mechanism.ClientData;
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
 * The feature-kernel Laplacian L_X of a client data set D = [r; P_r; P] (n = 1 + 9 + 1,000 =
 * 1,010 rows of dimension d): {@code perQuery} is what a PrivateMail/SMLQ query computes (the
 * cached public block extended by the query's and dummies' rows — the dummies are public rows, so
 * only r's row is new), {@code fullBuild} builds L_X from scratch with pmbench's kernel code, and
 * {@code reference} forms the dense n × n W and L = Diag(W·1) − W over all n² pairs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class KernelBuildBenchmark {
  @Param({"128", "512", "784", "2048"})
  public int dim;

  @Param({"1000"})
  public int nPublic;

  private double scale;
  private KernelLaplacian.Base base;
  private double[] extra;
  private double[] all;
  private int m;
  private int n;
  private QueryThread thread;

  @Setup
  public void setUp() {
    LabelledSet pub = Workload.rows(1, "public", nPublic, dim);
    LabelledSet gallery = Workload.rows(1, "gallery", 1, dim);
    ClientData d = Workload.clientData(pub, Workload.row(gallery, 0), 0);
    scale = Workload.params().featureKernelScale().scale(Workload.SIGMA);
    m = d.publicOffset();
    n = d.size();
    all = Workload.doubles(d.rows());
    extra = d.privateRows();
    base = KernelLaplacian.base(Workload.doubles(pub.features()), nPublic, dim, scale);
    thread = new QueryThread();
  }

  @TearDown
  public void tearDown() {
    thread.close();
  }

  @Benchmark
  public KernelLaplacian perQuery() {
    return thread.call(() -> KernelLaplacian.extend(base, extra, m));
  }

  @Benchmark
  public KernelLaplacian fullBuild() {
    return thread.call(() -> KernelLaplacian.of(all, n, dim, scale));
  }

  @Benchmark
  public double[][] reference() {
    return DenseReference.kernelLaplacian(all, n, dim, scale);
  }
}
