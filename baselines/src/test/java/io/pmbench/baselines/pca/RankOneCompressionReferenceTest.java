package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RankOneCompression} (loops reordered so the divisions vectorise) against
 * {@link RankOneCompressionReference} (the implementation before): eigenvalues and both coordinate
 * maps must agree bit for bit (JUnit compares doubles by their bits), on random, clustered/sparse
 * (deflation and merges), huge-scale and Gibbs-sized (m = 400, eigenvalues of a Gram matrix)
 * cases. Since {@link MatrixBingham} uses the compression only through these three outputs, its
 * chain — and so every PPCA release for a fixed seed — is unchanged. It fails if a reordered loop
 * sums in a different order, uses a different expression, or if the lock-step root solver
 * iterates a root differently from the one-root-at-a-time solver.
 */
class RankOneCompressionReferenceTest {

  private static void assertSameBits(double[] l, double[] u, SplittableRandom rng) {
    int m = l.length;
    RankOneCompression fast = RankOneCompression.of(l, u);
    RankOneCompressionReference ref = new RankOneCompressionReference(l, u);
    assertArrayEquals(ref.values(), fast.values(), "values, m=" + m);
    for (int rep = 0; rep < 3; rep++) {
      double[] v = RankOneCompressionTest.gaussian(m, rng);
      assertArrayEquals(ref.toNew(v), fast.toNew(v), "toNew, m=" + m);
      double[] y = RankOneCompressionTest.gaussian(m - 1, rng);
      assertArrayEquals(ref.toOld(y), fast.toOld(y), "toOld, m=" + m);
    }
  }

  @Test
  void compression_randomCases_bitIdenticalToReference() {
    SplittableRandom rng = new SplittableRandom(21);
    for (int m : new int[] {2, 3, 4, 7, 40, 150}) {
      for (int rep = 0; rep < 4; rep++) {
        assertSameBits(RankOneCompressionTest.gaussian(m, rng), RankOneCompressionTest.gaussian(m, rng), rng);
      }
    }
  }

  @Test
  void compression_clusteredSparseAndHugeCases_bitIdenticalToReference() {
    SplittableRandom rng = new SplittableRandom(22);
    int m = 60;
    for (int rep = 0; rep < 4; rep++) {
      double[][] lu = RankOneCompressionTest.clusteredCase(m, rng);
      assertSameBits(lu[0], lu[1], rng);
    }
    double[] huge = RankOneCompressionTest.gaussian(80, rng);
    for (int i = 0; i < huge.length; i++) {
      huge[i] = 1e8 * huge[i] * huge[i];
    }
    assertSameBits(huge, RankOneCompressionTest.gaussian(80, rng), rng);
  }

  @Test
  void compression_gibbsSizedSpectrum_bitIdenticalToReference() {
    // eigenvalues like those of (ε/2)·DᵀD for unit rows: a few large, a long decaying tail, some zeros
    SplittableRandom rng = new SplittableRandom(23);
    int m = 400;
    double[] l = new double[m];
    for (int i = 0; i < m; i++) {
      l[i] = i >= 380 ? 0 : 250.0 / (1 + i) + 1e-3 * rng.nextDouble();
    }
    assertSameBits(l, RankOneCompressionTest.gaussian(m, rng), rng);
  }
}
