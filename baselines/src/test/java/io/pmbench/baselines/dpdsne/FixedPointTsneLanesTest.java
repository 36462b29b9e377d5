package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FixedPointTsne}'s k = 2 gradient on SIMD lanes ({@code VectorLanes2}: one free row per
 * lane, blocks of L rows taken two at a time, the block's own columns in scalar code, the fixed
 * columns' sums recomputed) and its scalar loops (four rows per loop) against
 * {@link ReferenceFixedPointGradient}, bit for bit at every step, for free-row counts around every
 * block boundary of 4- and 8-lane machines (m = 1 … 33: partial blocks, one block, an odd block
 * after pairs, all rows free) and past the end of early exaggeration (the lanes' copy of P divided
 * too). Fails if a lane or the scalar block loops add a term out of order or to another row's
 * sum, leave out a column, read a padded lane, or if P's lane copy is not divided with P.
 */
class FixedPointTsneLanesTest {
  private static final int STEPS = 260;

  @Test
  void vector_surefireAddsTheModule_lanesLoaded() {
    // Fails if the tests below would compare the scalar loops with themselves only.
    assertTrue(FixedPointTsne.vector().isPresent(), "surefire must run with --add-modules jdk.incubator.vector");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 15, 16, 17, 23, 24, 25, 33})
  void gradient_k2EveryStepAnyFreeRowCount_lanesAndScalarEqualReferenceBitForBit(int m) {
    assertEveryStep(m, m + 41, 100 + m);
  }

  @Test
  void gradient_k2EveryRowFree_lanesAndScalarEqualReferenceBitForBit() {
    assertEveryStep(19, 19, 7);
  }

  @Test
  void gradient_coincidentRows_lanesAndScalarEqualReferenceBitForBit() {
    // Free rows on top of each other and of a fixed row: zero differences, q = 1 off the diagonal.
    SplittableRandom rng = new SplittableRandom(3);
    int m = 11;
    int n = 40;
    double[][] y = map(n, rng);
    y[1] = y[0].clone();
    y[9] = y[0].clone();
    y[10] = y[m + 2].clone();
    assertEveryStep(y, m, SmileAffinities.freeRows(SyntheticData.unitRows(n, 6, rng), m));
  }

  private static void assertEveryStep(int m, int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[][] y = map(n, rng);
    assertEveryStep(y, m, SmileAffinities.freeRows(SyntheticData.unitRows(n, 6, rng), m));
  }

  /** Free rows at 10⁻⁴ scale (a query's start), fixed rows at 10 (a server map). */
  private static double[][] map(int n, SplittableRandom rng) {
    double[][] y = new double[n][2];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < 2; c++) {
        y[i][c] = (i < n / 2 ? 1e-4 : 10) * Seeds.gaussian(rng);
      }
    }
    return y;
  }

  private static void assertEveryStep(double[][] y, int m, double[][] p) {
    double[] fixed = FixedPointTsne.fixedRowSums(Arrays.copyOfRange(y, m, y.length));
    double[][] yScalar = deepCopy(y);
    double[][] pScalar = deepCopy(p);
    FixedPointTsne lanes = new FixedPointTsne(y, m, p, fixed, FixedPointTsne.vector());
    FixedPointTsne scalar = new FixedPointTsne(yScalar, m, pScalar, fixed, Optional.empty());
    for (int t = 0; t < STEPS; t++) {
      double[][] expected = ReferenceFixedPointGradient.gradient(y, m, p, fixed);
      double[][] g = lanes.gradient();
      double[][] h = scalar.gradient();
      for (int i = 0; i < m; i++) {
        String where = "m=" + m + ", step " + t + ", row " + i;
        assertArrayEquals(Fixtures.bits(expected[i]), Fixtures.bits(g[i]), "lanes, " + where);
        assertArrayEquals(Fixtures.bits(expected[i]), Fixtures.bits(h[i]), "scalar, " + where);
      }
      lanes.step(g);
      scalar.step(h);
    }
  }

  private static double[][] deepCopy(double[][] a) {
    double[][] out = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i].clone();
    }
    return out;
  }
}
