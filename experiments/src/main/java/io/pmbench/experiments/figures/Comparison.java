package io.pmbench.experiments.figures;

import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.Decision;
import io.pmbench.reports.SeedHits;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A comparison of two mechanisms' Recall@K as SPEC.md §10 prescribes: the paired difference
 * A − B on the same seeds and queries with the two-level bootstrap ({@link
 * Bootstrap#pairedDifference}), judged by {@link Decision#beats} or {@link Decision#equivalent}.
 *
 * <pre>
 *   Optional&lt;BootstrapInterval&gt; d = Comparison.paired(cellsA, cellsB, 8);
 *   Decision verdict = d.map(Decision::beats).orElse(...);          // "A beats B"
 *   String numbers = Comparison.text("privatemail", "random", d.get()); // for the claims table
 * </pre>
 */
public final class Comparison {
  private Comparison() {}

  /**
   * The paired difference A − B of Recall@k over the seeds at which both A and B have an OK cell
   * (a seed missing or refused on either side is left out of both, so the pairs stay matched;
   * the interval's {@link BootstrapInterval#seeds()} says how many remain). Empty when no seed
   * has both.
   *
   * @param a A's cells, one per seed (e.g. {@code view.cellsAt("privatemail", eps)})
   * @param b B's cells, one per seed
   * @param k the K of Recall@K, a K of every OK cell
   * @throws IllegalArgumentException if a seed's cells of A and B hold different query ids
   */
  public static Optional<BootstrapInterval> paired(List<CellRecord> a, List<CellRecord> b, int k) {
    Set<Long> okA = okSeeds(a);
    Set<Long> both = okSeeds(b).stream().filter(okA::contains).collect(Collectors.toSet());
    if (both.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Bootstrap.pairedDifference(hitsOn(a, both, k), hitsOn(b, both, k)));
  }

  /** {@code privatemail − random = −0.012 [−0.031, 0.007] (n = 3 seeds × 1,000 queries)}. */
  public static String text(String a, String b, BootstrapInterval difference) {
    return a + " − " + b + " = " + difference.textWithSize();
  }

  private static Set<Long> okSeeds(List<CellRecord> cells) {
    return cells.stream().filter(CellRecord::ok).map(c -> c.key().seed()).collect(Collectors.toSet());
  }

  private static List<SeedHits> hitsOn(List<CellRecord> cells, Set<Long> seeds, int k) {
    return cells.stream().filter(c -> c.ok() && seeds.contains(c.key().seed())).map(c -> c.seedHits(k)).toList();
  }

  /** Recall@8 of {@code m} at ε in a fig6-shaped run, empty when it was not computed. */
  static Optional<BootstrapInterval> at(RunView v, String m, double eps) {
    if (!v.gridStrings("mechanisms").contains(m)) {
      return Optional.empty();
    }
    return Stats.recall(v.cellsAt(m, eps), Stats.K);
  }

  /** The paired difference a − b of Recall@8 at ε, empty when either was not computed. */
  static Optional<BootstrapInterval> diff(RunView v, String a, String b, double eps) {
    List<String> ms = v.gridStrings("mechanisms");
    if (!ms.contains(a) || !ms.contains(b)) {
      return Optional.empty();
    }
    return paired(v.cellsAt(a, eps), v.cellsAt(b, eps), Stats.K);
  }

  /** "a beats b" at ε, empty when it cannot be tested. */
  static Optional<Decision> beats(RunView v, String a, String b, double eps) {
    return diff(v, a, b, eps).map(Decision::beats);
  }

  /** {@code a − b = 0.012 [0.003, 0.021] (n = 3 seeds × 1,000 queries)}, or "a − b: not computed". */
  static String showDiff(RunView v, String a, String b, double eps) {
    return diff(v, a, b, eps).map(d -> text(a, b, d)).orElse(a + " − " + b + ": not computed");
  }

  /** {@code m 0.512 [0.49, 0.53]}, or {@code m -}. */
  static String show(String m, Optional<BootstrapInterval> i) {
    return m + " " + i.map(Stats::text).orElse("-");
  }
}
