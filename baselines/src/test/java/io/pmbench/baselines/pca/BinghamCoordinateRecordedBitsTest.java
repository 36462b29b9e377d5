package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every bit of {@link BinghamCoordinate}'s draws (s, 1 − s² and the random stream's position
 * after them) on a grid of sphere sizes and tilts covering both branches (a ≤ K − 1 and a &gt;
 * K − 1, |βL| small and large), against a fingerprint recorded from commit d098026. The PPCA chain
 * makes about 160,000 of these draws per query at d = 784, so a speed-up of the draws (a faster
 * expm1 or log1p, cached envelope weights) must keep this fingerprint. It fails if any draw changes
 * in any bit, or if a draw consumes a different number of random values (which would shift every
 * later draw of the Gibbs chain).
 */
class BinghamCoordinateRecordedBitsTest {
  private static final double[] HALF_DIMS = {1, 1.5, 2, 20.5, 391, 391.5};

  @Test
  void sample_gridOfTilts_bitsAsRecorded() {
    long h = 1125899906842597L;
    SplittableRandom rng = new SplittableRandom(20261125);
    for (double halfDim : HALF_DIMS) {
      double[] tilts = {-1e6, -300, -50, -2, -1, -0.5, -1e-13, 0, 1e-13, 0.5, halfDim - 1, halfDim - 0.5,
          halfDim + 3, 2 * halfDim, 30 * halfDim, 1e6};
      for (double a : tilts) {
        for (int i = 0; i < 300; i++) {
          BinghamCoordinate.Draw d = BinghamCoordinate.sample(halfDim, a, rng);
          h = 31 * h + Double.doubleToRawLongBits(d.s());
          h = 31 * h + Double.doubleToRawLongBits(d.rest());
        }
        h = 31 * h + rng.nextLong();
      }
    }
    for (int i = 0; i < 20_000; i++) { // tilts as a long Gibbs chain meets them
      double a = (rng.nextDouble() - 0.3) * 60;
      BinghamCoordinate.Draw d = BinghamCoordinate.sample(391, a, rng);
      h = 31 * h + Double.doubleToRawLongBits(d.s());
      h = 31 * h + Double.doubleToRawLongBits(d.rest());
    }
    assertEquals(-3411577898816198048L, h);
  }
}
