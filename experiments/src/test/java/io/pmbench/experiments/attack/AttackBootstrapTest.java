package io.pmbench.experiments.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.reports.Interval;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The two-level percentile bootstrap of SPEC.md §10. */
class AttackBootstrapTest {
  private static double[] bernoulli(int n, double p, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = rng.nextDouble() < p ? 1 : 0;
    }
    return v;
  }

  @Test
  void interval_allHits_exactlyOne() {
    assertEquals(new Interval(1, 1, 1), AttackBootstrap.interval(new double[][] {{1, 1}, {1, 1, 1}}, 5));
  }

  @Test
  void interval_sameSeed_sameInterval() {
    double[][] v = {bernoulli(200, 0.3, 1), bernoulli(200, 0.3, 2)};
    assertEquals(AttackBootstrap.interval(v, 9), AttackBootstrap.interval(v, 9));
  }

  @Test
  void interval_threeSeedsOfSameRate_binomialWidth() {
    // 3 seeds x 400 queries at p = 0.3: the pooled binomial half-width is 1.96*sqrt(0.21/1200) = 0.026;
    // resampling seeds adds between-seed noise, so the half-width must lie in [0.018, 0.08]
    // (fails if queries are not resampled within seeds, or if seeds are not resampled at all and
    // the interval collapses). Deterministic: fixed data and bootstrap seeds.
    double[][] v = {bernoulli(400, 0.3, 1), bernoulli(400, 0.3, 2), bernoulli(400, 0.3, 3)};
    Interval i = AttackBootstrap.interval(v, 11);
    double half = (i.high() - i.low()) / 2;
    assertTrue(half > 0.018 && half < 0.08, i.toString());
    assertTrue(i.low() <= i.mean() && i.mean() <= i.high() && i.low() >= 0 && i.high() <= 1, i.toString());
  }

  @Test
  void interval_noQueries_throws() {
    assertThrows(IllegalArgumentException.class, () -> AttackBootstrap.interval(new double[][] {{}}, 1));
  }
}
