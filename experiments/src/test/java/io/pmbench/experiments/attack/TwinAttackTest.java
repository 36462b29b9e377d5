package io.pmbench.experiments.attack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The twin test on hand-made releases in one dimension. */
class TwinAttackTest {
  // public rows at 0, 1, 2, 3 with labels 0, 1, 2, 3
  private static final double[] PUBLIC = {0, 1, 2, 3};
  private static final int[] LABELS = {0, 1, 2, 3};

  @Test
  void of_rowsNearPublicRows_nearestAndSquaredDistances() {
    TwinAttack t = TwinAttack.of(new double[] {0.1, 2.5, 2.9}, 3, PUBLIC, 4, 1);
    assertArrayEquals(new int[] {0, 2, 3}, t.nearest());
    assertArrayEquals(new double[] {0.01, 0.25, 0.01}, t.distance(), 1e-12);
    assertEquals(1, t.farthest());
  }

  @Test
  void farthest_tie_lowestIndex() {
    assertEquals(0, TwinAttack.of(new double[] {0.5, 1.5}, 2, PUBLIC, 4, 1).farthest());
  }

  @Test
  void uncoveredClass_otherRowsCoverAllButOne_thatClass() {
    // rows 1..3 are copies of public rows 0, 1, 3: only class 2 is uncovered
    TwinAttack t = TwinAttack.of(new double[] {2.4, 0, 1, 3}, 4, PUBLIC, 4, 1);
    assertEquals(OptionalInt.of(2), t.uncoveredClass(0, LABELS));
  }

  @Test
  void uncoveredClass_twoUncovered_empty() {
    TwinAttack t = TwinAttack.of(new double[] {2.4, 0, 1}, 3, PUBLIC, 4, 1);
    assertEquals(OptionalInt.empty(), t.uncoveredClass(0, LABELS));
  }
}
