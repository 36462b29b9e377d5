package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  // Hand computation: mean 0.6, s = 0.1, t(0.975, 2) = 4.302653, half = 4.302653·0.1/√3
  // = 0.248414. A normal quantile (1.96) instead of t, or s with divisor n, would fail this.
  @Test
  void meanInterval_threeValues_matchesHandComputation() {
    Interval interval = Intervals.meanInterval(new double[] {0.5, 0.6, 0.7});
    assertEquals(0.6, interval.mean(), 1e-12);
    assertEquals(0.6 - 0.248414, interval.low(), 1e-6);
    assertEquals(0.6 + 0.248414, interval.high(), 1e-6);
  }

  @Test
  void meanInterval_identicalValues_zeroWidth() {
    Interval interval = Intervals.meanInterval(new double[] {0.25, 0.25, 0.25, 0.25});
    assertEquals(0.25, interval.mean(), 0.0);
    assertEquals(0.0, interval.width(), 0.0);
  }

  @Test
  void meanInterval_oneValue_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Intervals.meanInterval(new double[] {0.5}));
    assertEquals("values.length must be >= 2. Provided value: 1", e.getMessage());
  }

  @Test
  void meanInterval_nan_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Intervals.meanInterval(new double[] {0.5, Double.NaN}));
    assertTrue(e.getMessage().startsWith("values[1] must be finite."), e.getMessage());
  }

  @Test
  void studentTQuantile_twoDegreesOfFreedom_matchesTable() {
    assertEquals(4.302653, Intervals.studentTQuantile(0.975, 2), 1e-6);
  }

  @Test
  void interval_lowAboveMean_throws() {
    assertThrows(IllegalArgumentException.class, () -> new Interval(0.5, 0.6, 0.7));
  }

  @Test
  void clippedToUnit_endsOutsideUnit_clipped() {
    Interval clipped = new Interval(0.9, 0.7, 1.1).clippedToUnit();
    assertEquals(new Interval(0.9, 0.7, 1.0), clipped);
  }
}
