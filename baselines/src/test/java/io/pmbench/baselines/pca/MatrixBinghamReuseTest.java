package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Gibbs chain with the first-level compression reused across column steps (the default) against
 * the same chain computing every compression afresh: the final columns must agree bit for bit (JUnit
 * compares doubles by their bits), for k = 2, 3 and 4 (reuse between the two columns of a sweep
 * boundary, and among the steps that share their first other column), on Gibbs-like spectra with
 * exact zeros and on small flat ones. It fails if a reused compression is not the one a fresh
 * computation gives (a stale column, another coefficient vector) or if the carried maps differ from
 * a fresh level's — either would change PPCA releases for a fixed seed.
 */
class MatrixBinghamReuseTest {

  private static double[][] startColumns(int d, int k, SplittableRandom rng) {
    double[] start = SymmetricEigen.uniformStiefel(d, k, rng);
    double[][] columns = new double[k][d];
    for (int c = 0; c < k; c++) {
      for (int r = 0; r < d; r++) {
        columns[c][r] = start[r * k + c];
      }
    }
    return columns;
  }

  private static void assertSameChain(double[] l, int k, int sweeps, long seed) {
    double[][] reused = startColumns(l.length, k, new SplittableRandom(seed));
    double[][] fresh = startColumns(l.length, k, new SplittableRandom(seed));
    new MatrixBingham(l, true).run(reused, sweeps, new SplittableRandom(seed + 1));
    new MatrixBingham(l, false).run(fresh, sweeps, new SplittableRandom(seed + 1));
    for (int c = 0; c < k; c++) {
      assertArrayEquals(fresh[c], reused[c], "column " + c + ", d=" + l.length + ", k=" + k + ", seed=" + seed);
    }
  }

  @Test
  void run_reusedFirstLevel_bitIdenticalToFreshCompressions() {
    SplittableRandom rng = new SplittableRandom(61);
    for (int k = 2; k <= 4; k++) {
      for (long seed = 0; seed < 3; seed++) {
        double[] l = RankOneCompressionRecordedBitsTest.gibbsSpectrum(60 + (int) seed, rng);
        assertSameChain(l, k, 40, 100 * k + seed);
      }
      double[] flat = {1.0, 0.9, 0.9, 0.5, 0.2, 0, 0};
      assertSameChain(flat, k, 100, 7 + k);
    }
  }

  @Test
  void run_reusedFirstLevelGibbsSized_bitIdenticalToFreshCompressions() {
    // d = 784 as on Fashion-MNIST, coefficient (ε/4) of DᵀD's eigenvalues for ε = 1
    double[] l = RankOneCompressionRecordedBitsTest.gibbsSpectrum(784, new SplittableRandom(62));
    assertSameChain(l, 2, 12, 63);
  }
}
