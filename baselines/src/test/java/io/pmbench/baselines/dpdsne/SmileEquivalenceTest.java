package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.baselines.tsne.SyntheticData;
import java.lang.reflect.Field;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import smile.manifold.TSNE;
import smile.math.MathEx;
import smile.stat.distribution.GaussianDistribution;

/**
 * DP-dSNE's loop is pmbench's own code standing in for Smile's (which has no hook for fixed points
 * or noisy gradients). These tests pin it to Smile 3.1.1: the affinities equal Smile's private P,
 * and with every point free, the gradient unchanged and the same start, the loop reproduces
 * Smile's t-SNE bit for bit. Fails if a constant, the exaggeration schedule, the normaliser or the
 * update order differs from Smile's.
 */
class SmileEquivalenceTest {

  @Test
  void freeRows_allRowsFree_equalSmilesPrivateAffinities() throws ReflectiveOperationException {
    double[][] x = SyntheticData.unitRows(70, 9, new SplittableRandom(21));
    MathEx.setSeed(1);
    TSNE smile = new TSNE(SmileTsne.squaredDistances(x), 2, 30, 200, 0); // 0 iterations: P still exaggerated
    Field f = TSNE.class.getDeclaredField("P");
    f.setAccessible(true);
    double[][] smileP = (double[][]) f.get(smile);

    double[][] ours = SmileAffinities.freeRows(x, x.length);

    for (int i = 0; i < x.length; i++) {
      assertArrayEquals(smileP[i], ours[i], 0.0, "row " + i);
    }
  }

  @Test
  void fixedPointTsne_everyPointFree_reproducesSmileBitForBit() {
    double[][] x = SyntheticData.unitRows(60, 8, new SplittableRandom(22));
    long seed = 77;
    double[] smile = SmileTsne.embed(x, 2, seed);
    // Smile's start: MathEx's generator, N(0, 1e-4 sd), row by row.
    MathEx.setSeed(seed);
    GaussianDistribution start = new GaussianDistribution(0.0, 1e-4);
    double[][] y = new double[x.length][2];
    for (double[] yi : y) {
      for (int c = 0; c < 2; c++) {
        yi[c] = start.rand();
      }
    }
    FixedPointTsne loop = new FixedPointTsne(y, x.length, SmileAffinities.freeRows(x, x.length), new double[0]);
    for (int t = 0; t < SmileTsne.iterations(); t++) {
      loop.step(loop.gradient());
    }
    loop.centre();

    assertEquals(SmileTsne.iterations(), loop.iteration());
    for (int i = 0; i < x.length; i++) {
      assertEquals(smile[2 * i], y[i][0], 0.0, "row " + i);
      assertEquals(smile[2 * i + 1], y[i][1], 0.0, "row " + i);
    }
  }
}
