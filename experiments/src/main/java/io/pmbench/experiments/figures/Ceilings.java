package io.pmbench.experiments.figures;

import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.QueryReplacement;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.Decision;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.ResultsTable;
import io.pmbench.reports.SeedHits;
import io.pmbench.reports.SeedValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The ceiling differential privacy puts on Recall@K (issue 35), read from stored cells: R_indep@K
 * (the recall of the same outputs scored against an independent query's label, each
 * mechanism's own chance level) with SPEC.md §10's bootstrap interval, the guarantee the cells'
 * claim gives for replacing the whole query ({@link QueryReplacement}), the ceiling
 * min(1, e<sup>ε′</sup>·R_indep@K + δ′), and Recall@K − ceiling as a paired §10 interval (the
 * same seeds and queries resampled together) with its verdict.
 *
 * <p><b>Two readings.</b> The ceiling is that of the <i>features-and-label</i> reading: the
 * query's label is part of what is protected, as in the paper's Appendix B, whose neighbouring
 * data sets add one row with its label (L_Y against L_Ỹ). A claim that assumes the labels public
 * (PrivateMail's "labels of D") also admits a <i>features-only</i> reading, in which neighbouring
 * queries share their label: R_indep taken within the query's class is then the recall itself,
 * and the ceiling min(1, e<sup>ε′</sup>·Recall@K + δ′) is never below the recall — it binds
 * nothing. {@link Point#labelsPublic()} says when a claim admits that reading.
 *
 * <p>Cells written before {@code pmbench-cell/2} lack the top-K lists: their R_indep and ceiling
 * are unavailable, never guessed.
 */
final class Ceilings {
  /** What the verdict calls a recall above the ceiling. */
  static final String EXCEEDS = "exceeds the DP ceiling";
  /** What the verdict calls a recall at or below the ceiling (within §10's margin). */
  static final String WITHIN = "within the DP ceiling";

  private Ceilings() {}

  /**
   * One (mechanism, ε) of a run.
   *
   * @param mechanism the mechanism's label
   * @param epsilon the ε of the cells (the stored ε of ε-independent mechanisms)
   * @param guarantee the claim's guarantee (of the first OK cell)
   * @param recall Recall@K with its interval (empty without OK cells)
   * @param rIndep R_indep@K with its interval (empty without OK cells or without top-K lists)
   * @param replacement the guarantee for replacing the whole query
   * @param excess Recall@K − ceiling, paired (empty when either is)
   * @param labelsPublic whether the claim assumes the labels public (a features-only reading exists)
   * @param featuresOnly the guarantee for replacing the query's features only (the query row of D)
   */
  record Point(String mechanism, double epsilon, String guarantee, Optional<BootstrapInterval> recall,
      Optional<BootstrapInterval> rIndep, QueryReplacement replacement, Optional<BootstrapInterval> excess,
      boolean labelsPublic, QueryReplacement featuresOnly) {
    /** The ceiling at R_indep's mean, low and high end (monotone, so the interval maps to one). */
    Optional<double[]> ceiling() {
      if (!replacement.bounded() || rIndep.isEmpty()) {
        return Optional.empty();
      }
      BootstrapInterval r = rIndep.get();
      return Optional.of(new double[] {replacement.ceiling(r.mean()), replacement.ceiling(r.low()),
          replacement.ceiling(r.high())});
    }

    /** {@link #EXCEEDS}, {@link #WITHIN} or undecided, by {@link Decision#beats} on the excess. */
    Optional<String> verdict() {
      return excess.map(Ceilings::verdict);
    }
  }

  /** The verdict on Recall − ceiling: "recall beats its ceiling" judged as every comparison is (SPEC.md §10). */
  static String verdict(BootstrapInterval excess) {
    return switch (Decision.beats(excess)) {
      case REPRODUCED -> EXCEEDS;
      case NOT_REPRODUCED -> WITHIN;
      case UNDECIDED -> Decision.UNDECIDED.label();
    };
  }

  /** Rows of D = [r; P_r; P] a replacement of the query replaces: 2 with the dummy queries (SPEC.md §2), else 1. */
  static int replacedRows(RunView v) {
    return v.manifest().config().path("protocol").path("dummies").asBoolean(true) ? 2 : 1;
  }

  /**
   * Every (mechanism, ε) of a run's grid (its {@code mechanisms} and {@code epsilons}) at
   * {@link Stats#K}, in report order; cells that do not report that K are left out. The cells of
   * an ε-independent mechanism, drawn at every ε, give one point at the ε they were computed at
   * (repeated in the list, once per grid ε: {@link #distinct} drops the repeats).
   */
  static List<Point> points(RunView v) {
    int rows = replacedRows(v);
    List<Point> out = new ArrayList<>();
    Map<List<String>, Point> done = new java.util.HashMap<>(); // ε-independent cells are drawn at every ε
    for (String m : ReportPages.ordered(v.gridStrings("mechanisms"))) {
      for (double eps : v.gridNumbers("epsilons")) {
        List<CellRecord> cs = v.cellsAt(m, eps).stream()
            .filter(c -> java.util.Arrays.stream(c.ks()).anyMatch(x -> x == Stats.K)).toList();
        if (cs.isEmpty()) {
          out.add(of(m, eps, cs, Stats.K, rows));
        } else {
          out.add(done.computeIfAbsent(cs.stream().map(c -> c.key().fileName()).toList(),
              k -> of(m, cs.get(0).key().epsilon(), cs, Stats.K, rows)));
        }
      }
    }
    return out;
  }

  /** {@code points} without repeats of a (mechanism, ε), in order. */
  static List<Point> distinct(List<Point> points) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    return points.stream().filter(p -> seen.add(p.mechanism() + "|" + p.epsilon())).toList();
  }

  /** The point of {@code cells} (one per seed of one mechanism and ε) at K. */
  static Point of(String mechanism, double epsilon, List<CellRecord> cells, int k, int replacedRows) {
    List<CellRecord> ok = cells.stream().filter(CellRecord::ok).toList();
    Optional<BootstrapInterval> recall = Stats.recall(ok, k);
    if (ok.isEmpty()) {
      QueryReplacement none = QueryReplacement.of(Guarantee.NONE, Double.NaN, Double.NaN, "", 1);
      return new Point(mechanism, epsilon, "", recall, Optional.empty(), none, Optional.empty(), false, none);
    }
    CellRecord.Claim claim = ok.get(0).claim();
    QueryReplacement r = replacement(ok.get(0), replacedRows);
    List<SeedValues> values = new ArrayList<>();
    for (CellRecord c : ok) {
      c.independentChances(k).ifPresent(values::add);
    }
    Optional<BootstrapInterval> rIndep = values.size() == ok.size()
        ? Optional.of(Bootstrap.meanOfValues(values)) : Optional.empty();
    Optional<BootstrapInterval> excess = Optional.empty();
    if (rIndep.isPresent() && r.bounded()) {
      List<SeedHits> hits = ok.stream().map(c -> c.seedHits(k)).toList();
      excess = Optional.of(Bootstrap.pairedStatistic(hits, values, (a, b) -> a - r.ceiling(b)));
    }
    return new Point(mechanism, epsilon, claim.guarantee(), recall, rIndep, r, excess, labelsPublic(claim),
        replacement(ok.get(0), 1));
  }

  /** The guarantee of a cell's claim for replacing the whole query (its stated ε and δ, at the cell's ε). */
  static QueryReplacement replacement(CellRecord c, int replacedRows) {
    return QueryReplacement.of(Guarantee.valueOf(c.claim().guarantee()), c.key().epsilon(), c.delta(),
        c.claim().neighbouring(), replacedRows);
  }

  /** Whether a claim assumes the labels public while its release uses them (a features-only reading exists). */
  static boolean labelsPublic(CellRecord.Claim claim) {
    String a = claim.assumedPublic().toLowerCase(Locale.ROOT);
    return a.contains("label") && !a.contains("labels are not used") && !claim.guarantee().equals("NONE");
  }

  /** What the features-only reading gives, for a claim that assumes the labels public. */
  static String featuresOnlyReading(Point p) {
    String ceiling = p.recall().map(r -> Stats.num(p.featuresOnly().ceiling(r.mean()), 3)).orElse("-");
    return "features-only reading (the claim assumes the labels public): neighbouring queries share the label, so"
        + " R_indep within the class is the recall itself, and with " + p.featuresOnly().summary() + " for the query"
        + " row the ceiling min(1, e^eps'*Recall + delta') = " + ceiling + " never lies below the recall: it binds"
        + " nothing. Appendix B's neighbours differ in the label too (L_Y against L_Y~): the features-and-label"
        + " reading, judged here";
  }

  /** {@code R_indep 0.217 [0.20, 0.23]; (eps', delta') = (0.2, 2.1e-05) over 2 steps; ceiling 0.265 [...]}. */
  static String text(Point p) {
    StringBuilder b = new StringBuilder();
    b.append("Recall@").append(Stats.K).append(' ').append(p.recall().map(Stats::text).orElse("-"));
    b.append("; R_indep ").append(p.rIndep().map(Stats::text).orElse("unavailable (cells without top-K lists)"));
    b.append("; replacing the query: ").append(p.replacement().summary());
    p.ceiling().ifPresent(c -> b.append("; ceiling ").append(Stats.num(c[0], 3)).append(" [").append(Stats.num(c[1],
        3)).append(", ").append(Stats.num(c[2], 3)).append(']'));
    p.excess().ifPresent(e -> b.append("; recall - ceiling = ").append(e.textWithSize()));
    return b.toString();
  }

  /** The theorem, for reports and docs. */
  static final String THEOREM = "If a release is (eps', delta')-DP for the whole query (features and label), then for"
      + " any queries r, r' and any set S of outputs P[M(r) in S] <= e^eps' P[M(r') in S] + delta'; with S = \"the"
      + " top K holds c(r)\" and r' drawn like the queries: Recall@K <= e^eps' R_indep@K + delta', where R_indep@K is"
      + " the mean over queries q of the query-label frequency of the labels among q's top K (the recall of the same"
      + " outputs scored against an independent query's label: each mechanism's own chance level). (eps', delta') is"
      + " derived from each claim's neighbouring relation: under add/remove-one-row, replacing the query replaces"
      + " the query row (and, with dummy queries, one class-dependent dummy) - 2 (or 4) steps of group privacy."
      + " NOT_DP claims are judged at the epsilon they state; non-private mechanisms have no ceiling.";

  /** The summary column of R_indep@K. */
  static String rIndepColumn(int k) {
    return "R_indep@" + k;
  }

  /** The summary column of the ceiling at K. */
  static String ceilingColumn(int k) {
    return "ceiling@" + k;
  }

  /**
   * {@code summary} (ResultsTable#aggregate of {@code cells}, one row per (data set, mechanism,
   * preset, ε, δ) in order of first appearance) with, after its R@K columns, R_indep@K and its
   * interval, the query-replacement (ε′, δ′) and the ceiling with the interval R_indep's maps to,
   * at the largest K of the table; blank where unavailable (no top-K lists, no ceiling).
   */
  static Table withColumns(Table summary, List<CellRecord> cells, int replacedRows) {
    if (ResultsTable.recallKs(summary).isEmpty()) {
      return summary;
    }
    int k = ResultsTable.recallKs(summary).last();
    Map<String, List<CellRecord>> groups = new LinkedHashMap<>();
    for (CellRecord c : cells) {
      if (c.ok()) {
        groups.computeIfAbsent(ReportPages.group(c), g -> new ArrayList<>()).add(c);
      }
    }
    if (groups.size() != summary.rowCount()) {
      throw new IllegalStateException("summary rows (" + summary.rowCount() + ") must be the cells' groups ("
          + groups.size() + ")");
    }
    DoubleColumn[] cols = {DoubleColumn.create(rIndepColumn(k)), DoubleColumn.create(rIndepColumn(k) + " lo"),
        DoubleColumn.create(rIndepColumn(k) + " hi"), DoubleColumn.create("query eps'"),
        DoubleColumn.create("query delta'"), DoubleColumn.create(ceilingColumn(k)),
        DoubleColumn.create(ceilingColumn(k) + " lo"), DoubleColumn.create(ceilingColumn(k) + " hi")};
    StringColumn verdicts = StringColumn.create("recall vs ceiling@" + k);
    for (List<CellRecord> g : groups.values()) {
      CellRecord first = g.get(0);
      Point p = of(first.key().label(), first.key().epsilon(), g, k, replacedRows);
      double[] r = p.rIndep().map(i -> new double[] {i.mean(), i.low(), i.high()})
          .orElse(new double[] {Double.NaN, Double.NaN, Double.NaN});
      double[] c = p.ceiling().orElse(new double[] {Double.NaN, Double.NaN, Double.NaN});
      double[] row = {r[0], r[1], r[2], p.replacement().epsilon(), p.replacement().delta(), c[0], c[1], c[2]};
      for (int i = 0; i < cols.length; i++) {
        if (Double.isNaN(row[i])) {
          cols[i].appendMissing();
        } else {
          cols[i].append(row[i]);
        }
      }
      verdicts.append(p.verdict().orElse(""));
    }
    Table out = summary.copy();
    int at = out.columnIndex(ResultsTable.recallColumn(k) + " hi") + 1;
    for (DoubleColumn col : cols) {
      out.insertColumn(at++, col);
    }
    out.insertColumn(at, verdicts);
    return out;
  }

  /** Cells of {@code cells} that ran but keep no top-K lists (written before pmbench-cell/2). */
  static long withoutLists(List<CellRecord> cells) {
    return cells.stream().filter(c -> c.ok() && c.nearest().isEmpty()).count();
  }

  /** What to do about cells without top-K lists, one line; empty when there are none. */
  static Optional<String> formatNote(List<CellRecord> cells) {
    long n = withoutLists(cells);
    return n == 0 ? Optional.empty() : Optional.of(n + " cells were stored before pmbench-cell/2 and keep no top-K"
        + " lists: R_indep and the DP ceiling are unavailable for them (their hits are valid). To compute them, rerun"
        + " the same command into a new directory, or with --fresh (which discards the stored cells).");
  }

  /**
   * The report section: the theorem, one row per (mechanism, ε) of {@code points} that has a
   * ceiling or an R_indep, and the note on cells without top-K lists.
   */
  static void section(HtmlReport html, List<Point> points, List<CellRecord> cells) {
    html.heading(2, "The DP ceiling on Recall@" + Stats.K);
    html.paragraph(THEOREM + " Verdict on Recall - ceiling, a paired 95% two-level bootstrap interval over the same"
        + " seeds and queries (docs/SPEC.md section 10): " + EXCEEDS + " when it lies above 0 (evidence the release is"
        + " not DP for the query as claimed), " + WITHIN + " when it lies at or below " + Decision.MARGIN
        + ", otherwise undecided.");
    formatNote(cells).ifPresent(n -> html.callout("warn", n));
    List<List<String>> rows = new ArrayList<>();
    for (Point p : distinct(points)) {
      if (p.rIndep().isEmpty() && !p.replacement().bounded()) {
        continue;
      }
      rows.add(List.of(p.mechanism(), Stats.num(p.epsilon(), 3), p.guarantee(),
          p.recall().map(Stats::text).orElse("-"), p.rIndep().map(Stats::text).orElse("unavailable"),
          p.replacement().summary(), p.ceiling().map(c -> Stats.num(c[0], 3) + " [" + Stats.num(c[1], 3) + ", "
              + Stats.num(c[2], 3) + "]").orElse("-"), p.excess().map(Stats::text).orElse("-"),
          p.verdict().orElse(p.replacement().bounded() ? "-" : "no ceiling: " + p.replacement().explanation()),
          p.labelsPublic() ? featuresOnlyReading(p) : ""));
    }
    if (rows.isEmpty()) {
      html.paragraph("No cell of this run has top-K lists or a privacy claim.");
      return;
    }
    html.table(List.of("mechanism", "epsilon", "guarantee", "Recall@" + Stats.K, "R_indep@" + Stats.K,
        "replacing the query (eps', delta')", "ceiling", "recall - ceiling", "verdict", "other reading"), rows);
  }
}
