package io.pmbench.baselines.tsne;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link PairSweep#row2}, the fused k = 2 row, on SIMD lanes ({@code jdk.incubator.vector}, the
 * platform's widest species): lane for lane the same IEEE operations (subtract, multiply, add,
 * divide; no fused multiply-add), so the same bits; the tail shorter than a vector runs
 * {@link PairSweep#row2}. Loaded by {@link PairSweep} only when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}; compiled by its own execution of the compiler
 * (baselines' pom), because javac warns on every use of an incubating module and the build treats
 * warnings as errors.
 */
final class VectorRow2 implements PairSweep.Row2 {
  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

  VectorRow2() {}

  @Override
  public void apply(float[] pi, float[] y0, float[] y1, float a0, float a1, float[] sums, float[] att0,
      float[] rep0, float[] att1, float[] rep1, int n) {
    FloatVector va0 = FloatVector.broadcast(SPECIES, a0);
    FloatVector va1 = FloatVector.broadcast(SPECIES, a1);
    FloatVector one = FloatVector.broadcast(SPECIES, 1f);
    int j = 0;
    for (int upper = SPECIES.loopBound(n); j < upper; j += SPECIES.length()) {
      FloatVector e0 = FloatVector.fromArray(SPECIES, y0, j).sub(va0);
      FloatVector e1 = FloatVector.fromArray(SPECIES, y1, j).sub(va1);
      FloatVector w = one.div(one.add(e0.mul(e0).add(e1.mul(e1))));
      FloatVector.fromArray(SPECIES, sums, j).add(w).intoArray(sums, j);
      FloatVector pw = FloatVector.fromArray(SPECIES, pi, j).mul(w);
      FloatVector ww = w.mul(w);
      FloatVector.fromArray(SPECIES, att0, j).add(pw.mul(e0)).intoArray(att0, j);
      FloatVector.fromArray(SPECIES, rep0, j).add(ww.mul(e0)).intoArray(rep0, j);
      FloatVector.fromArray(SPECIES, att1, j).add(pw.mul(e1)).intoArray(att1, j);
      FloatVector.fromArray(SPECIES, rep1, j).add(ww.mul(e1)).intoArray(rep1, j);
    }
    PairSweep.row2(pi, y0, y1, a0, a1, sums, att0, rep0, att1, rep1, j, n);
  }
}
