package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link ClopperPearson} against closed forms and published values. */
class ClopperPearsonTest {
  @Test
  void of_zeroSuccesses_upperIsClosedForm() {
    // k = 0: upper = 1 − (a/2)^(1/n).
    ClopperPearson ci = ClopperPearson.of(0, 10, 0.95);
    assertEquals(0, ci.lower());
    assertEquals(1 - Math.pow(0.025, 0.1), ci.upper(), 1e-9);
  }

  @Test
  void of_halfOfTen_matchesPublishedInterval() {
    // 5 of 10 at 95%: [0.1871, 0.8129] (Clopper & Pearson's exact interval, as tabulated e.g. by R's binom.test).
    ClopperPearson ci = ClopperPearson.of(5, 10, 0.95);
    assertEquals(0.187086, ci.lower(), 1e-6);
    assertEquals(0.812914, ci.upper(), 1e-6);
  }

  @Test
  void of_allSuccesses_upperIsOneAndLowerClosedForm() {
    ClopperPearson ci = ClopperPearson.of(20, 20, 0.95);
    assertEquals(1, ci.upper());
    assertEquals(Math.pow(0.025, 1.0 / 20), ci.lower(), 1e-9);
  }

  @Test
  void of_badCounts_throw() {
    assertThrows(IllegalArgumentException.class, () -> ClopperPearson.of(3, 2, 0.95));
    assertThrows(IllegalArgumentException.class, () -> ClopperPearson.of(1, 2, 1.0));
  }
}
