package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link NegExp}, the polynomial e^(−a) of the kernel rebuilt after the noise: within 1 ulp of
 * {@link Math#exp}, and the SIMD batch bit for bit equal to the scalar sequence (so a run's
 * bits do not depend on whether the JVM has the vector module). Deterministic inputs, no
 * tolerance beyond the stated ulp.
 */
class NegExpTest {
  /** 10⁶ arguments: most in the kernel's working range [0, 20), the rest over [0, 760) (underflow included). */
  private static double[] arguments() {
    SplittableRandom rng = new SplittableRandom(2026);
    double[] a = new double[1_000_000];
    for (int i = 0; i < a.length; i++) {
      a[i] = rng.nextDouble() * (i % 4 == 0 ? 760 : 20);
    }
    return a;
  }

  @Test
  void of_millionArguments_withinOneUlpOfMathExp() {
    // Fails if a Taylor coefficient, ln 2's split or the 2^n reconstruction is wrong (errors of
    // many ulp), or if the subnormal range is rounded twice badly.
    double[] a = arguments();
    for (double v : a) {
      double expected = Math.exp(-v);
      double actual = NegExp.of(v);
      assertTrue(Math.abs(actual - expected) <= Math.ulp(expected),
          () -> "e^-" + v + ": " + actual + " against Math.exp " + expected);
    }
  }

  @Test
  void of_edgeArguments_matchMathExpExactly() {
    // Fails if e^0 is not exactly 1 (a kernel row's self-distance), or if large, infinite or NaN
    // arguments do not give +0 and NaN as Math.exp does.
    assertEquals(1.0, NegExp.of(0.0));
    assertEquals(1.0, NegExp.of(-0.0));
    assertEquals(0.0, NegExp.of(745.2));
    assertEquals(0.0, NegExp.of(750));
    assertEquals(0.0, NegExp.of(1e300));
    assertEquals(0.0, NegExp.of(Double.POSITIVE_INFINITY));
    assertTrue(Double.isNaN(NegExp.of(Double.NaN)));
    assertEquals(Double.MIN_VALUE, NegExp.of(744.44), Double.MIN_VALUE);
  }

  @Test
  void vector_anyRange_equalsScalarBitForBit() {
    // Fails if a SIMD lane runs a different operation sequence from NegExp.of (another
    // rounding, a missing fma), or if the tail or an offset range is handled wrongly. Surefire runs
    // with --add-modules jdk.incubator.vector (root pom), so the batch must be present here.
    assertTrue(NegExp.vectorised(), "surefire must run with --add-modules jdk.incubator.vector");
    double[] a = arguments();
    double[] edges = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 745.2, 744.44, 750, 1e300, Double.MIN_VALUE};
    System.arraycopy(edges, 0, a, 2, edges.length); // indices 2-10: overlapping every non-empty range below
    for (int[] range : new int[][] {{0, a.length}, {3, 3 + 17}, {5, 6}, {7, 7}, {1, 1000}}) {
      double[] vector = a.clone();
      double[] scalar = a.clone();
      NegExp.vector().orElseThrow().apply(vector, range[0], range[1]);
      NegExp.applyScalar(scalar, range[0], range[1]);
      for (int j = 0; j < a.length; j++) {
        assertEquals(Double.doubleToRawLongBits(scalar[j]), Double.doubleToRawLongBits(vector[j]),
            "element " + j + " of range " + range[0] + ".." + range[1]);
      }
    }
  }
}
