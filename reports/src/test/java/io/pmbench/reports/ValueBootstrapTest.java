package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Bootstrap#meanOfValues} and {@link Bootstrap#pairedStatistic}: the §10 bootstrap of real per-query values. */
class ValueBootstrapTest {
  private static int[] ids(int n) {
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
    }
    return ids;
  }

  @Test
  void meanOfValues_constant_degenerateIntervalAtTheValue() {
    double[] v = new double[50];
    java.util.Arrays.fill(v, 0.3);
    BootstrapInterval i = Bootstrap.meanOfValues(List.of(new SeedValues(1, ids(50), v), new SeedValues(2, ids(50), v)));
    assertEquals(0.3, i.mean(), 1e-12);
    assertEquals(0.3, i.low(), 1e-12);
    assertEquals(0.3, i.high(), 1e-12);
    assertEquals(100, i.queries());
  }

  @Test
  void meanOfValues_zeroOneValues_agreesWithTheRecallBootstrap() {
    // The same resampling scheme as Bootstrap.recall, drawn query by query instead of by binomials:
    // the two intervals must agree up to the Monte Carlo error of 2,000 resamples. The percentile
    // ends of a 600-query recall near 0.4 have a sampling s.d. of about 0.002; 0.01 is 5 s.d., a
    // false failure well below 1e-5 for this fixed input.
    SplittableRandom r = new SplittableRandom(7);
    List<SeedHits> hits = new java.util.ArrayList<>();
    List<SeedValues> values = new java.util.ArrayList<>();
    for (long s = 1; s <= 3; s++) {
      boolean[] h = new boolean[200];
      double[] v = new double[200];
      for (int i = 0; i < 200; i++) {
        h[i] = r.nextDouble() < 0.3 + 0.05 * s;
        v[i] = h[i] ? 1 : 0;
      }
      hits.add(SeedHits.ofHits(s, h));
      values.add(new SeedValues(s, ids(200), v));
    }
    BootstrapInterval a = Bootstrap.recall(hits);
    BootstrapInterval b = Bootstrap.meanOfValues(values);
    assertEquals(a.mean(), b.mean(), 1e-12);
    assertEquals(a.low(), b.low(), 0.01);
    assertEquals(a.high(), b.high(), 0.01);
  }

  @Test
  void pairedStatistic_bInAnotherOrder_sameIntervalBitForBit() {
    // Fails if B were paired by position rather than by query id.
    boolean[] h = {true, false, true, true, false, false, true, false};
    double[] v = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
    int[] reversedIds = {7, 6, 5, 4, 3, 2, 1, 0};
    double[] reversed = {0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1};
    BootstrapInterval x = Bootstrap.pairedStatistic(List.of(SeedHits.ofHits(1, h)),
        List.of(new SeedValues(1, ids(8), v)), (a, b) -> a - b);
    BootstrapInterval y = Bootstrap.pairedStatistic(List.of(SeedHits.ofHits(1, h)),
        List.of(new SeedValues(1, reversedIds, reversed)), (a, b) -> a - b);
    assertEquals(4.0 / 8 - 3.6 / 8, x.mean(), 1e-12);
    assertEquals(x.mean(), y.mean(), 1e-15);
  }

  @Test
  void pairedStatistic_idMissingFromB_throwsNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Bootstrap.pairedStatistic(
        List.of(SeedHits.ofHits(1, new boolean[] {true, false})),
        List.of(new SeedValues(1, new int[] {0, 5}, new double[] {0.1, 0.2})), (a, b) -> a - b));
    assertEquals(true, e.getMessage().contains("query id 1"), e.getMessage());
  }

  @Test
  void pairedStatistic_sameInput_sameInterval() {
    boolean[] h = {true, false, true};
    double[] v = {0.2, 0.9, 0.4};
    BootstrapInterval x = Bootstrap.pairedStatistic(List.of(SeedHits.ofHits(3, h)), List.of(new SeedValues(3, ids(3), v)),
        (a, b) -> a - Math.min(1, Math.exp(0.2) * b));
    BootstrapInterval y = Bootstrap.pairedStatistic(List.of(SeedHits.ofHits(3, h)), List.of(new SeedValues(3, ids(3), v)),
        (a, b) -> a - Math.min(1, Math.exp(0.2) * b));
    assertEquals(x, y);
  }
}
