package io.pmbench.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** {@link RecallAtK} on hand-made retrievals (SPEC.md §1). */
class RecallAtKTest {
  private static final int[] KS = {1, 2, 4, 8};

  @Test
  void hits_queryOnALine_firstSameLabelAtRankThree() {
    // Gallery at x = 0..7 with labels below; query at 3.1 with label 2. Neighbours, nearest first:
    // 3, 4, 2, 5, 1, 6, 0, 7 with labels 1, 0, 1, 2, ... so the first hit is the 4th neighbour:
    // Recall@1 = Recall@2 = 0, Recall@4 = Recall@8 = 1. Fails if ranks are off by one.
    double[] gallery = {0, 1, 2, 3, 4, 5, 6, 7};
    int[] labels = {0, 0, 1, 1, 0, 2, 2, 1};
    int[] nn = Knn.nearest(gallery, 8, 1, new double[] {3.1}, 8, -1);

    assertArrayEquals(new int[] {3, 4, 2, 5, 1, 6, 0, 7}, nn);
    assertArrayEquals(new boolean[] {false, false, true, true}, RecallAtK.hits(nn, labels, 2, KS));
  }

  @Test
  void hits_nearestHasQueryLabel_hitsAtEveryK() {
    assertArrayEquals(new boolean[] {true, true, true, true},
        RecallAtK.hits(new int[] {2, 0, 1}, new int[] {5, 6, 7}, 7, KS));
  }

  @Test
  void hits_noNeighbourHasQueryLabel_missesAtEveryK() {
    assertArrayEquals(new boolean[] {false, false, false, false},
        RecallAtK.hits(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[] {0, 0, 0, 0, 1, 1, 1, 1}, 2, KS));
  }

  @Test
  void hits_firstHitAtRankEight_countsOnlyForKEight() {
    int[] labels = {1, 1, 1, 1, 1, 1, 1, 0};
    assertArrayEquals(new boolean[] {false, false, false, true},
        RecallAtK.hits(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, labels, 0, KS));
  }
}
