package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.mechanism.ClientData;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The feature-kernel Laplacian L_X of a client data set D = [r; P_r; P] (n = 1 + 9 + 1,000 =
 * 1,010 rows of dimension d): {@code perQuery} is what a PrivateMail/SMLQ query computes (the
 * cached public block extended by the query's and dummies' rows — the dummies are public rows, so
 * only r's row is new), {@code fullBuild} builds L_X from scratch with pmbench's kernel code, and
 * {@code reference} forms the dense n × n W and L = Diag(W·1) − W over all n² pairs.
 */
public class KernelBuildBenchmark extends OneCoreBenchmark {
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

  @Setup
  public void setUp() {
    LabelledSet pub = Workload.publicSet(nPublic, dim);
    ClientData d = Workload.query(pub);
    scale = Workload.params().featureKernelScale().scale(Workload.SIGMA);
    m = d.publicOffset();
    n = d.size();
    all = Workload.doubles(d.rows());
    extra = d.privateRows();
    base = KernelLaplacian.base(Workload.doubles(pub.features()), nPublic, dim, scale);
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
