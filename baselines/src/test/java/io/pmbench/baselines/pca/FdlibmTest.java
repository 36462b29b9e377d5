package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link Fdlibm#expm1} and {@link Fdlibm#log1p} have the bits of {@link StrictMath#expm1} and
 * {@link StrictMath#log1p} (fdlibm's, by StrictMath's specification): on the special values and every branch boundary of the algorithm, and on 3·10⁶
 * arguments each, drawn as random bit patterns (every exponent, NaNs and infinities included), uniformly
 * in [−50, 50], and uniformly within random binades from 2⁻⁶⁰ to 2¹⁰. It fails if any step of the
 * reduction or the reconstruction differs from fdlibm's by one rounding.
 */
class FdlibmTest {

  private static void assertSameBits(double x) {
    assertSameBits("expm1", StrictMath::expm1, Fdlibm::expm1, x);
    assertSameBits("log1p", StrictMath::log1p, Fdlibm::log1p, x);
  }

  private static void assertSameBits(String name, DoubleUnaryOperator strict, DoubleUnaryOperator port, double x) {
    double want = strict.applyAsDouble(x);
    double got = port.applyAsDouble(x);
    assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got),
        () -> name + "(" + x + ") = " + want + " by StrictMath, " + got + " here");
  }

  @Test
  void expm1AndLog1p_specialValuesAndBranchBoundaries_bitsOfStrictMath() {
    double ln2 = Math.log(2);
    double[] xs = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
        -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 709.782712893384, 709.79,
        0x1p-54, -0x1p-54, 0x1p-55, 0.5 * ln2, -0.5 * ln2, 1.5 * ln2, -1.5 * ln2, 56 * ln2, -56 * ln2, 20 * ln2,
        -20 * ln2, 57 * ln2, -0.25, -0.3, 1e-17, -1e-17, -745.2, -1e6, -1.0, -0.2929, 0.41422, 0x1p-29, -0x1p-29,
        0x1p-20, 0x1p54, Math.sqrt(2) - 1, Math.sqrt(0.5) - 1};
    for (double x : xs) {
      assertSameBits(x);
      assertSameBits(Math.nextUp(x));
      assertSameBits(Math.nextDown(x));
    }
  }

  @Test
  void expm1AndLog1p_randomArguments_bitsOfStrictMath() {
    SplittableRandom rng = new SplittableRandom(784);
    for (int i = 0; i < 1_000_000; i++) {
      assertSameBits(Double.longBitsToDouble(rng.nextLong()));
      assertSameBits((rng.nextDouble() - 0.5) * 100);
      assertSameBits((rng.nextDouble() - 0.5) * Math.scalb(1.0, rng.nextInt(-60, 11)));
    }
  }
}
