package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.DoubleBinaryOperator;

/**
 * The 95% interval of every Recall@K over seeds and of every comparison (SPEC.md §10): a
 * two-level percentile bootstrap.
 *
 * <p><b>Estimate.</b> The point estimate is the mean over all queries of all seeds:
 * Σ<sub>s</sub> hits<sub>s</sub> / Σ<sub>s</sub> n<sub>s</sub> for a recall, and
 * Σ<sub>s,q</sub> (a<sub>sq</sub> − b<sub>sq</sub>) / Σ<sub>s</sub> n<sub>s</sub> for the paired
 * difference of A and B, matched on (seed, query id).
 *
 * <p><b>Resampling.</b> Each of {@link #RESAMPLES} resamples draws S seeds with replacement from
 * the S seeds, then, within each drawn seed s, n<sub>s</sub> of its queries with replacement,
 * and computes the same statistic over the drawn queries. The interval is the 2.5% and 97.5%
 * percentiles of the resampled statistics (linear interpolation between order statistics,
 * "type 7" of Hyndman &amp; Fan 1996, R's and numpy's default). Each resampled statistic is a
 * proportion (or a difference of two), so the interval lies in [0, 1] (or [−1, 1]) by
 * construction. If the percentile interval excludes the point estimate (possible only for very
 * skewed resampling distributions, e.g. a handful of queries), it is widened to include it, so
 * that low ≤ mean ≤ high always holds.
 *
 * <p><b>Shortcut (exact).</b> The statistic depends on a seed's resampled queries only through
 * their sum. For 0/1 hits, the number of hits among n<sub>s</sub> queries drawn with replacement
 * from a seed with h<sub>s</sub> hits is Binomial(n<sub>s</sub>, h<sub>s</sub>/n<sub>s</sub>), so
 * it is drawn as one binomial variate ({@link BinomialSampler}, exact inversion) instead of
 * n<sub>s</sub> uniform indices. For a paired difference, the per-query value a − b is −1, 0 or
 * +1 with counts (c<sub>−</sub>, c<sub>0</sub>, c<sub>+</sub>); the resampled counts are
 * Multinomial(n<sub>s</sub>; c/n<sub>s</sub>), drawn exactly as N<sub>+</sub> ~
 * Binomial(n<sub>s</sub>, c<sub>+</sub>/n<sub>s</sub>), then N<sub>−</sub> | N<sub>+</sub> ~
 * Binomial(n<sub>s</sub> − N<sub>+</sub>, c<sub>−</sub>/(n<sub>s</sub> − c<sub>+</sub>)), and the
 * seed contributes N<sub>+</sub> − N<sub>−</sub>. The distribution of every resample is therefore
 * exactly that of the per-query bootstrap; only the random numbers consumed differ.
 * BootstrapTest checks both against a literal per-query resampling.
 *
 * <p><b>Determinism.</b> The random stream is a {@link SplittableRandom} whose seed is {@link
 * #ROOT_SEED} mixed (SplitMix64 finaliser) with the kind of interval (recall or paired
 * difference) and, for every seed in ascending seed order, the seed number, n<sub>s</sub> and
 * its counts (h<sub>s</sub>, or c<sub>+</sub> and c<sub>−</sub>). Those are exactly the values
 * the interval depends on, so the same inputs always give the same interval, bit for bit,
 * whatever the order of the list or the labels of the mechanism; no caller passes a seed.
 */
public final class Bootstrap {
  /** Resamples per interval (SPEC.md §10). */
  public static final int RESAMPLES = 2000;
  /** Two-sided coverage of the percentile interval. */
  public static final double CONFIDENCE = Intervals.CONFIDENCE;
  /** What the reports call this interval (summary.csv's {@code interval} column). */
  public static final String METHOD = "95% two-level bootstrap (2000 resamples)";
  /** The fixed part of every bootstrap seed ({@code "pmbench §10"} in ASCII). */
  public static final long ROOT_SEED = 0x706d62656e6368a7L;

  private static final long KIND_RECALL = 1;
  private static final long KIND_PAIRED = 2;
  private static final long KIND_VALUES = 3;
  private static final long KIND_HITS_AND_VALUES = 4;

  private Bootstrap() {}

  /** The Recall@K over seeds of per-query hits (ids are not needed; see {@link #recallOfCounts}). */
  public static BootstrapInterval recall(List<SeedHits> seeds) {
    Preconditions.nonNull(seeds, "seeds");
    return recallOfCounts(seeds.stream().map(SeedHits::count).toList());
  }

  /**
   * The Recall@K over seeds from each seed's hit count: identical to {@link #recall} of hits with
   * those counts, since the unpaired bootstrap depends on a seed's hits only through their
   * number.
   *
   * @param counts one per seed, distinct seeds, at least one
   */
  public static BootstrapInterval recallOfCounts(List<SeedCount> counts) {
    Preconditions.nonNull(counts, "counts");
    Preconditions.atLeast(counts.size(), 1, "number of seeds");
    List<Stratum> strata = new ArrayList<>();
    for (SeedCount c : counts) {
      Preconditions.nonNull(c, "seed count");
      strata.add(new Stratum(c.seed(), c.queries(), c.hits(), 0));
    }
    return run(strata, KIND_RECALL);
  }

  /**
   * The paired difference A − B of two Recall@K on the same seeds and queries: per seed, each
   * query of A is matched with the query of B with the same id.
   *
   * @param a A's hits, one entry per seed, distinct seeds, at least one
   * @param b B's hits on the same seeds, each with the same query ids as A's (in any order)
   * @throws IllegalArgumentException naming the first seed or query id where A and B differ
   */
  public static BootstrapInterval pairedDifference(List<SeedHits> a, List<SeedHits> b) {
    Map<Long, SeedHits> as = bySeed(a, "A");
    Map<Long, SeedHits> bs = bySeed(b, "B");
    Preconditions.require(as.keySet().equals(bs.keySet()), "seeds of B",
        "the seeds of A " + new TreeSet<>(as.keySet()), new TreeSet<>(bs.keySet()));
    List<Stratum> strata = new ArrayList<>();
    for (Map.Entry<Long, SeedHits> e : as.entrySet()) {
      strata.add(differences(e.getValue(), bs.get(e.getKey())));
    }
    return run(strata, KIND_PAIRED);
  }

  private static Map<Long, SeedHits> bySeed(List<SeedHits> seeds, String side) {
    Preconditions.nonNull(seeds, side);
    Preconditions.atLeast(seeds.size(), 1, "number of seeds of " + side);
    Map<Long, SeedHits> out = new HashMap<>();
    for (SeedHits s : seeds) {
      Preconditions.nonNull(s, "seed of " + side);
      Preconditions.require(out.put(s.seed(), s) == null, "seeds of " + side, "distinct",
          "seed " + s.seed() + " repeated");
    }
    return out;
  }

  /** The (−1, 0, +1) counts of A − B on one seed, matched on query id. */
  private static Stratum differences(SeedHits a, SeedHits b) {
    int[] ids = a.queryIds();
    boolean[] hitsA = a.hits();
    Map<Integer, Boolean> hitB = new HashMap<>();
    int[] idsB = b.queryIds();
    boolean[] hitsB = b.hits();
    for (int i = 0; i < idsB.length; i++) {
      hitB.put(idsB[i], hitsB[i]);
    }
    Preconditions.require(ids.length == idsB.length, "queries of seed " + a.seed() + " in B",
        "the " + ids.length + " queries of A", idsB.length);
    int plus = 0;
    int minus = 0;
    for (int i = 0; i < ids.length; i++) {
      Boolean hb = hitB.get(ids[i]);
      Preconditions.require(hb != null, "query ids of seed " + a.seed() + " in B", "those of A",
          "A's query id " + ids[i] + " missing from B");
      plus += hitsA[i] && !hb ? 1 : 0;
      minus += !hitsA[i] && hb ? 1 : 0;
    }
    return new Stratum(a.seed(), ids.length, plus, minus);
  }

  private static BootstrapInterval run(List<Stratum> unsorted, long kind) {
    Stratum[] strata = unsorted.stream().sorted(Comparator.comparingLong(Stratum::seed))
        .toArray(Stratum[]::new);
    for (int i = 1; i < strata.length; i++) {
      Preconditions.require(strata[i].seed() != strata[i - 1].seed(), "seeds", "distinct",
          "seed " + strata[i].seed() + " repeated");
    }
    SplittableRandom random = new SplittableRandom(seedOf(strata, kind));
    long total = 0;
    long sum = 0;
    int maxN = 0;
    for (Stratum s : strata) {
      total += s.n();
      sum += s.plus() - s.minus();
      maxN = Math.max(maxN, s.n());
    }
    BinomialSampler binomial = new BinomialSampler(maxN);
    double mean = (double) sum / total;
    double[] stats = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      long drawnSum = 0;
      long drawnTotal = 0;
      for (int j = 0; j < strata.length; j++) {
        Stratum s = strata[random.nextInt(strata.length)];
        drawnSum += drawSum(s.n(), s.plus(), s.minus(), binomial, random);
        drawnTotal += s.n();
      }
      stats[r] = (double) drawnSum / drawnTotal;
    }
    Arrays.sort(stats);
    double low = Math.min(mean, quantile(stats, (1 - CONFIDENCE) / 2));
    double high = Math.max(mean, quantile(stats, (1 + CONFIDENCE) / 2));
    int n0 = strata[0].n();
    boolean equal = Arrays.stream(strata).allMatch(s -> s.n() == n0);
    return new BootstrapInterval(mean, low, high, strata.length, total,
        equal ? OptionalInt.of(n0) : OptionalInt.empty(), RESAMPLES);
  }

  /**
   * The mean over seeds of real per-query values (e.g. R_indep@K's terms) with the same two-level
   * bootstrap: seeds with replacement, then each drawn seed's queries with replacement, the
   * resampled statistic the mean of the drawn values. Values are real, so the queries are drawn
   * one by one (no binomial shortcut); the stream is seeded by {@link #ROOT_SEED}, this kind, and
   * every seed's number, size and values.
   *
   * @param seeds one entry per seed, distinct seeds, at least one
   */
  public static BootstrapInterval meanOfValues(List<SeedValues> seeds) {
    Map<Long, SeedValues> vs = bySeedValues(seeds);
    List<double[][]> strata = new ArrayList<>();
    List<Long> ids = new ArrayList<>(new TreeSet<>(vs.keySet()));
    for (long seed : ids) {
      double[] v = vs.get(seed).values();
      strata.add(new double[][] {new double[v.length], v});
    }
    return runValues(ids, strata, (a, b) -> b, KIND_VALUES);
  }

  /**
   * A statistic f(Ā, B̄) of two per-query quantities on the same seeds and queries — A a 0/1 hit,
   * B a value in [0, 1], matched on (seed, query id) — with the two-level bootstrap: each resample
   * draws seeds, then queries within them, and evaluates f on the means of A and B over the drawn
   * queries, so A and B are resampled together (paired). The point estimate is f of the means
   * over all queries of all seeds. E.g. Recall@K − min(1, e<sup>ε′</sup>·R_indep@K + δ′) with
   * f(a, b) = a − min(1, e<sup>ε′</sup>·b + δ′).
   *
   * @param a A's hits, one entry per seed, distinct seeds, at least one
   * @param b B's values on the same seeds, each with the same query ids as A's (in any order)
   * @param f the statistic, with values in [−1, 1] for means in [0, 1]
   * @throws IllegalArgumentException naming the first seed or query id where A and B differ
   */
  public static BootstrapInterval pairedStatistic(List<SeedHits> a, List<SeedValues> b, DoubleBinaryOperator f) {
    Map<Long, SeedHits> as = bySeed(a, "A");
    Map<Long, SeedValues> bs = bySeedValues(b);
    Preconditions.require(as.keySet().equals(bs.keySet()), "seeds of B",
        "the seeds of A " + new TreeSet<>(as.keySet()), new TreeSet<>(bs.keySet()));
    List<Long> ids = new ArrayList<>(new TreeSet<>(as.keySet()));
    List<double[][]> strata = new ArrayList<>();
    for (long seed : ids) {
      strata.add(matched(as.get(seed), bs.get(seed)));
    }
    return runValues(ids, strata, f, KIND_HITS_AND_VALUES);
  }

  private static Map<Long, SeedValues> bySeedValues(List<SeedValues> seeds) {
    Preconditions.nonNull(seeds, "seeds");
    Preconditions.atLeast(seeds.size(), 1, "number of seeds");
    Map<Long, SeedValues> out = new HashMap<>();
    for (SeedValues s : seeds) {
      Preconditions.nonNull(s, "seed values");
      Preconditions.require(out.put(s.seed(), s) == null, "seeds", "distinct", "seed " + s.seed() + " repeated");
    }
    return out;
  }

  /** {@code [A as 0/1, B]} in A's query order, B matched on query id. */
  private static double[][] matched(SeedHits a, SeedValues b) {
    int[] ids = a.queryIds();
    boolean[] hits = a.hits();
    Map<Integer, Double> valueOf = new HashMap<>();
    int[] idsB = b.queryIds();
    double[] vb = b.values();
    for (int i = 0; i < idsB.length; i++) {
      valueOf.put(idsB[i], vb[i]);
    }
    Preconditions.require(ids.length == idsB.length, "queries of seed " + a.seed() + " in B",
        "the " + ids.length + " queries of A", idsB.length);
    double[] x = new double[ids.length];
    double[] y = new double[ids.length];
    for (int i = 0; i < ids.length; i++) {
      Double v = valueOf.get(ids[i]);
      Preconditions.require(v != null, "query ids of seed " + a.seed() + " in B", "those of A",
          "A's query id " + ids[i] + " missing from B");
      x[i] = hits[i] ? 1 : 0;
      y[i] = v;
    }
    return new double[][] {x, y};
  }

  /** The two-level bootstrap of f(Ā, B̄), each stratum {@code [A, B]} of one seed (seeds ascending). */
  private static BootstrapInterval runValues(List<Long> seeds, List<double[][]> strata, DoubleBinaryOperator f,
      long kind) {
    long h = mix(ROOT_SEED ^ kind);
    long total = 0;
    double sumA = 0;
    double sumB = 0;
    int n0 = strata.get(0)[0].length;
    boolean equal = true;
    for (int s = 0; s < strata.size(); s++) {
      double[] x = strata.get(s)[0];
      double[] y = strata.get(s)[1];
      h = mix(h ^ seeds.get(s));
      h = mix(h ^ x.length);
      for (int i = 0; i < x.length; i++) {
        h = mix(h ^ Double.doubleToLongBits(x[i]) ^ Long.rotateLeft(Double.doubleToLongBits(y[i]), 1));
        sumA += x[i];
        sumB += y[i];
      }
      total += x.length;
      equal &= x.length == n0;
    }
    SplittableRandom random = new SplittableRandom(h);
    double mean = f.applyAsDouble(sumA / total, sumB / total);
    double[] stats = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      double drawnA = 0;
      double drawnB = 0;
      long drawnTotal = 0;
      for (int j = 0; j < strata.size(); j++) {
        double[][] st = strata.get(random.nextInt(strata.size()));
        int n = st[0].length;
        for (int i = 0; i < n; i++) {
          int q = random.nextInt(n);
          drawnA += st[0][q];
          drawnB += st[1][q];
        }
        drawnTotal += n;
      }
      stats[r] = f.applyAsDouble(drawnA / drawnTotal, drawnB / drawnTotal);
    }
    Arrays.sort(stats);
    double low = Math.min(mean, quantile(stats, (1 - CONFIDENCE) / 2));
    double high = Math.max(mean, quantile(stats, (1 + CONFIDENCE) / 2));
    return new BootstrapInterval(mean, low, high, strata.size(), total,
        equal ? OptionalInt.of(n0) : OptionalInt.empty(), RESAMPLES);
  }

  /** The p-quantile of sorted values, type 7: linear between order statistics at (B − 1)p. */
  static double quantile(double[] sorted, double p) {
    double h = (sorted.length - 1) * p;
    int i = (int) Math.floor(h);
    if (i >= sorted.length - 1) {
      return sorted[sorted.length - 1];
    }
    return sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
  }

  private static long seedOf(Stratum[] strata, long kind) {
    long h = mix(ROOT_SEED ^ kind);
    for (Stratum s : strata) {
      h = mix(h ^ s.seed());
      h = mix(h ^ s.n());
      h = mix(h ^ s.plus());
      h = mix(h ^ s.minus());
    }
    return h;
  }

  /** The SplitMix64 finaliser (Steele, Lea &amp; Flood 2014). */
  private static long mix(long z) {
    z += 0x9e3779b97f4a7c15L;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * One seed: n queries, of which {@code plus} have value +1 and {@code minus} value −1 (the
   * rest 0). A recall has minus = 0 and plus = hits.
   */
  private record Stratum(long seed, int n, int plus, int minus) {}

  /**
   * The sum of n values drawn with replacement from n values of which {@code plus} are +1,
   * {@code minus} are −1 and the rest 0: N₊ − N₋ with (N₊, N₋) multinomial, drawn as two
   * binomials (see the class comment).
   */
  static long drawSum(int n, int plus, int minus, BinomialSampler binomial,
      SplittableRandom random) {
    int up = binomial.sample(n, (double) plus / n, random);
    int down = minus == 0 ? 0 : binomial.sample(n - up, (double) minus / (n - plus), random);
    return (long) up - down;
  }
}
