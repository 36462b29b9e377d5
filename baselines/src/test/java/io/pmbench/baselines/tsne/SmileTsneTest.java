package io.pmbench.baselines.tsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import smile.manifold.TSNE;
import smile.math.MathEx;

/**
 * {@link SmileTsne}: determinism under a seed (also with concurrent runs), the square-input guard,
 * and equality with Smile's own handling of row input.
 */
class SmileTsneTest {

  @Test
  void embed_sameSeedTwice_identicalCoordinates() {
    // Fails if Smile's start is not taken from the generator we seed (e.g. an unseeded global one).
    double[][] x = SyntheticData.unitRows(50, 6, new SplittableRandom(1));

    assertArrayEquals(SmileTsne.embed(x, 2, 42), SmileTsne.embed(x, 2, 42), 0.0);
  }

  @Test
  void embed_differentSeeds_differentCoordinates() {
    double[][] x = SyntheticData.unitRows(50, 6, new SplittableRandom(1));

    assertFalse(Arrays.equals(SmileTsne.embed(x, 2, 42), SmileTsne.embed(x, 2, 43)));
  }

  @Test
  void embed_nonSquareRows_matchesSmileOnRowsBitForBit() {
    // Passing the distance matrix ourselves must not change what Smile computes from rows.
    double[][] x = SyntheticData.unitRows(45, 7, new SplittableRandom(2));
    MathEx.setSeed(9);
    double[][] smile = new TSNE(x, 2, 30, 200, 1000).coordinates;

    assertArrayEquals(SmileTsne.flatten(smile, 2), SmileTsne.embed(x, 2, 9), 0.0);
  }

  @Test
  void squaredDistances_knownTail_equalsComputingEverything() {
    // The tsne client reuses the public-public distances of its cell. Fails if the copied block
    // is misplaced or a recomputed pair differs in any bit from the full computation.
    double[][] x = SyntheticData.unitRows(30, 9, new SplittableRandom(10));
    double[][] tail = Arrays.copyOfRange(x, 7, 30);

    double[][] reused = SmileTsne.squaredDistances(x, tail, SmileTsne.squaredDistances(tail));

    double[][] full = SmileTsne.squaredDistances(x);
    for (int i = 0; i < 30; i++) {
      assertArrayEquals(full[i], reused[i], 0.0, "row " + i);
    }
  }

  @Test
  void squaredDistances_tailNotTheKnownRows_refused() {
    // A client whose D does not end with the cell's public rows must not get their distances.
    double[][] x = SyntheticData.unitRows(12, 4, new SplittableRandom(11));
    double[][] other = SyntheticData.unitRows(5, 4, new SplittableRandom(12));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SmileTsne.squaredDistances(x, other, SmileTsne.squaredDistances(other)));
    assertTrue(e.getMessage().contains("row 7"), e.getMessage());
  }

  @Test
  void embed_squareInput_isEmbeddedAsRowsNotAsDistances() {
    // n = d = 40: Smile alone would read the rows as squared distances; SmileTsne must not.
    double[][] x = SyntheticData.unitRows(40, 40, new SplittableRandom(3));
    double[] ours = SmileTsne.embed(x, 2, 5);
    double[] fromDistances = SmileTsne.flatten(SmileTsne.embedDistances(SmileTsne.squaredDistances(x), 2, 5), 2);
    MathEx.setSeed(5);
    double[] smileRaw = SmileTsne.flatten(new TSNE(x, 2, 30, 200, 1000).coordinates, 2);

    assertArrayEquals(fromDistances, ours, 0.0);
    assertFalse(Arrays.equals(smileRaw, ours), "square input was read as a distance matrix");
  }

  @Test
  void embed_concurrentRunsInParallelStream_matchSequentialRuns() {
    // The runner calls t-SNE from parallel queries on the common fork-join pool, and Smile's own
    // loops use that pool too. Fails if Smile's generator is shared between threads, or if another
    // run can consume it between setSeed and the initial draws (e.g. through work stealing).
    int runs = 8;
    double[][][] data = new double[runs][][];
    double[][] sequential = new double[runs][];
    for (int r = 0; r < runs; r++) {
      data[r] = SyntheticData.unitRows(40 + 3 * r, 5, new SplittableRandom(100 + r));
      sequential[r] = SmileTsne.embed(data[r], 2, 1000L + r);
    }
    double[][] parallel = new double[runs][];
    for (int repeat = 0; repeat < 2; repeat++) {
      IntStream.range(0, runs).parallel().forEach(r -> parallel[r] = SmileTsne.embed(data[r], 2, 1000L + r));
      for (int r = 0; r < runs; r++) {
        assertArrayEquals(sequential[r], parallel[r], 0.0, "run " + r);
      }
    }
  }

  @Test
  void squaredDistances_symmetricWithZeroDiagonal() {
    double[][] x = SyntheticData.unitRows(6, 3, new SplittableRandom(4));
    double[][] d = SmileTsne.squaredDistances(x);

    for (int i = 0; i < 6; i++) {
      assertEquals(0.0, d[i][i]);
      for (int j = 0; j < 6; j++) {
        assertEquals(d[i][j], d[j][i], 0.0);
        assertEquals(MathEx.squaredDistance(x[i], x[j]), d[i][j], 1e-15);
      }
    }
  }

  @Test
  void embed_oneRow_refused() {
    assertThrows(IllegalArgumentException.class, () -> SmileTsne.embed(new double[][] {{1, 0}}, 2, 1));
  }
}
