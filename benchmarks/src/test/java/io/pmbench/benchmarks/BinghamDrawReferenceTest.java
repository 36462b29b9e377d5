package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.pca.BinghamCoordinate;
import io.pmbench.benchmarks.reference.BinghamDrawReference;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link BinghamDrawBenchmark}'s two sides draw the same bits: for the benchmark's tilts (both
 * scales) and from the same seed, every s, every 1 − s² and the random stream's position after
 * the sweep are equal. It fails if the product's draws drift from the reference's (the ratio would
 * then compare different computations) or consume a different number of random values.
 */
class BinghamDrawReferenceTest {
  @ParameterizedTest
  @ValueSource(doubles = {12, 1000})
  void sample_benchmarkTilts_bitIdenticalToReference(double scale) {
    SplittableRandom fast = new SplittableRandom(42);
    SplittableRandom ref = new SplittableRandom(42);
    for (double a : BinghamDrawBenchmark.tilts(scale)) {
      BinghamCoordinate.Draw x = BinghamCoordinate.sample(BinghamDrawBenchmark.HALF_DIM, a, fast);
      BinghamDrawReference.Draw y = BinghamDrawReference.sample(BinghamDrawBenchmark.HALF_DIM, a, ref);
      assertEquals(Double.doubleToRawLongBits(y.s()), Double.doubleToRawLongBits(x.s()), "s at a = " + a);
      assertEquals(Double.doubleToRawLongBits(y.rest()), Double.doubleToRawLongBits(x.rest()), "1 - s^2 at a = " + a);
    }
    assertEquals(ref.nextLong(), fast.nextLong(), "random values consumed");
  }
}
