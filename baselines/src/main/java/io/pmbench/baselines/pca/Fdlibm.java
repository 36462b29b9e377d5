package io.pmbench.baselines.pca;

/**
 * {@link StrictMath#expm1} and {@link StrictMath#log1p} in Java, bit for bit: StrictMath's
 * specification fixes their results to those of fdlibm 5.3 ({@code s_expm1.c}: reduction
 * x = k·ln2 + r with ln2 split in a 32-bit head and a tail, a degree-5 rational correction in r²/2,
 * and the reconstruction 2^k·(1 + expm1(r)) − 1 arranged case by case so that no step cancels;
 * {@code s_log1p.c}: 1 + x = 2^k·(1 + f) with the rounding error of 1 + x carried as a correction,
 * and log(1 + f) = 2s + s·R(s²), s = f/(2 + f)). JDK 17 computes both in native code, a JNI call of
 * about 50–80 ns per value — the largest single cost of PPCA's one-dimensional Bingham draws
 * ({@link BinghamCoordinate}: a few per draw, about 160,000 draws per query at d = 784). Compiled by
 * the JIT they cost a few nanoseconds. Java never contracts a·b + c into a fused multiply-add, so
 * the same operations in the same order give the same bits ({@code FdlibmTest} compares both with
 * StrictMath on millions of arguments across the whole range); the results do not depend on which
 * JDK runs them.
 */
final class Fdlibm {
  private static final double O_THRESHOLD = 7.09782712893383973096e+02; // 0x40862E42 FEFA39EF
  private static final double LN2_HI = 6.93147180369123816490e-01; // 0x3fe62e42 fee00000
  private static final double LN2_LO = 1.90821492927058770002e-10; // 0x3dea39ef 35793c76
  private static final double INV_LN2 = 1.44269504088896338700e+00; // 0x3ff71547 652b82fe
  private static final double Q1 = -3.33333333333331316428e-02; // 0xBFA11111 111110F4
  private static final double Q2 = 1.58730158725481460165e-03; // 0x3F5A01A0 19FE5585
  private static final double Q3 = -7.93650757867487942473e-05; // 0xBF14CE19 9EAADBB7
  private static final double Q4 = 4.00821782732936239552e-06; // 0x3ED0CFCA 86E65239
  private static final double Q5 = -2.01099218183624371326e-07; // 0xBE8AFDB7 6E09C32D
  private static final double LP1 = 6.666666666666735130e-01; // 0x3FE55555 55555593
  private static final double LP2 = 3.999999999940941908e-01; // 0x3FD99999 9997FA04
  private static final double LP3 = 2.857142874366239149e-01; // 0x3FD24924 94229359
  private static final double LP4 = 2.222219843214978396e-01; // 0x3FCC71C5 1D8E78AF
  private static final double LP5 = 1.818357216161805012e-01; // 0x3FC74664 96CB03DE
  private static final double LP6 = 1.531383769920937332e-01; // 0x3FC39A09 D078C69F
  private static final double LP7 = 1.479819860511658591e-01; // 0x3FC2F112 DF3E5244
  private static final double TWO54 = 1.80143985094819840000e+16; // 2^54
  private static final double HUGE = 1.0e+300;
  private static final double TINY = 1.0e-300;

  private Fdlibm() {}

  /** e^x − 1, bit-identical to {@link StrictMath#expm1(double)}. */
  static double expm1(double x) {
    int hx = highWord(x);
    boolean negative = hx < 0;
    hx &= 0x7fffffff; // the high word of |x|
    if (hx >= 0x4043687A) { // |x| ≥ 56·ln2: the result is −1, +∞ or e^x rounded
      if (hx >= 0x40862E42) {
        if (hx >= 0x7ff00000) {
          if (Double.isNaN(x)) {
            return x + x;
          }
          return negative ? -1.0 : x;
        }
        if (x > O_THRESHOLD) {
          return Double.POSITIVE_INFINITY;
        }
      }
      if (negative && x + TINY < 0.0) {
        return TINY - 1.0;
      }
    }
    int k;
    double c = 0;
    if (hx > 0x3fd62e42) { // |x| > ln2/2: reduce
      double hi;
      double lo;
      if (hx < 0x3FF0A2B2) { // and |x| < 1.5·ln2
        if (!negative) {
          hi = x - LN2_HI;
          lo = LN2_LO;
          k = 1;
        } else {
          hi = x + LN2_HI;
          lo = -LN2_LO;
          k = -1;
        }
      } else {
        k = (int) (INV_LN2 * x + (negative ? -0.5 : 0.5));
        double t = k;
        hi = x - t * LN2_HI; // exact
        lo = t * LN2_LO;
      }
      x = hi - lo;
      c = (hi - x) - lo;
    } else if (hx < 0x3c900000) { // |x| < 2^-54: x itself
      double t = HUGE + x;
      return x - (t - (HUGE + x));
    } else {
      k = 0;
    }
    return reconstruct(x, c, k);
  }

  /** expm1 of the reduced argument x (with rounding error c) scaled back by 2^k. */
  private static double reconstruct(double x, double c, int k) {
    double hfx = 0.5 * x;
    double hxs = x * hfx;
    double r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    double t = 3.0 - r1 * hfx;
    double e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0) {
      return x - (x * e - hxs); // c is 0
    }
    e = (x * (e - c) - c);
    e -= hxs;
    if (k == -1) {
      return 0.5 * (x - e) - 0.5;
    }
    if (k == 1) {
      return x < -0.25 ? -2.0 * (e - (x + 0.5)) : 1.0 + 2.0 * (x - e);
    }
    if (k <= -2 || k > 56) { // e^x − 1 ≈ e^x
      double y = 1.0 - (e - x);
      return addToExponent(y, k) - 1.0;
    }
    if (k < 20) {
      double t1 = withHighWord(1.0, 0x3ff00000 - (0x200000 >> k)); // 1 − 2^-k
      return addToExponent(t1 - (e - x), k);
    }
    double t2 = withHighWord(1.0, (0x3ff - k) << 20); // 2^-k
    double y = x - (e + t2);
    y += 1.0;
    return addToExponent(y, k);
  }

  /** log(1 + x), bit-identical to {@link StrictMath#log1p(double)} (fdlibm's {@code s_log1p.c}). */
  static double log1p(double x) {
    int hx = highWord(x);
    int ax = hx & 0x7fffffff;
    int k = 1;
    double f = 0;
    int hu = 0;
    if (hx < 0x3FDA827A) { // x < 0.41422
      if (ax >= 0x3ff00000) { // x ≤ −1
        return x == -1.0 ? Double.NEGATIVE_INFINITY : (x - x) / (x - x); // NaN as fdlibm makes it
      }
      if (ax < 0x3e200000) { // |x| < 2^-29
        if (TWO54 + x > 0 && ax < 0x3c900000) { // |x| < 2^-54
          return x;
        }
        return x - x * x * 0.5;
      }
      if (hx > 0 || hx <= 0xbfd2bec3) { // −0.2929 < x < 0.41422: no reduction
        k = 0;
        f = x;
        hu = 1;
      }
    }
    if (hx >= 0x7ff00000) {
      return x + x;
    }
    double c = 0;
    if (k != 0) {
      double u;
      if (hx < 0x43400000) {
        u = 1.0 + x;
        hu = highWord(u);
        k = (hu >> 20) - 1023;
        c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0); // the rounding error of 1 + x
        c /= u;
      } else {
        u = x;
        hu = highWord(u);
        k = (hu >> 20) - 1023;
      }
      hu &= 0x000fffff;
      if (hu < 0x6a09e) { // u normalised to [1, √2)
        u = withHighWord(u, hu | 0x3ff00000);
      } else { // u/2 normalised to [√2/2, 1)
        k += 1;
        u = withHighWord(u, hu | 0x3fe00000);
        hu = (0x00100000 - hu) >> 2;
      }
      f = u - 1.0;
    }
    return log1pReduced(f, c, k, hu);
  }

  /** log(1 + f) + k·ln2 + c for the reduced f (hu = 0 when |f| &lt; 2^-20). */
  private static double log1pReduced(double f, double c, int k, int hu) {
    double hfsq = 0.5 * f * f;
    if (hu == 0) { // |f| < 2^-20
      if (f == 0) {
        if (k == 0) {
          return 0;
        }
        c += k * LN2_LO;
        return k * LN2_HI + c;
      }
      double r = hfsq * (1.0 - 0.66666666666666666 * f);
      return k == 0 ? f - r : k * LN2_HI - ((r - (k * LN2_LO + c)) - f);
    }
    double s = f / (2.0 + f);
    double z = s * s;
    double r = z * (LP1 + z * (LP2 + z * (LP3 + z * (LP4 + z * (LP5 + z * (LP6 + z * LP7))))));
    return k == 0 ? f - (hfsq - s * (hfsq + r)) : k * LN2_HI - ((hfsq - (s * (hfsq + r) + (k * LN2_LO + c))) - f);
  }

  private static int highWord(double x) {
    return (int) (Double.doubleToRawLongBits(x) >>> 32);
  }

  /** x with its high word replaced by {@code hi} (the low word kept). */
  private static double withHighWord(double x, int hi) {
    long bits = Double.doubleToRawLongBits(x);
    return Double.longBitsToDouble(((long) hi << 32) | (bits & 0xffffffffL));
  }

  /** y with k added to its high word's exponent field (fdlibm's {@code __HI(y) += k << 20}). */
  private static double addToExponent(double y, int k) {
    return withHighWord(y, highWord(y) + (k << 20));
  }
}
