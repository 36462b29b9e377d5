package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RankOneCompression} (loops reordered so the divisions vectorise, pole pairs summed in
 * one pass, coordinate maps fused into the norm pass or batched) against
 * {@link RankOneCompressionReference} (the implementation before): eigenvalues and both coordinate
 * maps — including the vectors carried through the construction and the batched map — must agree
 * bit for bit (JUnit compares doubles by their bits), on random, clustered/sparse (deflation and
 * merges), huge-scale and Gibbs-sized (m = 400, 783 and 784, eigenvalues of a Gram matrix) cases.
 * Since {@link MatrixBingham} uses the compression only through these outputs, its chain — and so
 * every PPCA release for a fixed seed — is unchanged. It fails if a reordered, paired or fused
 * loop sums in a different order, uses a different expression, or if the lock-step root solver
 * iterates a root differently from the one-root-at-a-time solver.
 */
class RankOneCompressionReferenceTest {

  private static void assertSameBits(double[] l, double[] u, SplittableRandom rng) {
    int m = l.length;
    double[][] carried = {RankOneCompressionTest.gaussian(m, rng), RankOneCompressionTest.gaussian(m, rng)};
    double[][] inputs = carried.clone();
    RankOneCompression fast = RankOneCompression.of(l, u, carried);
    RankOneCompressionReference ref = new RankOneCompressionReference(l, u);
    assertArrayEquals(ref.values(), fast.values(), "values, m=" + m);
    for (int c = 0; c < carried.length; c++) {
      assertArrayEquals(ref.toNew(inputs[c]), carried[c], "vector carried through the construction, m=" + m);
    }
    for (int rep = 0; rep < 3; rep++) {
      double[] v = RankOneCompressionTest.gaussian(m, rng);
      assertArrayEquals(ref.toNew(v), fast.toNew(v), "toNew, m=" + m);
      double[] y = RankOneCompressionTest.gaussian(m - 1, rng);
      assertArrayEquals(ref.toOld(y), fast.toOld(y), "toOld, m=" + m);
    }
    double[][] batch = {RankOneCompressionTest.gaussian(m, rng), RankOneCompressionTest.gaussian(m, rng),
        RankOneCompressionTest.gaussian(m, rng)};
    double[][] batchInputs = batch.clone();
    fast.toNew(batch);
    for (int c = 0; c < batch.length; c++) {
      assertArrayEquals(ref.toNew(batchInputs[c]), batch[c], "batched toNew, m=" + m);
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

  @Test
  void compression_fashionMnistSized_bitIdenticalToReference() {
    // d = 784 and 783 (an odd pole count leaves one unpaired pole in the secular sums)
    SplittableRandom rng = new SplittableRandom(24);
    for (int m : new int[] {784, 783}) {
      assertSameBits(RankOneCompressionRecordedBitsTest.gibbsSpectrum(m, rng), RankOneCompressionTest.gaussian(m, rng),
          rng);
    }
  }

  @Test
  void update_carriedAndBatchedVectors_bitIdenticalToOneByOneMaps() {
    // The update has no root-by-root reference (RankOneCompressionRecordedBitsTest pins its bits);
    // here its fused and batched maps must equal its own one-vector toNew. Fails if the fused norm
    // pass or the batched pass sums a coordinate differently.
    SplittableRandom rng = new SplittableRandom(25);
    for (int m : new int[] {1, 2, 5, 40, 784}) {
      double[] l = m >= 40 ? RankOneCompressionRecordedBitsTest.gibbsSpectrum(m, rng)
          : RankOneCompressionTest.gaussian(m, rng);
      double[] u = RankOneCompressionTest.gaussian(m, rng);
      double[][] carried = new double[3][];
      for (int c = 0; c < carried.length; c++) {
        carried[c] = RankOneCompressionTest.gaussian(m, rng);
      }
      double[][] inputs = carried.clone();
      RankOneCompression fused = RankOneCompression.update(l, u, carried);
      RankOneCompression plain = RankOneCompression.update(l, u);
      assertArrayEquals(plain.values(), fused.values(), "values, m=" + m);
      double[][] batch = inputs.clone();
      plain.toNew(batch);
      for (int c = 0; c < carried.length; c++) {
        double[] one = plain.toNew(inputs[c]);
        assertArrayEquals(one, carried[c], "carried vector " + c + ", m=" + m);
        assertArrayEquals(one, batch[c], "batched vector " + c + ", m=" + m);
      }
      double[][] single = {inputs[0]};
      RankOneCompression.update(l, u, single);
      assertArrayEquals(plain.toNew(inputs[0]), single[0], "one carried vector, m=" + m);
    }
  }
}
