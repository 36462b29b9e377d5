package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class CellSummaryTest {
  @Test
  void constructor_valid_copiesRecallInAscendingK() {
    SortedMap<Integer, Interval> descending = new TreeMap<>(Comparator.reverseOrder());
    descending.putAll(Fixtures.recall(10, 5, 9));
    CellSummary cell = new CellSummary("cub200", "random", "paper", 0.1, 1e-5, 1, 10,
        descending, 0.1, 1, "none", Double.NaN, Double.NaN, "", "", "none", "");
    assertEquals(List.of(1, 8), List.copyOf(cell.recall().keySet()));
    assertTrue(cell.sensitivityIfAny().isEmpty());
    assertThrows(UnsupportedOperationException.class, () -> cell.recall().clear());
  }

  /** A cell with the given fields and valid values everywhere else. */
  private static CellSummary cell(String mechanism, double epsilon,
      SortedMap<Integer, Interval> recall, double sensitivity) {
    return new CellSummary("cub200", mechanism, "paper", epsilon, 1e-5, 1, 10, recall, 0.1, 1,
        "(0.1, 1e-05)-DP", sensitivity, 1, "", "", "", "");
  }

  @Test
  void constructor_zeroEpsilon_throwsWithMessage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cell("privatemail", 0, Fixtures.recall(10, 5, 9), 1));
    assertEquals("epsilon must be finite and > 0. Provided value: 0.0", e.getMessage());
  }

  @Test
  void constructor_negativeSensitivity_throwsWithMessage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cell("privatemail", 0.1, Fixtures.recall(10, 5, 9), -1));
    assertEquals("sensitivity must be finite and >= 0, or NaN for none. Provided value: -1.0",
        e.getMessage());
  }

  @Test
  void constructor_emptyRecall_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cell("privatemail", 0.1, new TreeMap<>(), 1));
    assertEquals("recall must be non-empty. Provided value: {}", e.getMessage());
  }

  @Test
  void constructor_recallAboveOne_throws() {
    SortedMap<Integer, Interval> recall = new TreeMap<>(Map.of(1, new Interval(1, 1, 1.2)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cell("privatemail", 0.1, recall, 1));
    assertEquals("recall@1 high must be in [0, 1]. Provided value: 1.2", e.getMessage());
  }

  @Test
  void constructor_blankMechanism_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cell(" ", 0.1, Fixtures.recall(10, 5, 9), 1));
    assertEquals("mechanism must be a non-blank string. Provided value: \" \"", e.getMessage());
  }

  @Test
  void recallAt_absentK_throwsNamingPresentKs() {
    CellSummary cell = Fixtures.nonPrivateCell("random", 1, 10, 1, 2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> cell.recallAt(4));
    assertEquals("k must be one of [1, 8]. Provided value: 4", e.getMessage());
  }
}
