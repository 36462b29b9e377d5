package io.pmbench.experiments.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import org.junit.jupiter.api.Test;

/**
 * Recall over a test split, every row a query against the others, on a case worked by hand: if
 * the query were not excluded, every row would find itself (Recall 1 at every K); if the
 * neighbours were ranked wrongly, row 2's first hit would not be third.
 */
class TestSplitRecallTest {
  @Test
  void of_pointsOnALine_matchesTheHandCount() {
    // 1-d rows 0, 1, 3, 10 with labels a, a, b, b: rows 0, 1, 3 hit at K = 1; row 2 (at 3) sees
    // 1 (a), 0 (a), then 10 (b): its first hit is third
    LabelledSet test = new LabelledSet(new FeatureMatrix(new float[] {0, 1, 3, 10}, 4, 1), new int[] {0, 0, 1, 1});
    assertArrayEquals(new double[] {0.75, 0.75, 1.0}, TestSplitRecall.of(test, new int[] {1, 2, 3}));
  }

  @Test
  void of_oneRow_rejected() {
    LabelledSet one = new LabelledSet(new FeatureMatrix(new float[] {1}, 1, 1), new int[] {0});
    assertThrows(IllegalArgumentException.class, () -> TestSplitRecall.of(one, new int[] {1}));
  }
}
