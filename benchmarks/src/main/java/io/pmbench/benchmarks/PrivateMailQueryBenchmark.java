package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.MechanismParams;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The whole client side of one PrivateMail query (SPEC.md §5; dummies on, k = 2, T = 5,
 * d = 784): L_X and L_Y of D, Q, f(X), Δ and s, the noise, L_X rebuilt from the noisy rows, T
 * iterations. {@code optimised} is pmbench's client (public block cached once per cell, as the
 * runner does); {@code reference} is {@link DenseReference#privateMail}, the same maths and the
 * same random draws in the dense formulation. The CI gate runs this pair at P = 250.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
public class PrivateMailQueryBenchmark extends OneCoreBenchmark {
  @Param({"1000"})
  public int nPublic;

  private MechanismParams p;
  private ClientSide client;
  private ClientData data;

  @Setup
  public void setUp() {
    p = Workload.params();
    LabelledSet pub = Workload.publicSet(nPublic, 784);
    data = Workload.query(pub);
    client = Workload.privateMailClient(pub, p);
  }

  @Benchmark
  public ClientRelease optimised() {
    return thread.call(() -> client.embed(data, new SplittableRandom(42)));
  }

  @Benchmark
  public double[] reference() {
    return DenseReference.privateMail(data, p, Workload.CLASSES, new SplittableRandom(42));
  }
}
