package io.pmbench.baselines.tsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ExactTsne}, the fast core of {@code tsne}, against Smile 3.1.1's t-SNE ({@code tsne-smile}):
 * the same P, the same gradient up to rounding, the same final KL divergence from the same start,
 * and determinism under a seed.
 */
class ExactTsneTest {

  @Test
  void packed_equalsSmilesAffinitiesBitForBit() {
    // Fails if the packed triangle is not Smile's P (freeRows with every row free is checked
    // against Smile's private P in SmileEquivalenceTest).
    double[][] x = SyntheticData.unitRows(40, 7, new SplittableRandom(31));
    double[][] d = SmileTsne.squaredDistances(x);

    double[] packed = SmileAffinities.packed(40, j -> d[j]);

    double[][] full = SmileAffinities.freeRows(x, 40);
    for (int i = 1; i < 40; i++) {
      for (int j = 0; j < i; j++) {
        assertEquals(full[i][j], packed[i * (i - 1) / 2 + j], 0.0, "(" + i + ", " + j + ")");
        assertEquals(full[j][i], packed[i * (i - 1) / 2 + j], 0.0, "(" + j + ", " + i + ")");
      }
    }
  }

  @Test
  void gradient_randomMaps_equalsSmilesFormulaToSinglePrecision() {
    // Fails if the split g = 4(A - R/Z) drops a term, mirrors a pair with the wrong sign, or
    // leaves Smile's diagonal out of Z; for k = 2 (the unrolled case) and k = 3. The sweep runs in
    // single precision (2^-24 per operation, sums of up to n terms), so the tolerance is 10^-5 of
    // the gradient's largest entry: a dropped or mis-signed pair term moves an entry by ~1/n of it.
    for (int k : new int[] {2, 3}) {
      int n = 37;
      double[][] x = SyntheticData.unitRows(n, 6, new SplittableRandom(32));
      double[][] d = SmileTsne.squaredDistances(x);
      double[] p = SmileAffinities.packed(n, j -> d[j]);
      for (int t = 0; t < p.length; t++) {
        p[t] = (float) p[t]; // the core keeps P in single precision: compare on the same P
      }
      double[] y = new double[n * k];
      SplittableRandom rng = new SplittableRandom(33);
      for (int t = 0; t < y.length; t++) {
        y[t] = 3 * rng.nextDouble() - 1.5;
      }

      double[] ours = new ExactTsne(p.clone(), y, n, k).currentGradient();

      double[] reference = referenceGradient(p, y, n, k);
      double scale = Arrays.stream(reference).map(Math::abs).max().orElseThrow();
      for (int t = 0; t < y.length; t++) {
        assertEquals(reference[t], ours[t], 1e-5 * scale, "k=" + k + " entry " + t);
      }
    }
  }

  @Test
  void embed_sameInputsAndSeeds_meanFinalKlWithinOnePercentOfSmiles() {
    // The acceptance test of issue 23. From the same start (Smile's generator, same seed) the fast
    // core and Smile's t-SNE differ only by rounding, but 1000 iterations amplify that into a
    // different local optimum, so single runs differ by a few percent either way (as two Smile
    // runs from starts one ulp apart do). Over eight seeds the mean KL(P||Q) must agree within 1%
    // (the tolerance). Fails if a constant of the optimiser (momentum, gains, exaggeration,
    // its switch) or the gradient differs: e.g. no exaggeration gives a mean KL several % higher.
    double[][] rows = SyntheticData.unitRows(200, 12, new SplittableRandom(41));
    double[][] d = SmileTsne.squaredDistances(rows);
    double smile = 0;
    double fast = 0;
    int seeds = 8;
    for (long seed = 1; seed <= seeds; seed++) {
      double s = kl(rows, SmileTsne.flatten(SmileTsne.embedDistances(d, 2, seed), 2), 2);
      double f = kl(rows, ExactTsne.embed(d, 2, seed), 2);
      System.out.printf("seed %d: KL(P||Q) smile %.6f, fast %.6f, ratio %.5f%n", seed, s, f, f / s);
      smile += s / seeds;
      fast += f / seeds;
    }

    System.out.printf("mean over %d seeds: KL(P||Q) smile %.6f, fast %.6f, ratio %.5f%n", seeds, smile, fast,
        fast / smile);
    assertEquals(smile, fast, 0.01 * smile);
  }

  @Test
  void step_first5Iterations_followSmilesTrajectory() {
    // Before rounding differences grow, the fast core (P in float) must follow Smile's own run to
    // 1e-6 of the map's scale. At this step size the map jumps by ~10 per step early on, so one
    // ulp grows to 1e-2 by iteration 100, and P's float rounding (6e-8) to 3e-6 by iteration 10:
    // five iterations it is. Fails if any constant or the order
    // of gains, momentum and update differs from Smile's.
    double[][] d = SmileTsne.squaredDistances(SyntheticData.unitRows(60, 8, new SplittableRandom(35)));
    int n = 60;
    smile.math.MathEx.setSeed(5);
    double[] smile = SmileTsne.flatten(new smile.manifold.TSNE(d, 2, 30, 200, 5).coordinates, 2);
    ExactTsne fast = new ExactTsne(SmileAffinities.packed(n, j -> d[j]), ExactTsne.smileStart(n, 2, 5), n, 2);
    for (int t = 0; t < 5; t++) {
      fast.step();
    }

    double[] ours = fast.centredMap();
    double scale = Arrays.stream(smile).map(Math::abs).max().orElseThrow();
    assertArrayEquals(smile, ours, 1e-6 * scale);
  }

  @Test
  void embed_sameSeedTwice_identicalBits_differentSeedDifferent() {
    double[][] d = SmileTsne.squaredDistances(SyntheticData.unitRows(50, 6, new SplittableRandom(34)));

    double[] a = ExactTsne.embed(d, 2, 42);

    assertArrayEquals(a, ExactTsne.embed(d, 2, 42), 0.0);
    assertFalse(Arrays.equals(a, ExactTsne.embed(d, 2, 43)));
  }

  @Test
  void step_parallelBlocks_sameBitsAsSequential() {
    // Fails if a block reads another block's partial sums, if the partials are added in an order
    // that depends on scheduling, or if the pool run skips or repeats rows: 300 rows (above the
    // parallel threshold), 20 iterations across the exaggeration-free path, k = 2 and 3.
    int n = 300;
    double[][] d = SmileTsne.squaredDistances(SyntheticData.unitRows(n, 6, new SplittableRandom(36)));
    double[] p = SmileAffinities.packed(n, j -> d[j]);
    for (int k : new int[] {2, 3}) {
      ExactTsne parallel = new ExactTsne(p, ExactTsne.smileStart(n, k, 8), n, k, true);
      ExactTsne sequential = new ExactTsne(p, ExactTsne.smileStart(n, k, 8), n, k, false);
      for (int t = 0; t < 20; t++) {
        parallel.step();
        sequential.step();
      }

      assertArrayEquals(sequential.centredMap(), parallel.centredMap(), 0.0, "k=" + k);
    }
  }

  @Test
  void blockStart_coversEveryRowOnce_equalHalves() {
    // Fails if the blocks overlap, leave a row out, or are unbalanced (the parallel pass then
    // waits for the larger block): every row has n pairs, so equal halves.
    for (int n : new int[] {2, 3, 1010}) {
      assertEquals(0, PairSweep.blockStart(n, 0));
      assertEquals(n, PairSweep.blockStart(n, PairSweep.BLOCKS));
      for (int b = 0; b < PairSweep.BLOCKS; b++) {
        int rows = PairSweep.blockStart(n, b + 1) - PairSweep.blockStart(n, b);
        assertEquals(n / (double) PairSweep.BLOCKS, rows, 1.0, "n=" + n + " block " + b);
      }
    }
  }

  @Test
  void embed_startIsSmilesStart() {
    // Fails if the fast core does not start where Smile starts (then the KL comparison compares
    // different runs rather than different arithmetic).
    double[] start = ExactTsne.smileStart(30, 2, 9);
    double[] again = ExactTsne.smileStart(30, 2, 9);

    assertArrayEquals(start, again, 0.0);
    assertEquals(0.0, Arrays.stream(start).average().orElseThrow(), 1e-4);
  }

  @Test
  void constructor_wrongSizes_refused() {
    assertThrows(IllegalArgumentException.class, () -> new ExactTsne(new double[2], new double[6], 3, 2));
    assertThrows(IllegalArgumentException.class, () -> new ExactTsne(new double[0], new double[2], 1, 2));
  }

  /** Smile's gradient, term by term: g_i = Σ_{j≠i} 4·(p_ij − w_ij/Z)·w_ij·(y_i − y_j), Z over all (i, j). */
  private static double[] referenceGradient(double[] packed, double[] y, int n, int k) {
    double[][] w = kernel(y, n, k);
    double z = Arrays.stream(w).flatMapToDouble(Arrays::stream).sum();
    double[] g = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (j != i) {
          double pij = packed[Math.max(i, j) * (Math.max(i, j) - 1) / 2 + Math.min(i, j)];
          for (int c = 0; c < k; c++) {
            g[i * k + c] += 4 * (pij - w[i][j] / z) * w[i][j] * (y[i * k + c] - y[j * k + c]);
          }
        }
      }
    }
    return g;
  }

  /**
   * KL(P||Q) = Σ_{i≠j} p_ij·ln(p_ij/q_ij), P the symmetric affinities without exaggeration (Smile's
   * P / 12), q_ij = w_ij/Σ_{l≠m} w_lm with w the Student-t kernel of the map.
   */
  static double kl(double[][] rows, double[] y, int k) {
    int n = rows.length;
    double[][] p = SmileAffinities.freeRows(rows, n);
    double[][] w = kernel(y, n, k);
    double z = Arrays.stream(w).flatMapToDouble(Arrays::stream).sum() - n;
    double kl = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (j != i) {
          double pij = p[i][j] / SmileAffinities.exaggeration();
          kl += pij * Math.log(pij / (w[i][j] / z));
        }
      }
    }
    return kl;
  }


  /** w_ij = 1/(1 + ‖y_i − y_j‖²) for every (i, j), diagonal (= 1) included. */
  private static double[][] kernel(double[] y, int n, int k) {
    double[][] w = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int c = 0; c < k; c++) {
          double diff = y[i * k + c] - y[j * k + c];
          s += diff * diff;
        }
        w[i][j] = 1 / (1 + s);
      }
    }
    return w;
  }
}
