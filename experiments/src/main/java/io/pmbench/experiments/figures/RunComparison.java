package io.pmbench.experiments.figures;

import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.CsvFields;
import io.pmbench.reports.Decision;
import io.pmbench.reports.SeedHits;
import io.pmbench.reports.TextTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Two runs compared on their common cells ({@code pmbench compare A B}): for each (data set,
 * mechanism, variant, ε) that both hold, the paired difference B − A of Recall@K over the seeds
 * both computed and, within a seed, the query ids both hold ({@link Bootstrap#pairedDifference},
 * SPEC.md §10), with a verdict by {@link #RULE}. Runs of the same configuration and seeds draw the
 * same queries, so the pairs are the same queries under two versions of the code, two option
 * settings or two presets.
 */
public final class RunComparison {
  /** How a row's verdict follows from its interval, printed once above the table. */
  public static final String RULE = "verdict on the 95% paired two-level bootstrap interval [low, high] of B − A "
      + "(SPEC.md §10): \"B higher\" if low > 0, \"B lower\" if high < 0, \"equal\" if the interval lies inside ±"
      + Decision.MARGIN + ", otherwise \"undecided (n too small)\"";

  /** The verdict of a row. */
  public enum Verdict {
    HIGHER("B higher"), LOWER("B lower"), EQUAL("equal"), UNDECIDED("undecided (n too small)");

    private final String label;

    Verdict(String label) {
      this.label = label;
    }

    /** As the table prints it. */
    public String label() {
      return label;
    }

    /** The verdict of an interval of B − A by {@link #RULE}. */
    public static Verdict of(BootstrapInterval d) {
      if (d.low() > 0) {
        return HIGHER;
      }
      if (d.high() < 0) {
        return LOWER;
      }
      return Decision.equivalent(d) == Decision.REPRODUCED ? EQUAL : UNDECIDED;
    }
  }

  /**
   * One compared grid point.
   *
   * @param group the (data set, mechanism, variant, ε) compared (its seed is 0: the row pools the common seeds)
   * @param a Recall@K of A on the paired queries
   * @param b Recall@K of B on the same queries
   * @param difference B − A with its interval
   */
  public record Row(CellKey group, double a, double b, BootstrapInterval difference) {
    public Verdict verdict() {
      return Verdict.of(difference);
    }
  }

  private RunComparison() {}

  /**
   * Two different mechanisms paired on the same seeds and queries: {@code inA}'s cells of run A
   * against {@code inB}'s cells of run B (which may be the same run directory) at the same data set,
   * variant, ε and seed. A row's mechanism then reads {@code "inB - inA"}.
   */
  public record MechanismPair(String inA, String inB) {
    public MechanismPair {
      if (inA == null || inA.isBlank() || inB == null || inB.isBlank()) {
        throw new IllegalArgumentException("a mechanism pair names two mechanisms. Provided value: " + inA + ":" + inB);
      }
    }

    /** {@code A:B} as the command line gives it. */
    public static MechanismPair parse(String text) {
      String[] parts = text.split(":", -1);
      if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
        throw new IllegalArgumentException("--pair must be MECHANISM_IN_A:MECHANISM_IN_B, e.g. dp-dsne:privatemail."
            + " Provided value: " + text);
      }
      return new MechanismPair(parts[0].trim(), parts[1].trim());
    }
  }

  /** The rows of every grid point both runs hold with at least one seed and query in common, in key order. */
  public static List<Row> compare(RunView a, RunView b, int k) {
    return compare(a, b, k, Optional.empty());
  }

  /**
   * {@link #compare(RunView, RunView, int)}, or with {@code pair} only its mechanism of A against its
   * mechanism of B, grid point by grid point.
   */
  public static List<Row> compare(RunView a, RunView b, int k, Optional<MechanismPair> pair) {
    Map<CellKey, List<CellRecord[]>> groups = new TreeMap<>();
    for (Map.Entry<CellKey, CellRecord> e : a.cells().entrySet()) {
      CellKey key = e.getKey();
      if (pair.isPresent() && !key.mechanism().equals(pair.get().inA())) {
        continue;
      }
      String inB = pair.map(MechanismPair::inB).orElse(key.mechanism());
      CellRecord other = b.cells().get(new CellKey(key.dataset(), inB, key.variant(), key.epsilon(), key.seed()));
      CellRecord mine = e.getValue();
      if (other != null && mine.ok() && other.ok() && hasK(mine, k) && hasK(other, k)) {
        String label = pair.map(p -> p.inB() + " - " + p.inA()).orElse(key.mechanism());
        groups.computeIfAbsent(new CellKey(key.dataset(), label, key.variant(), key.epsilon(), 0),
            g -> new ArrayList<>()).add(new CellRecord[] {mine, other});
      }
    }
    List<Row> rows = new ArrayList<>();
    groups.forEach((group, pairs) -> row(group, pairs, k).ifPresent(rows::add));
    return rows;
  }

  private static boolean hasK(CellRecord c, int k) {
    return Arrays.stream(c.ks()).anyMatch(x -> x == k);
  }

  private static Optional<Row> row(CellKey group, List<CellRecord[]> pairs, int k) {
    List<SeedHits> as = new ArrayList<>();
    List<SeedHits> bs = new ArrayList<>();
    for (CellRecord[] p : pairs) {
      SeedHits ha = p[0].seedHits(k);
      SeedHits hb = p[1].seedHits(k);
      Map<Integer, Boolean> inB = new HashMap<>();
      for (int i = 0; i < hb.queryIds().length; i++) {
        inB.put(hb.queryIds()[i], hb.hits()[i]);
      }
      int[] ids = Arrays.stream(ha.queryIds()).filter(inB::containsKey).toArray();
      if (ids.length == 0) {
        continue;
      }
      Map<Integer, Boolean> inA = new HashMap<>();
      for (int i = 0; i < ha.queryIds().length; i++) {
        inA.put(ha.queryIds()[i], ha.hits()[i]);
      }
      boolean[] hitsA = new boolean[ids.length];
      boolean[] hitsB = new boolean[ids.length];
      for (int i = 0; i < ids.length; i++) {
        hitsA[i] = inA.get(ids[i]);
        hitsB[i] = inB.get(ids[i]);
      }
      as.add(new SeedHits(ha.seed(), ids, hitsA));
      bs.add(new SeedHits(ha.seed(), ids, hitsB));
    }
    if (as.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Row(group, recall(as), recall(bs), Bootstrap.pairedDifference(bs, as)));
  }

  private static double recall(List<SeedHits> seeds) {
    long hits = seeds.stream().mapToLong(SeedHits::hitCount).sum();
    long n = seeds.stream().mapToLong(SeedHits::queries).sum();
    return (double) hits / n;
  }

  /** The console table: one line per row, then a count of the verdicts. */
  public static String table(List<Row> rows, int k) {
    TextTable t = new TextTable().column("data set", false).column("mechanism", false).column("eps", true)
        .column("n", false).column("R@" + k + " A", true).column("R@" + k + " B", true)
        .column("B − A [95% CI]", false).column("verdict", false);
    for (Row r : rows) {
      t.row(shortName(r.group().dataset()), r.group().label(), Double.toString(r.group().epsilon()),
          r.difference().seeds() + "×" + r.difference().queriesPerSeed().stream().mapToObj(Integer::toString)
              .findFirst().orElse("~" + r.difference().queries() / r.difference().seeds()),
          num(r.a()), num(r.b()), r.difference().text(), r.verdict().label());
    }
    Map<Verdict, Integer> counts = new TreeMap<>();
    rows.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
    StringBuilder tally = new StringBuilder();
    counts.forEach((v, n) -> tally.append(tally.length() == 0 ? "" : ", ").append(n).append(' ').append(v.label()));
    return t.render() + rows.size() + " grid points compared: " + tally + "\n";
  }

  /** A data-set spec cut to 24 characters for the console (the CSV keeps it whole). */
  private static String shortName(String dataset) {
    return dataset.length() <= 24 ? dataset : dataset.substring(0, 23) + "…";
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /** The CSV form: one line per row, the interval's ends as numbers. */
  public static String csv(List<Row> rows, int k) {
    StringBuilder b = new StringBuilder("dataset,mechanism,variant,epsilon,seeds,queries,k,recallA,recallB,"
        + "differenceBminusA,low,high,verdict\n");
    for (Row r : rows) {
      CellKey g = r.group();
      BootstrapInterval d = r.difference();
      b.append(String.join(",", CsvFields.quote(g.dataset()), g.mechanism(), CsvFields.quote(g.variant()),
          Double.toString(g.epsilon()), Integer.toString(d.seeds()), Long.toString(d.queries()), Integer.toString(k),
          Double.toString(r.a()), Double.toString(r.b()), Double.toString(d.mean()), Double.toString(d.low()),
          Double.toString(d.high()), r.verdict().label())).append('\n');
    }
    return b.toString();
  }
}
