package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
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
 * The whole client side of one PrivateMail query (SPEC.md §5; dummies on, k = 2, T = 5,
 * d = 784): L_X and L_Y of D, Q, f(X), Δ and s, the noise, L_X rebuilt from the noisy rows, T
 * iterations. {@code optimised} is pmbench's client (public block cached once per cell, as the
 * runner does); {@code reference} is {@link DenseReference#privateMail}, the same maths and the
 * same random draws in the dense formulation. The CI gate runs this pair at P = 250.
 */
@Fork(jvmArgsAppend = Workload.VECTOR_MODULE)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PrivateMailQueryBenchmark {
  @Param({"1000"})
  public int nPublic;

  private MechanismParams p;
  private ClientSide client;
  private ClientData data;
  private QueryThread thread;

  @Setup
  public void setUp() {
    int dim = 784;
    p = Workload.params();
    LabelledSet pub = Workload.rows(1, "public", nPublic, dim);
    data = Workload.clientData(pub, Workload.row(Workload.rows(1, "gallery", 1, dim), 0), 0);
    Embedding serverPublic = new Embedding(Workload.gaussian(1, "server-public", nPublic * p.k()), nPublic, p.k());
    client = new PrivateMailMechanism().client(new ClientView(pub, Workload.CLASSES, serverPublic, 7), p);
    thread = new QueryThread();
  }

  @TearDown
  public void tearDown() {
    thread.close();
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
