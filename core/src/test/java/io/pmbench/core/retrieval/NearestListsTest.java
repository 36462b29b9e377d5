package io.pmbench.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link NearestLists}: R_indep from a hand-made cell, and its checks. */
class NearestListsTest {
  /**
   * Four queries with labels 0, 0, 1, 2 (π = 1/2, 1/4, 1/4 for labels 0, 1, 2; label 3 never a
   * query), K = 3 kept.
   */
  private static final NearestLists CELL = new NearestLists(3, new int[] {0, 0, 1, 2},
      new int[] {10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, NearestLists.NO_ROW},
      new int[] {0, 0, 1, 3, 3, 3, 2, 1, 0, 1, 2, NearestLists.NO_ROW});

  @Test
  void independentChances_handMadeCell_matchesHandComputation() {
    // By hand at K = 3: q0 retrieves {0, 1}: 1/2 + 1/4; q1 {3}: 0 (3 is no query's label);
    // q2 {2, 1, 0}: 1; q3 {1, 2} (the missing third row counts for nothing): 1/2.
    assertArrayEquals(new double[] {0.75, 0.0, 1.0, 0.5}, CELL.independentChances(3), 1e-15);
    assertEquals((0.75 + 0 + 1 + 0.5) / 4, CELL.independentRecall(3), 1e-15);
    // At K = 1: q0 {0}: 1/2; q1 {3}: 0; q2 {2}: 1/4; q3 {1}: 1/4.
    assertEquals((0.5 + 0 + 0.25 + 0.25) / 4, CELL.independentRecall(1), 1e-15);
  }

  @Test
  void independentChances_repeatedLabel_countedOnce() {
    // Fails if a label retrieved twice were counted twice (L_q is a set).
    NearestLists t = new NearestLists(2, new int[] {0, 1}, new int[] {5, 6, 7, 8}, new int[] {0, 0, 1, 1});
    assertArrayEquals(new double[] {0.5, 0.5}, t.independentChances(2), 1e-15);
  }

  @Test
  void independentChances_everyLabelRetrieved_exactlyOneNeverAbove() {
    // 28 queries of labels 0 (9), 1 (18) and 2 (1): 9/28 + 18/28 + 1/28 summed term by term in
    // double is 1.0000000000000002, which the bootstrap of values in [0, 1] refuses (a run then
    // stopped after its cells); summed as counts it is exactly 1.
    int[] queryLabels = new int[28];
    for (int q = 0; q < 28; q++) {
      queryLabels[q] = q < 9 ? 0 : q < 27 ? 1 : 2;
    }
    int[] ids = new int[28 * 3];
    int[] labels = new int[28 * 3];
    for (int q = 0; q < 28; q++) {
      for (int j = 0; j < 3; j++) {
        ids[q * 3 + j] = 100 + j;
        labels[q * 3 + j] = j;
      }
    }
    double[] chances = new NearestLists(3, queryLabels, ids, labels).independentChances(3);
    for (double c : chances) {
      assertEquals(1.0, c, 0.0);
    }
  }

  @Test
  void new_idsNotQueriesTimesK_throws() {
    assertThrows(IllegalArgumentException.class, () -> new NearestLists(2, new int[] {0}, new int[] {1}, new int[] {0}));
  }

  @Test
  void independentChances_kBeyondKept_throws() {
    assertThrows(IllegalArgumentException.class, () -> CELL.independentChances(4));
  }

  @Test
  void row_shortNeighbourList_paddedWithNoRow() {
    int[][] r = NearestLists.row(new int[] {2}, new int[] {7, 8, 9}, 3);
    assertArrayEquals(new int[] {2, NearestLists.NO_ROW, NearestLists.NO_ROW}, r[0]);
    assertArrayEquals(new int[] {9, NearestLists.NO_ROW, NearestLists.NO_ROW}, r[1]);
  }
}
