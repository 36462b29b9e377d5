package io.pmbench.core.kernel;

import io.pmbench.core.VectorModule;
import java.util.Optional;

/**
 * e^(−a) for kernel arguments a ≥ 0, by one fixed sequence of IEEE 754 operations, so that the
 * SIMD batch ({@code VectorNegExp}, {@code jdk.incubator.vector}) and the scalar loop give the
 * same bits on every machine and JVM: the value does not depend on whether the vector module is
 * present, on the vector width, or on the thread count.
 *
 * <p><b>The sequence</b> (Cody–Waite range reduction, Tang 1989): x = −min(a, 750);
 * n = round(x/ln 2) by adding and subtracting 1.5·2⁵²; r = x − n·ln2_hi − n·ln2_lo with two fused
 * multiply-adds (|r| ≤ ln 2 / 2); p = Σ_{i≤13} r^i/i! by Horner's rule in fused multiply-adds
 * (truncation error r¹⁴/14! ≤ 4.1·10⁻¹⁸); e^x = (p·2^⌊n/2⌋)·2^⌈n/2⌉, both factors normal numbers,
 * so a result in the subnormal range is rounded once, and e^(−750) and below underflow to +0 as
 * {@link Math#exp} does. {@link Math#fma} is exact by specification (one rounding), as is the
 * Vector API's {@code FMA}; nothing here depends on the platform's libm.
 *
 * <p><b>Accuracy</b>: within 1 ulp of {@link Math#exp} over [0, 750] ({@code NegExpTest} checks 10⁶
 * arguments), not bit-identical to it. It is used for the kernel rebuilt from the released
 * embedding after the noise (post-processing; SPEC.md §5.4), where it replaces 0.5·n²
 * {@code Math.exp} calls, the largest share of a PrivateMail query.
 */
final class NegExp {
  static final double INV_LN2 = 0x1.71547652b82fep0;
  static final double LN2_HI = 0x1.62e42fefa39efp-1;
  static final double LN2_LO = 0x1.abc9e3b39803fp-56;
  /** 1.5·2⁵²: adding it rounds to an integer held in the low mantissa bits. */
  static final double SHIFT = 0x1.8p52;
  /** Arguments above this give +0 (e^(−745.2) is below half the smallest subnormal). */
  static final double MAX_ARGUMENT = 750;
  /** 1/i! for i = 13 down to 0, the Horner order. */
  static final double[] TAYLOR = taylor(13);
  static final long EXPONENT_MASK = 0xfff0000000000000L;
  static final long ONE_BITS = 0x3ff0000000000000L;

  /** The SIMD batch when {@code jdk.incubator.vector} is in the boot layer, else empty. */
  private static final Optional<Batch> VECTOR =
      VectorModule.load(Batch.class, NegExp.class.getPackageName() + ".VectorNegExp");

  private NegExp() {}

  /** a[j] ← e^(−a[j]) for j in [from, to), as a batch. */
  interface Batch {
    void apply(double[] a, int from, int to);
  }

  /** a[j] ← e^(−a[j]) for j in [from, to): the SIMD batch if available, else the scalar loop (same bits). */
  static void apply(double[] a, int from, int to) {
    if (VECTOR.isPresent()) {
      VECTOR.get().apply(a, from, to);
    } else {
      applyScalar(a, from, to);
    }
  }

  /** True when the SIMD batch is in use. */
  static boolean vectorised() {
    return VECTOR.isPresent();
  }

  /** The SIMD batch, if the vector module is present (for tests comparing it with the scalar loop). */
  static Optional<Batch> vector() {
    return VECTOR;
  }

  /** {@link #apply} without SIMD. */
  static void applyScalar(double[] a, int from, int to) {
    for (int j = from; j < to; j++) {
      a[j] = of(a[j]);
    }
  }

  /** e^(−a) by the sequence of the class comment. */
  static double of(double a) {
    double x = -Math.min(a, MAX_ARGUMENT);
    double kd = Math.fma(x, INV_LN2, SHIFT);
    double nd = kd - SHIFT;
    double r = Math.fma(-nd, LN2_HI, x);
    r = Math.fma(-nd, LN2_LO, r);
    double p = TAYLOR[0];
    for (int i = 1; i < TAYLOR.length; i++) {
      p = Math.fma(p, r, TAYLOR[i]);
    }
    long n52 = Double.doubleToRawLongBits(kd) << 52;
    long half = (n52 >> 1) & EXPONENT_MASK;
    return Double.longBitsToDouble(Double.doubleToRawLongBits(p) + half)
        * Double.longBitsToDouble(n52 - half + ONE_BITS);
  }

  private static double[] taylor(int degree) {
    double[] c = new double[degree + 1];
    double factorial = 1;
    for (int i = 0; i <= degree; i++) {
      factorial *= Math.max(1, i);
      c[degree - i] = 1.0 / factorial;
    }
    return c;
  }
}
