package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The filter's cases: the paper's case-1 utility per data set, and cases by name. */
class LabelTaskTest {
  @Test
  void paperCase1_fashionMnist_footwearElseCircleDigits() {
    assertArrayEquals(new int[] {5, 7, 9}, LabelTask.paperCase1("fashion-mnist").utilitySet());
    assertEquals("footwear", LabelTask.paperCase1("fashion-mnist").utilityName());
    assertArrayEquals(new int[] {0, 6, 8, 9}, LabelTask.paperCase1("mnist").utilitySet());
    assertEquals("circle digit", LabelTask.paperCase1("mnist").utilityName());
  }

  @Test
  void named_givenUtilityOrCase2OrUnknown_thatCaseOrRefused() {
    LabelTask given = LabelTask.named(" case1 ", "fashion-mnist", Optional.of(new int[] {3, 1}));
    assertArrayEquals(new int[] {1, 3}, given.utilitySet());
    assertEquals("classes 3,1", given.utilityName());
    assertEquals(LabelTask.case2().title(), LabelTask.named("case2", "mnist", Optional.empty()).title());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LabelTask.named("case3", "mnist", Optional.empty()));
    assertEquals("cases must be case1 and/or case2. Provided value: case3", e.getMessage());
  }
}
