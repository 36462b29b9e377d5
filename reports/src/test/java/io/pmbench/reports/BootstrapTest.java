package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;

/** The two-level bootstrap of SPEC.md §10. */
class BootstrapTest {

  /** Seed {@code seed} with {@code n} queries (ids 0..n−1), the first {@code hits} hitting. */
  private static SeedHits seed(long seed, int n, int hits) {
    boolean[] h = new boolean[n];
    for (int i = 0; i < hits; i++) {
      h[i] = true;
    }
    return SeedHits.ofHits(seed, h);
  }

  /** Seed with hits ~ Bernoulli(p) per query. */
  private static SeedHits bernoulli(long seed, int n, double p, SplittableRandom random) {
    boolean[] h = new boolean[n];
    for (int i = 0; i < n; i++) {
      h[i] = random.nextDouble() < p;
    }
    return SeedHits.ofHits(seed, h);
  }

  // (a) Coverage of the population mean recall. Model: S = 3 seeds (the harness's default);
  // seed s has true recall p_s = 0.3 + 0.03·z_s, z_s ~ N(0, 1); each of its 200 queries hits
  // with probability p_s. The true value is the mean recall of the seed population, E[p_s] = 0.3
  // (what a fresh seed gives on average), not the recall of the 3 seeds drawn.
  // Both levels matter: the between-seed variance of a seed's recall (0.0009) is of the order of
  // its within-seed variance (0.3·0.7/200 = 0.00105). Measured with these fixed seeds: the
  // two-level bootstrap covers 382 of 400 (0.955); resampling the 600 pooled queries only (the
  // seed level forgotten) covers 349 (0.87) and fails, as would a wrong percentile or a
  // within-seed resample that is not with replacement. Why this seed variance: with only 3
  // seeds a percentile bootstrap undercovers once the seed variance dominates (τ = 0.04 gives
  // 371 of 400 here, 0.93; 8 seeds give 389); SPEC.md §10 prescribes this interval, and the
  // test checks it where it is meant to work. Tolerance: ≥ 0.93 of 400 runs; for a true
  // coverage of 0.95 a random seed would fail with probability P(Binomial(400, 0.95) < 372)
  // ≈ 0.04; the seeds are fixed, so the outcome is deterministic (382 ≥ 372).
  @Test
  void recall_threeSeedsWithSeedEffect_coversPopulationMeanInAtLeast93PercentOf400Runs() {
    SplittableRandom random = new SplittableRandom(20240522L);
    Random gauss = new Random(7L);
    int runs = 400;
    int covered = 0;
    for (int run = 0; run < runs; run++) {
      List<SeedHits> seeds = new ArrayList<>();
      for (int s = 0; s < 3; s++) {
        double p = 0.3 + 0.03 * gauss.nextGaussian();
        seeds.add(bernoulli(s, 200, p, random));
      }
      BootstrapInterval i = Bootstrap.recall(seeds);
      covered += i.low() <= 0.3 && 0.3 <= i.high() ? 1 : 0;
    }
    assertTrue(covered >= 0.93 * runs, "coverage " + covered + " / " + runs);
  }

  @Test
  void recall_meanIsOverAllQueriesOfAllSeeds_andStatesTheSample() {
    BootstrapInterval i = Bootstrap.recall(List.of(seed(1, 100, 50), seed(2, 300, 240)));
    assertEquals(290.0 / 400, i.mean(), 0.0);
    assertEquals(2, i.seeds());
    assertEquals(400, i.queries());
    assertEquals(OptionalInt.empty(), i.queriesPerSeed());
    assertEquals(Bootstrap.RESAMPLES, i.resamples());
    assertEquals("n = 2 seeds, 400 queries in all", i.sizeText());
    BootstrapInterval even = Bootstrap.recall(List.of(seed(1, 1000, 455), seed(2, 1000, 455),
        seed(3, 1000, 455)));
    assertEquals("n = 3 seeds × 1,000 queries", even.sizeText());
    assertEquals("95% two-level bootstrap over 3 seeds × 1,000 queries", even.method());
    assertTrue(even.text().startsWith("0.455 ["), even.text());
  }

  @Test
  void recallOfCounts_sameCountsAsHits_sameInterval() {
    List<SeedHits> hits = List.of(seed(4, 50, 20), seed(5, 60, 33));
    assertEquals(Bootstrap.recall(hits),
        Bootstrap.recallOfCounts(List.of(new SeedCount(4, 20, 50), new SeedCount(5, 33, 60))));
  }

  // (c) The seed of the resampling is derived from the inputs only: the same inputs, built
  // again and listed in another order, give the same interval bit for bit.
  @Test
  void recall_sameInputsInAnotherOrder_identicalBits() {
    BootstrapInterval a = Bootstrap.recall(List.of(seed(1, 200, 61), seed(2, 200, 70),
        seed(3, 200, 55)));
    BootstrapInterval b = Bootstrap.recall(List.of(seed(3, 200, 55), seed(1, 200, 61),
        seed(2, 200, 70)));
    assertEquals(Double.doubleToRawLongBits(a.low()), Double.doubleToRawLongBits(b.low()));
    assertEquals(Double.doubleToRawLongBits(a.high()), Double.doubleToRawLongBits(b.high()));
    assertEquals(a, b);
  }

  @Test
  void pairedDifference_sameInputs_identicalBits() {
    SplittableRandom random = new SplittableRandom(3);
    List<SeedHits> a = List.of(bernoulli(1, 300, 0.4, random), bernoulli(2, 300, 0.5, random));
    List<SeedHits> b = List.of(bernoulli(1, 300, 0.45, random), bernoulli(2, 300, 0.5, random));
    assertEquals(Bootstrap.pairedDifference(a, b), Bootstrap.pairedDifference(
        List.of(copy(a.get(0)), copy(a.get(1))), List.of(copy(b.get(1)), copy(b.get(0)))));
  }

  private static SeedHits copy(SeedHits s) {
    return new SeedHits(s.seed(), s.queryIds(), s.hits());
  }

  // (b) B = A: every per-query difference is 0, so every resample is 0.
  @Test
  void pairedDifference_identicalMechanisms_zeroWidthAtZero() {
    SplittableRandom random = new SplittableRandom(11);
    List<SeedHits> a = List.of(bernoulli(1, 500, 0.3, random), bernoulli(2, 500, 0.6, random),
        bernoulli(3, 500, 0.5, random));
    BootstrapInterval d = Bootstrap.pairedDifference(a, a);
    assertEquals(0.0, d.mean(), 0.0);
    assertEquals(0.0, d.low(), 0.0);
    assertEquals(0.0, d.high(), 0.0);
  }

  // (b) Pairing matters. A and B hit the same queries except that A also hits 3% more of them
  // (30 of 1,000 per seed, never fewer). The seeds differ a lot (recall 0.35 to 0.55), so the
  // unpaired intervals of A and B overlap, but A − B is +0.03 on every seed with a small
  // per-query variance, so its paired interval lies clearly above 0. An unpaired comparison
  // (or pairing on position after a shuffle) would fail this.
  @Test
  void pairedDifference_correlatedMechanisms_aboveZeroWhileUnpairedIntervalsOverlap() {
    List<SeedHits> a = new ArrayList<>();
    List<SeedHits> b = new ArrayList<>();
    int[] hitsB = {350, 450, 550};
    for (int s = 0; s < 3; s++) {
      a.add(seed(s, 1000, hitsB[s] + 30));
      b.add(shuffled(seed(s, 1000, hitsB[s]), s));
    }
    BootstrapInterval ia = Bootstrap.recall(a);
    BootstrapInterval ib = Bootstrap.recall(b);
    assertTrue(ia.low() < ib.high(), ia.text() + " vs " + ib.text());
    BootstrapInterval d = Bootstrap.pairedDifference(a, b);
    assertEquals(0.03, d.mean(), 1e-12);
    assertTrue(d.low() > 0.015, d.text());
    assertEquals(Decision.REPRODUCED, Decision.beats(d));
  }

  /** The same queries (id → hit) listed in a shuffled order. */
  private static SeedHits shuffled(SeedHits s, long shuffleSeed) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < s.queries(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(shuffleSeed));
    int[] ids = new int[s.queries()];
    boolean[] hits = new boolean[s.queries()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = s.queryIds()[order.get(i)];
      hits[i] = s.hits()[order.get(i)];
    }
    return new SeedHits(s.seed(), ids, hits);
  }

  @Test
  void pairedDifference_differentSeeds_throwsNamingThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Bootstrap.pairedDifference(List.of(seed(1, 10, 5), seed(2, 10, 5)),
            List.of(seed(1, 10, 5), seed(3, 10, 5))));
    assertEquals("seeds of B must be the seeds of A [1, 2]. Provided value: [1, 3]",
        e.getMessage());
  }

  @Test
  void pairedDifference_differentQueryIds_throwsNamingTheFirst() {
    SeedHits other = new SeedHits(1, new int[] {0, 1, 7}, new boolean[3]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Bootstrap.pairedDifference(List.of(seed(1, 3, 1)), List.of(other)));
    assertEquals("query ids of seed 1 in B must be those of A. Provided value: A's query id 2 "
        + "missing from B", e.getMessage());
  }

  @Test
  void seedHits_repeatedQueryId_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SeedHits(1, new int[] {4, 4}, new boolean[2]));
    assertEquals("query ids of seed 1 must be distinct. Provided value: id 4 repeated",
        e.getMessage());
  }

  // (e) Recall intervals stay in [0, 1] and differences in [−1, 1], including the extremes
  // (no hit, every hit, one query, one seed) and small random cases; the record itself also
  // refuses ends outside [−1, 1].
  @Test
  void intervals_extremeAndRandomInputs_neverLeaveTheirRange() {
    for (List<SeedHits> seeds : List.of(List.of(seed(1, 1, 0)), List.of(seed(1, 1, 1)),
        List.of(seed(1, 50, 0), seed(2, 50, 0)), List.of(seed(1, 50, 50), seed(2, 50, 50)),
        List.of(seed(1, 3, 1), seed(2, 7, 6), seed(3, 1, 1)))) {
      assertInUnit(Bootstrap.recall(seeds));
    }
    assertEquals(1.0, Bootstrap.recall(List.of(seed(1, 50, 50))).low(), 0.0);
    assertEquals(0.0, Bootstrap.recall(List.of(seed(1, 50, 0))).high(), 0.0);
    SplittableRandom random = new SplittableRandom(5);
    for (int run = 0; run < 200; run++) {
      int seeds = 1 + random.nextInt(4);
      List<SeedHits> a = new ArrayList<>();
      List<SeedHits> b = new ArrayList<>();
      for (int s = 0; s < seeds; s++) {
        int n = 1 + random.nextInt(20);
        a.add(bernoulli(s, n, random.nextDouble(), random));
        b.add(bernoulli(s, n, random.nextDouble(), random));
      }
      assertInUnit(Bootstrap.recall(a));
      BootstrapInterval d = Bootstrap.pairedDifference(a, b);
      assertTrue(-1 <= d.low() && d.low() <= d.mean() && d.mean() <= d.high() && d.high() <= 1,
          d.text());
    }
    BootstrapInterval all = Bootstrap.pairedDifference(List.of(seed(1, 20, 20)),
        List.of(seed(1, 20, 0)));
    assertEquals(1.0, all.low(), 0.0);
    assertEquals(1.0, all.high(), 0.0);
  }

  private static void assertInUnit(BootstrapInterval i) {
    assertTrue(0 <= i.low() && i.low() <= i.mean() && i.mean() <= i.high() && i.high() <= 1,
        i.text());
  }

  // The shortcut is exact: a seed's resampled sum N₊ − N₋ is drawn from two binomials instead
  // of n uniform indices. Compared with the exact law of the literal per-query resampling
  // (n = 30 values: 8 of +1, 5 of −1, 17 of 0; the pmf of N₊ − N₋ summed from the multinomial)
  // by a chi-square goodness-of-fit test on 200,000 draws, cells with expectation < 5 pooled.
  // Threshold: the 1 − 1e−6 quantile, so a correct sampler fails with probability ≈ 1e−6; a
  // wrong conditional probability (e.g. minus/n instead of minus/(n − plus)) or an off-by-one
  // in the search from the mode fails it by orders of magnitude.
  @Test
  void drawSum_pairedSeed_matchesExactMultinomialLawByChiSquare() {
    int n = 30;
    int plus = 8;
    int minus = 5;
    double[] exact = new double[2 * n + 1];
    for (int up = 0; up <= n; up++) {
      for (int down = 0; up + down <= n; down++) {
        double log = CombinatoricsUtils.factorialLog(n) - CombinatoricsUtils.factorialLog(up)
            - CombinatoricsUtils.factorialLog(down) - CombinatoricsUtils.factorialLog(n - up - down)
            + up * Math.log((double) plus / n) + down * Math.log((double) minus / n)
            + (n - up - down) * Math.log((double) (n - plus - minus) / n);
        exact[up - down + n] += Math.exp(log);
      }
    }
    int draws = 200_000;
    long[] observed = new long[2 * n + 1];
    SplittableRandom random = new SplittableRandom(42);
    BinomialSampler binomial = new BinomialSampler(n);
    for (int i = 0; i < draws; i++) {
      observed[(int) Bootstrap.drawSum(n, plus, minus, binomial, random) + n]++;
    }
    assertChiSquare(exact, observed, draws);
  }

  // The same for one binomial draw alone (the unpaired recall): Binomial(200, 0.3).
  @Test
  void binomialSampler_n200_matchesExactPmfByChiSquare() {
    int n = 200;
    double p = 0.3;
    double[] exact = new double[n + 1];
    for (int k = 0; k <= n; k++) {
      exact[k] = Math.exp(CombinatoricsUtils.binomialCoefficientLog(n, k) + k * Math.log(p)
          + (n - k) * Math.log1p(-p));
    }
    int draws = 200_000;
    long[] observed = new long[n + 1];
    SplittableRandom random = new SplittableRandom(43);
    BinomialSampler binomial = new BinomialSampler(n);
    for (int i = 0; i < draws; i++) {
      observed[binomial.sample(n, p, random)]++;
    }
    assertChiSquare(exact, observed, draws);
  }

  /** Chi-square goodness of fit at false-failure probability 1e−6, pooling cells expecting < 5. */
  private static void assertChiSquare(double[] exact, long[] observed, int draws) {
    double statistic = 0;
    int cells = 0;
    double pooledExpected = 0;
    long pooledObserved = 0;
    for (int i = 0; i < exact.length; i++) {
      pooledExpected += exact[i] * draws;
      pooledObserved += observed[i];
      if (pooledExpected >= 5) {
        statistic += Math.pow(pooledObserved - pooledExpected, 2) / pooledExpected;
        cells++;
        pooledExpected = 0;
        pooledObserved = 0;
      }
    }
    statistic += pooledExpected > 0 ? Math.pow(pooledObserved - pooledExpected, 2) / pooledExpected
        : 0;
    double critical = new ChiSquaredDistribution(null, cells - 1)
        .inverseCumulativeProbability(1 - 1e-6);
    assertTrue(statistic < critical, "chi-square " + statistic + " >= " + critical + " on "
        + (cells - 1) + " degrees of freedom");
  }

  @Test
  void quantile_type7_interpolatesBetweenOrderStatistics() {
    double[] sorted = {0, 1, 2, 3, 4};
    assertEquals(0.1, Bootstrap.quantile(sorted, 0.025), 1e-12);
    assertEquals(3.9, Bootstrap.quantile(sorted, 0.975), 1e-12);
    assertEquals(4.0, Bootstrap.quantile(sorted, 1.0), 0.0);
  }
}
