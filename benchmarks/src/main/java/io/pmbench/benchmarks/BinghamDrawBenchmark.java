package io.pmbench.benchmarks;

import io.pmbench.baselines.pca.BinghamCoordinate;
import io.pmbench.benchmarks.reference.BinghamDrawReference;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The one-dimensional draws of one vector-Bingham sweep of private-pca's PPCA chain at
 * fashion-mnist's size (sphere dimension m = 783, K = (m − 1)/2 = 391, one draw per coordinate;
 * a query makes about 200 such sweeps): {@code BinghamCoordinate} (fdlibm's expm1 and log1p in
 * Java, each envelope's weights kept) against {@link BinghamDrawReference} (the code of commit
 * d098026: JDK 17's native StrictMath calls, weights recomputed per proposal). Both give the same
 * bits ({@code BinghamDrawReferenceTest}). The tilts a_i are those of a decaying spectrum as the
 * chain meets them at ε = 0.1 … 8: {@code scale}·0.985^i minus their mean, so the top coordinates
 * take the bimodal branch when the scale is large.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BinghamDrawBenchmark {
  /** K for m = 783: the sphere of the column step's 783 eigen-coordinates at d = 784, k = 2. */
  static final double HALF_DIM = 391;

  @Param({"optimised", "reference"})
  public String impl;

  @Param({"12", "1000"})
  public double scale;

  private double[] tilts;

  @Setup
  public void setUp() {
    tilts = tilts(scale);
  }

  /** The 783 tilts scale·0.985^i − mean. */
  static double[] tilts(double scale) {
    double[] a = new double[783];
    double mean = 0;
    for (int i = 0; i < a.length; i++) {
      a[i] = scale * Math.pow(0.985, i);
      mean += a[i] / a.length;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] -= mean;
    }
    return a;
  }

  @Benchmark
  public double sweep() {
    SplittableRandom rng = new SplittableRandom(42);
    double sum = 0;
    if (impl.equals("reference")) {
      for (double a : tilts) {
        sum += BinghamDrawReference.sample(HALF_DIM, a, rng).s();
      }
    } else {
      for (double a : tilts) {
        sum += BinghamCoordinate.sample(HALF_DIM, a, rng).s();
      }
    }
    return sum;
  }
}
