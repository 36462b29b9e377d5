package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The three-valued verdicts of SPEC.md §10 on a paired interval of A − B. */
class DecisionTest {
  private static BootstrapInterval diff(double low, double high) {
    return new BootstrapInterval((low + high) / 2, low, high, 3, 600, OptionalInt.of(200), 2000);
  }

  @Test
  void beats_intervalAboveZero_reproduced() {
    assertEquals(Decision.REPRODUCED, Decision.beats(diff(0.001, 0.08)));
  }

  @Test
  void beats_intervalBelowMargin_notReproduced() {
    assertEquals(Decision.NOT_REPRODUCED, Decision.beats(diff(-0.3, -0.1)));
    // A may be better, but by at most the margin: no meaningful advantage
    assertEquals(Decision.NOT_REPRODUCED, Decision.beats(diff(-0.01, 0.02)));
  }

  @Test
  void beats_wideIntervalAcrossZero_undecided() {
    assertEquals(Decision.UNDECIDED, Decision.beats(diff(-0.05, 0.10)));
    assertEquals(Decision.UNDECIDED, Decision.beats(diff(0.0, 0.03)));
    assertEquals("undecided (n too small)", Decision.beats(diff(-0.05, 0.10)).label());
  }

  @Test
  void equivalent_insideMargin_reproduced() {
    assertEquals(Decision.REPRODUCED, Decision.equivalent(diff(-0.02, 0.02)));
    assertEquals(Decision.REPRODUCED, Decision.equivalent(diff(-0.005, 0.011)));
  }

  @Test
  void equivalent_entirelyOutsideMargin_notReproduced() {
    assertEquals(Decision.NOT_REPRODUCED, Decision.equivalent(diff(0.021, 0.05)));
    assertEquals(Decision.NOT_REPRODUCED, Decision.equivalent(diff(-0.2, -0.03)));
  }

  @Test
  void equivalent_straddlesMargin_undecided() {
    assertEquals(Decision.UNDECIDED, Decision.equivalent(diff(-0.01, 0.03)));
    assertEquals(Decision.UNDECIDED, Decision.equivalent(diff(-0.08, 0.08)));
  }

  @Test
  void and_not_combineVerdicts() {
    assertEquals(Decision.NOT_REPRODUCED, Decision.REPRODUCED.and(Decision.NOT_REPRODUCED));
    assertEquals(Decision.UNDECIDED, Decision.REPRODUCED.and(Decision.UNDECIDED));
    assertEquals(Decision.REPRODUCED, Decision.REPRODUCED.and(Decision.REPRODUCED));
    assertEquals(Decision.REPRODUCED, Decision.NOT_REPRODUCED.not());
    assertEquals(Decision.UNDECIDED, Decision.UNDECIDED.not());
  }
}
