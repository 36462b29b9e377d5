package io.pmbench.baselines.tsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PairSweep} against {@link TwoLoopPairSweep}, the formulation before its k = 2 rows were
 * fused: with the fused row on SIMD lanes ({@code VectorRow2}) and without it (the two loops).
 */
class PairSweepTest {

  @Test
  void vector_surefireAddsTheModule_fusedRowLoaded() {
    // Fails if the tests below would compare the two-loop row with itself only.
    assertTrue(PairSweep.vector().isPresent(), "surefire must run with --add-modules jdk.incubator.vector");
  }

  @Test
  void sweep_randomMaps_sameBitsAsTwoLoopFormulation() {
    // Fails if the fused k = 2 row (on lanes or in its scalar tail) changes any float operation or
    // its order per element (e.g. multiplies p_ij by w*e instead of p_ij*w by e), or if the two-loop
    // rows change. Compared bit for bit: A, R and S, sequential and on two blocks'
    // threads, at sizes below and above the parallel threshold, with coincident points (zero
    // differences of both signs) and a map whose scale spans many binades.
    SplittableRandom rng = new SplittableRandom(71);
    for (int k : new int[] {1, 2, 3}) {
      for (int n : new int[] {2, 3, 17, 300}) {
        for (double scale : new double[] {1e-3, 2.0, 1e3}) {
          double[][] p = randomAffinities(n, rng);
          double[][] y = randomMap(k, n, scale, rng);
          for (boolean parallel : new boolean[] {false, true}) {
            assertSameBits(p, y, parallel, "k=" + k + " n=" + n + " scale=" + scale + " parallel=" + parallel);
          }
        }
      }
    }
  }

  @Test
  void sweep_compiledAfterManyPasses_sameBitsAsTwoLoopFormulation() {
    // Fails if the JIT-compiled (vectorised) fused row rounds differently from the interpreted one
    // (e.g. a contracted multiply-add): 400 passes at n = 300 get every formulation compiled by C2.
    SplittableRandom rng = new SplittableRandom(72);
    double[][] p = randomAffinities(300, rng);
    for (int pass = 0; pass < 400; pass++) {
      assertSameBits(p, randomMap(2, 300, 10.0, rng), false, "pass " + pass);
    }
  }

  private static void assertSameBits(double[][] p, double[][] y, boolean parallel, String what) {
    int k = y.length;
    int n = p.length;
    double[][] a = new double[k][n];
    double[][] r = new double[k][n];
    double[][] aRef = new double[k][n];
    double[][] rRef = new double[k][n];
    double sRef = TwoLoopPairSweep.sweep(p, y, aRef, rRef);
    for (Optional<PairSweep.Row2> fused : List.of(PairSweep.vector(), Optional.<PairSweep.Row2>empty())) {
      String how = what + (fused.isPresent() ? " fused" : " two loops");
      double s = PairSweep.ofFull(p, k, parallel, fused).sweep(y, a, r);
      assertEquals(Double.doubleToRawLongBits(sRef), Double.doubleToRawLongBits(s), how + " S");
      for (int c = 0; c < k; c++) {
        assertArrayEquals(rawBits(aRef[c]), rawBits(a[c]), how + " A" + c);
        assertArrayEquals(rawBits(rRef[c]), rawBits(r[c]), how + " R" + c);
      }
    }
  }

  private static long[] rawBits(double[] v) {
    long[] bits = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      bits[i] = Double.doubleToRawLongBits(v[i]);
    }
    return bits;
  }

  /** Symmetric, zero diagonal, entries spread over six decades. */
  private static double[][] randomAffinities(int n, SplittableRandom rng) {
    double[][] p = new double[n][n];
    for (int i = 1; i < n; i++) {
      for (int j = 0; j < i; j++) {
        p[i][j] = Math.pow(10, -6 * rng.nextDouble()) / n;
        p[j][i] = p[i][j];
      }
    }
    return p;
  }

  /** Uniform in [-scale, scale], about a tenth of the rows copies of another row (coincident points). */
  private static double[][] randomMap(int k, int n, double scale, SplittableRandom rng) {
    double[][] y = new double[k][n];
    for (int i = 0; i < n; i++) {
      int copy = i > 0 && rng.nextInt(10) == 0 ? rng.nextInt(i) : -1;
      for (int c = 0; c < k; c++) {
        y[c][i] = copy >= 0 ? y[c][copy] : scale * (2 * rng.nextDouble() - 1);
      }
    }
    return y;
  }
}
