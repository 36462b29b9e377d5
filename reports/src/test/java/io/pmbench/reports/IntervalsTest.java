package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IntervalsTest {
  private static final double HAND_TOLERANCE = 5e-5;

  // Hand computation with z = 1.959964: centre = (p + z²/2n)/(1 + z²/n),
  // half = z·sqrt(p(1−p)/n + z²/4n²)/(1 + z²/n). A wrong z, a Wald interval or a swapped
  // centre would move these ends by far more than the tolerance.
  @Test
  void wilson_eightOfTen_matchesHandComputation() {
    Interval interval = Intervals.wilson(8, 10);
    assertEquals(0.8, interval.mean(), 0.0);
    assertEquals(0.4902, interval.low(), HAND_TOLERANCE);
    assertEquals(0.9433, interval.high(), HAND_TOLERANCE);
  }

  @Test
  void wilson_zeroOfTen_lowerEndIsExactlyZero() {
    Interval interval = Intervals.wilson(0, 10);
    assertEquals(0.0, interval.mean(), 0.0);
    assertEquals(0.0, interval.low(), 0.0);
    assertEquals(0.2775, interval.high(), HAND_TOLERANCE);
  }

  @Test
  void wilson_tenOfTen_mirrorsZeroOfTen() {
    Interval interval = Intervals.wilson(10, 10);
    assertEquals(1.0, interval.high(), 0.0);
    assertEquals(1 - 0.2775, interval.low(), HAND_TOLERANCE);
  }

  @Test
  void wilson_largeN_approachesWaldInterval() {
    // For n = 10^6, p = 0.3 the two intervals agree to ~1e-7.
    Interval interval = Intervals.wilson(300_000, 1_000_000);
    double wald = 1.959964 * Math.sqrt(0.3 * 0.7 / 1e6);
    assertEquals(0.3 - wald, interval.low(), 1e-6);
    assertEquals(0.3 + wald, interval.high(), 1e-6);
  }

  @Test
  void wilson_successesAboveN_throwsWithMessage() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Intervals.wilson(11, 10));
    assertEquals("successes must be in [0, n = 10]. Provided value: 11", e.getMessage());
  }

  @Test
  void wilson_zeroQueries_throws() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Intervals.wilson(0, 0));
    assertEquals("n must be >= 1. Provided value: 0", e.getMessage());
  }

  @Test
  void interval_lowAboveMean_throws() {
    assertThrows(IllegalArgumentException.class, () -> new Interval(0.5, 0.6, 0.7));
  }
}
