package io.pmbench.core.kernel;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link NegExp}'s sequence on SIMD lanes ({@code jdk.incubator.vector}, the platform's widest
 * species): lane for lane the same IEEE operations as {@link NegExp#of}, so the same bits; the
 * tail shorter than a vector runs {@link NegExp#of}. Loaded by {@link NegExp} only when the JVM
 * was started with {@code --add-modules jdk.incubator.vector}; compiled by its own execution of
 * the compiler (core's pom), because javac warns on every use of an incubating module and the
 * build treats warnings as errors.
 */
final class VectorNegExp implements NegExp.Batch {
  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
  /** C_i = 1/i!, the entries of {@link NegExp#TAYLOR} as constants. */
  private static final double C13 = NegExp.TAYLOR[0];
  private static final double C12 = NegExp.TAYLOR[1];
  private static final double C11 = NegExp.TAYLOR[2];
  private static final double C10 = NegExp.TAYLOR[3];
  private static final double C9 = NegExp.TAYLOR[4];
  private static final double C8 = NegExp.TAYLOR[5];
  private static final double C7 = NegExp.TAYLOR[6];
  private static final double C6 = NegExp.TAYLOR[7];
  private static final double C5 = NegExp.TAYLOR[8];
  private static final double C4 = NegExp.TAYLOR[9];
  private static final double C3 = NegExp.TAYLOR[10];
  private static final double C2 = NegExp.TAYLOR[11];
  private static final double C1 = NegExp.TAYLOR[12];
  private static final double C0 = NegExp.TAYLOR[13];

  VectorNegExp() {}

  private static DoubleVector broadcast(double v) {
    return DoubleVector.broadcast(SPECIES, v);
  }

  @Override
  public void apply(double[] a, int from, int to) {
    int j = from;
    for (int end = from + SPECIES.loopBound(to - from); j < end; j += SPECIES.length()) {
      DoubleVector x = DoubleVector.fromArray(SPECIES, a, j).min(NegExp.MAX_ARGUMENT).neg();
      DoubleVector kd = x.fma(broadcast(NegExp.INV_LN2), broadcast(NegExp.SHIFT));
      DoubleVector nd = kd.sub(NegExp.SHIFT);
      DoubleVector minusN = nd.neg();
      DoubleVector r = minusN.fma(broadcast(NegExp.LN2_HI), x);
      r = minusN.fma(broadcast(NegExp.LN2_LO), r);
      // Horner over NegExp.TAYLOR, unrolled so that every coefficient is a constant broadcast
      DoubleVector p = broadcast(C13).fma(r, broadcast(C12)).fma(r, broadcast(C11)).fma(r, broadcast(C10))
          .fma(r, broadcast(C9)).fma(r, broadcast(C8)).fma(r, broadcast(C7)).fma(r, broadcast(C6))
          .fma(r, broadcast(C5)).fma(r, broadcast(C4)).fma(r, broadcast(C3)).fma(r, broadcast(C2))
          .fma(r, broadcast(C1)).fma(r, broadcast(C0));
      LongVector n52 = kd.reinterpretAsLongs().lanewise(VectorOperators.LSHL, 52);
      LongVector half = n52.lanewise(VectorOperators.ASHR, 1).and(NegExp.EXPONENT_MASK);
      DoubleVector low = p.reinterpretAsLongs().add(half).reinterpretAsDoubles();
      DoubleVector high = n52.sub(half).add(NegExp.ONE_BITS).reinterpretAsDoubles();
      low.mul(high).intoArray(a, j);
    }
    for (; j < to; j++) {
      a[j] = NegExp.of(a[j]);
    }
  }
}
