package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RankOneCompression#update} and {@link RankOneCompression#of} against fingerprints of
 * their eigenvalues and both coordinate maps recorded from commit 76a27fa (before the perf-pca
 * branch paired the poles of the secular-equation sums and fused the coordinate maps into the norm
 * pass), each a hash of the raw bits of every entry ({@link PrivatePcaRecordedBitsTest#fingerprint}).
 * The update has no root-by-root reference implementation, so these recorded bits are what pins
 * it; the compression is also compared entry by entry with {@link RankOneCompressionReference}.
 * Cases: random, clustered/sparse (deflation and merges), odd and even sizes, and a Gibbs-sized
 * spectrum (m = 784, a decaying tail and exact zeros).
 */
class RankOneCompressionRecordedBitsTest {

  /** l like (ε/4)·eigenvalues of DᵀD for d = 784 unit rows: a few large, a long decaying tail, 20 zeros. */
  static double[] gibbsSpectrum(int m, SplittableRandom rng) {
    double[] l = new double[m];
    for (int i = 0; i < m; i++) {
      l[i] = i >= m - 20 ? 0 : 150.0 / Math.pow(1 + i, 1.3) + 1e-4 * rng.nextDouble();
    }
    return l;
  }

  /** The fingerprints of values(), toNew(v) and toOld(y) for v, y drawn from {@code rng}. */
  private static long[] bits(RankOneCompression c, int m, SplittableRandom rng) {
    double[] v = RankOneCompressionTest.gaussian(m, rng);
    double[] values = c.values();
    double[] y = RankOneCompressionTest.gaussian(values.length, rng);
    return new long[] {PrivatePcaRecordedBitsTest.fingerprint(values),
        PrivatePcaRecordedBitsTest.fingerprint(c.toNew(v)), PrivatePcaRecordedBitsTest.fingerprint(c.toOld(y))};
  }

  private static void assertRecorded(long[] actual, String label, long... expected) {
    assertEquals(expected[0], actual[0], "values, " + label);
    assertEquals(expected[1], actual[1], "toNew, " + label);
    assertEquals(expected[2], actual[2], "toOld, " + label);
  }

  @Test
  void update_randomAndClusteredCases_bitIdenticalToRecordedMain() {
    // Fails if an update's roots, weights, norms or maps differ in any bit from commit 76a27fa.
    SplittableRandom rng = new SplittableRandom(31);
    double[][] random = new double[4][];
    for (int i = 0; i < random.length; i++) {
      int m = new int[] {1, 2, 7, 150}[i];
      random[i] = RankOneCompressionTest.gaussian(m, rng);
    }
    assertRecorded(bits(RankOneCompression.update(random[0], new double[] {0.7}), 1, rng), "m=1",
        4642962528493654992L, -4581432086808832776L, -4579533219711988386L);
    assertRecorded(bits(RankOneCompression.update(random[1], RankOneCompressionTest.gaussian(2, rng)), 2, rng),
        "m=2", 1308380872645856367L, 919807979871878864L, -8406343840615124305L);
    assertRecorded(bits(RankOneCompression.update(random[2], RankOneCompressionTest.gaussian(7, rng)), 7, rng),
        "m=7", 1636333841038618682L, 2503750581602139344L, 7478853296988372863L);
    assertRecorded(bits(RankOneCompression.update(random[3], RankOneCompressionTest.gaussian(150, rng)), 150, rng),
        "m=150", -5926954506494980324L, -5486876466107965812L, -8891808170288570728L);
    double[][] lu = RankOneCompressionTest.clusteredCase(61, rng);
    assertRecorded(bits(RankOneCompression.update(lu[0], lu[1]), 61, rng), "clustered m=61",
        -3275154271767604145L, 2328393818453336309L, 3149304444438735195L);
  }

  @Test
  void updateAndCompression_gibbsSizedSpectrum_bitIdenticalToRecordedMain() {
    // The real size (m = 784 and 783): fails if a paired pole sum, a fused map or the deflation
    // changed any bit of an update or a compression since commit 76a27fa.
    SplittableRandom rng = new SplittableRandom(32);
    double[] l = gibbsSpectrum(784, rng);
    double[] u = RankOneCompressionTest.gaussian(784, rng);
    assertRecorded(bits(RankOneCompression.update(l, u), 784, rng), "update m=784",
        -4953081369089915182L, -2135747744115329503L, 5162892418792338668L);
    assertRecorded(bits(RankOneCompression.of(l, u), 784, rng), "compression m=784",
        -949596434702907700L, 6570646206700038882L, 4445054681879087410L);
    double[] odd = gibbsSpectrum(783, rng);
    double[] w = RankOneCompressionTest.gaussian(783, rng);
    assertRecorded(bits(RankOneCompression.update(odd, w), 783, rng), "update m=783",
        7887492288534427487L, -923111325316707323L, -1168197147972453676L);
    assertRecorded(bits(RankOneCompression.of(odd, w), 783, rng), "compression m=783",
        6704672954399350385L, -5192672366419786191L, -7342730752871540099L);
  }
}
