package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.smlq.Smlq;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One SMLQ iteration X ← ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X + X at n = 1,010, k = 2 (SPEC.md §4).
 * {@code optimisedQuery}: the client's first iteration f(X) on the extended L_X (cached public
 * block); {@code optimisedPostNoise}: one of the T post-processing iterations, on L_X rebuilt
 * from the n × 2 noisy rows; {@code reference}: the official code's dense form (Diag(L_X)⁻¹ as an
 * n × n matrix, an n × n × n product, then the n × k block).
 */
public class SmlqIterationBenchmark extends OneCoreBenchmark {
  @Param({"1000"})
  public int nPublic;

  private MechanismParams p;
  private KernelLaplacian extended;
  private KernelLaplacian postNoise;
  private LabelLaplacian ly;
  private double[][] denseLx;
  private double[][] denseLy;
  private double[] x;

  @Setup
  public void setUp() {
    int dim = 784;
    p = Workload.params();
    LabelledSet pub = Workload.publicSet(nPublic, dim);
    ClientData d = Workload.query(pub);
    int n = d.size();
    double scale = p.featureKernelScale().scale(p.sigma());
    extended = KernelLaplacian.extend(KernelLaplacian.base(Workload.doubles(pub.features()), nPublic, dim, scale),
        d.privateRows(), d.publicOffset());
    ly = LabelLaplacian.of(d.labels(), p.labelKernel(), p.sigma());
    x = Workload.gaussian(1, "x", n * p.k());
    postNoise = KernelLaplacian.of(x, n, p.k(), scale);
    denseLx = DenseReference.kernelLaplacian(Workload.doubles(d.rows()), n, dim, scale);
    denseLy = DenseReference.labelLaplacian(d.labels(), p.labelKernel(), p.sigma());
  }

  @Benchmark
  public double[] optimisedQuery() {
    return thread.call(() -> Smlq.iterate(extended, ly, p.alpha(), x, p.k(), false));
  }

  @Benchmark
  public double[] optimisedPostNoise() {
    return thread.call(() -> Smlq.iterate(postNoise, ly, p.alpha(), x, p.k(), false));
  }

  @Benchmark
  public double[] reference() {
    return DenseReference.iterate(denseLx, denseLy, p.alpha(), x, p.k());
  }
}
