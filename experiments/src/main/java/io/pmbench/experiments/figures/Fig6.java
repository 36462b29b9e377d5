package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.TextTable;
import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.LineFigure;
import io.pmbench.reports.figures.Series;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Figure 6 (SPEC.md §9): Recall@8 against ε for every mechanism, the mean over all queries of
 * all seeds and its 95% two-level bootstrap interval (SPEC.md §10). Under {@code paper}, ε &lt; 1 uses CLASSIC and ε ≥ 1 ANALYTIC noise (the plot marks
 * the switch); refused cells are shown as such.
 *
 * <p><b>ε-independent mechanisms.</b> Mechanisms whose release does not depend on ε
 * ({@link EmbeddingMechanism#readsEpsilon()} false: features, smlq, smlq-cccp, tsne, random, and
 * dp-dsne-official, whose noise level is its own fixed option) never read ε or the calibration,
 * but the protocol derives each query's random stream from a path that includes ε, so running
 * them at another ε would give different (equally valid) draws. They are computed once per seed
 * at {@link #REFERENCE_EPSILON} (Table 2's ε, so they match {@code pmbench run}'s defaults) and
 * the same cells are drawn at every ε, labelled "ε-independent (computed once)". Each such cell
 * is checked not to claim differential privacy (a DP claim is calibrated to ε);
 * {@code everyEpsilon} runs them at every ε instead. {@code label-only} reads ε: its noise scale
 * is PrivateMail's at ε.
 *
 * @param mechanisms mechanism names (report order)
 * @param epsilons the ε values
 * @param everyEpsilon run ε-independent mechanisms at every ε anyway
 */
public record Fig6(List<String> mechanisms, List<Double> epsilons, boolean everyEpsilon) implements Experiment {
  /** The ε at which ε-independent mechanisms run: Table 2's ε. */
  public static final double REFERENCE_EPSILON = EpsilonGrid.REFERENCE_EPSILON;
  /** SPEC.md §9's ε grid. */
  public static final List<Double> DEFAULT_EPSILONS = List.of(0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 4.0, 8.0);
  /** The K of Figure 6. */
  public static final int K = Stats.K;

  public Fig6 {
    mechanisms = ReportPages.ordered(List.copyOf(mechanisms));
    epsilons = epsilons.stream().sorted().distinct().toList();
    if (mechanisms.isEmpty() || epsilons.isEmpty()) {
      throw new IllegalArgumentException("fig6 needs at least one mechanism and one epsilon. Provided value: "
          + mechanisms + " x " + epsilons);
    }
  }

  @Override
  public ExperimentKind kind() {
    return ExperimentKind.FIG6;
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    Map<String, Object> g = EpsilonGrid.grid(s, mechanisms, epsilons, epsilonFree(s));
    g.put("referenceEpsilon", REFERENCE_EPSILON);
    return g;
  }

  private List<String> epsilonFree(GridSetup s) {
    return everyEpsilon ? List.of() : EpsilonGrid.epsilonFree(mechanisms, s);
  }

  @Override
  public void validate(GridSetup s) {
    mechanisms.forEach(s.registry()::get);
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup s, Cells cells) {
    return EpsilonGrid.tasks(s, cells, mechanisms, epsilons, epsilonFree(s), REFERENCE_EPSILON);
  }

  /** One point of the figure. */
  record Point(String mechanism, double epsilon, Optional<BootstrapInterval> recall, String interval, String calibration,
      String note) {}

  static List<Point> points(RunView v) {
    List<Point> out = new ArrayList<>();
    List<String> free = v.gridStrings("epsilonFree");
    for (String m : v.gridStrings("mechanisms")) {
      for (double eps : v.gridNumbers("epsilons")) {
        List<CellRecord> cs = v.cellsAt(m, eps);
        String note = "";
        List<String> problems = cs.stream().filter(c -> !c.ok()).map(c -> c.outcome() + ": " + c.message()).distinct()
            .toList();
        if (!problems.isEmpty()) {
          note = String.join(" | ", problems);
        } else if (free.contains(m)) {
          note = "epsilon-independent (computed once at epsilon = " + v.grid("referenceEpsilon").asText() + ")";
        }
        if (cs.size() < v.seeds().size()) {
          note = (note.isEmpty() ? "" : note + "; ") + (v.seeds().size() - cs.size()) + " seed(s) not computed yet";
        }
        String calibration = free.contains(m) || cs.isEmpty() || !cs.get(0).ok() ? "-"
            : cs.get(0).claim().calibration();
        Optional<BootstrapInterval> recall = Stats.recall(cs, K);
        out.add(new Point(m, eps, recall, recall.map(BootstrapInterval::method).orElse("-"), calibration, note));
      }
    }
    return out;
  }

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    List<Point> pts = points(v);
    List<Ceilings.Point> ceilings = Ceilings.points(v);
    List<CellRecord> all = ReportPages.tablesOfAll(v);
    ReportPages.writeCsv(v.dir().resolve("fig6.csv"), List.of("dataset", "mechanism", "epsilon", "calibration",
        "R@8", "R@8 lo", "R@8 hi", "seeds", "queries", "interval", "note"), pts.stream().map(p -> csvRow(v, p)).toList());
    List<LineFigure.Bound> drawnCeilings = bounds(v, ceilings);
    LineFigure figure = figure(v, pts).withBounds(drawnCeilings);
    byte[] png = Charts.write(Charts.chart(figure), v.dir(), "fig6");
    ReportPages.intro(v, html, "Figure 6 of the paper: Recall@8 of the protocol against epsilon (delta = "
        + v.manifest().config().path("delta").asText() + ") for every mechanism on " + v.dataset() + ".");
    html.heading(2, "Figure 6");
    html.figure(png, "Recall@8 against epsilon", "Recall@8 (mean over all queries of all seeds and its "
        + Stats.caption(recalls(pts)) + ") against epsilon; " + calibrationNote(v) + Stats.referencesNote(figure)
        + (drawnCeilings.isEmpty() ? "" : " Dash-dotted lines: the DP ceiling min(1, e^eps' R_indep@8 + delta') of"
            + " each mechanism that claims (or states) a guarantee - the region above its line is impossible under"
            + " the stated DP (see the section below).")
        + " Data: fig6.csv; fig6.svg is the vector version.");
    html.heading(3, "Table");
    html.table(tableHeader(v), table(v, pts));
    Ceilings.section(html, ceilings, all);
    ReportPages.closing(v, html, all);
  }

  /** A row of fig6.csv. */
  private static List<String> csvRow(RunView v, Point p) {
    List<String> row = new ArrayList<>(List.of(v.dataset(), p.mechanism(), Double.toString(p.epsilon()),
        p.calibration()));
    row.addAll(Stats.csv(p.recall()));
    row.addAll(List.of(p.recall().map(i -> Integer.toString(i.seeds())).orElse(""),
        p.recall().map(i -> Long.toString(i.queries())).orElse(""), p.interval(), p.note()));
    return row;
  }

  private static String calibrationNote(RunView v) {
    return switch (v.preset()) {
      case "paper" -> "under the paper preset epsilon < 1 uses CLASSIC noise and epsilon >= 1 ANALYTIC (the dashed "
          + "vertical line at epsilon = 1).";
      case "corrected" -> "the corrected preset uses ANALYTIC noise at every epsilon.";
      default -> "noise calibration: " + v.preset() + " preset.";
    };
  }

  /**
   * The figure: each ε-dependent mechanism a line with its own marker (error bars of
   * neighbouring lines set slightly apart on the log axis), each ε-independent one (the
   * controls features and random, and the non-private baselines) a dashed horizontal reference
   * line with its interval as a band, since its value is one number at every ε.
   */
  static LineFigure figure(RunView v, List<Point> pts) {
    List<Series> series = new ArrayList<>();
    List<LineFigure.Reference> references = new ArrayList<>();
    List<String> free = v.gridStrings("epsilonFree");
    for (String m : v.gridStrings("mechanisms")) {
      List<Point> mp = pts.stream().filter(p -> p.mechanism().equals(m)).toList();
      if (free.contains(m)) {
        mp.stream().flatMap(p -> p.recall().stream()).findFirst().ifPresent(r -> references.add(
            new LineFigure.Reference(m + " (eps-independent)", r.mean(), r.low(), r.high())));
        continue;
      }
      double[] x = mp.stream().mapToDouble(Point::epsilon).toArray();
      double[] y = mp.stream().mapToDouble(p -> p.recall().map(BootstrapInterval::mean).orElse(Double.NaN)).toArray();
      double[] lo = mp.stream().mapToDouble(p -> p.recall().map(BootstrapInterval::low).orElse(Double.NaN)).toArray();
      double[] hi = mp.stream().mapToDouble(p -> p.recall().map(BootstrapInterval::high).orElse(Double.NaN)).toArray();
      series.add(new Series(m, x, y, lo, hi));
    }
    if (series.isEmpty()) { // every mechanism is epsilon-independent: draw them as lines after all
      references.forEach(r -> series.add(Series.of(r.label(), new double[] {v.grid("referenceEpsilon").asDouble()},
          new double[] {r.y()})));
      references.clear();
    }
    List<LineFigure.Marker> markers = v.preset().equals("paper")
        ? List.of(new LineFigure.Marker(1.0, "CLASSIC | ANALYTIC")) : List.of();
    return new LineFigure("Figure 6: Recall@8 vs epsilon (" + v.preset() + " preset)",
        "epsilon (log scale)", Stats.axis("Recall@8", recalls(pts)), true, series, markers).withReferences(references);
  }

  /**
   * The DP ceiling of each ε-dependent mechanism drawn as a line, labelled "m: DP ceiling" (the
   * region above it is impossible under the stated DP); none for a mechanism without a ceiling
   * or without top-K lists.
   */
  static List<LineFigure.Bound> bounds(RunView v, List<Ceilings.Point> ceilings) {
    List<LineFigure.Bound> out = new ArrayList<>();
    List<String> free = v.gridStrings("epsilonFree");
    for (String m : v.gridStrings("mechanisms")) {
      if (free.contains(m)) {
        continue;
      }
      List<Ceilings.Point> mp = ceilings.stream().filter(p -> p.mechanism().equals(m)).toList();
      double[] y = mp.stream().mapToDouble(p -> p.ceiling().map(c -> c[0]).orElse(Double.NaN)).toArray();
      if (java.util.Arrays.stream(y).anyMatch(Double::isFinite)) {
        out.add(new LineFigure.Bound(m + ": DP ceiling (above: impossible)", m, mp.stream().mapToDouble(Ceilings.Point::epsilon).toArray(),
            y));
      }
    }
    return out;
  }

  private static List<Optional<BootstrapInterval>> recalls(List<Point> pts) {
    return pts.stream().map(Point::recall).toList();
  }

  private static List<String> tableHeader(RunView v) {
    List<String> h = new ArrayList<>(List.of("mechanism"));
    for (double e : v.gridNumbers("epsilons")) {
      h.add("eps=" + e);
    }
    return h;
  }

  static List<List<String>> table(RunView v, List<Point> pts) {
    List<List<String>> rows = new ArrayList<>();
    for (String m : v.gridStrings("mechanisms")) {
      List<String> row = new ArrayList<>(List.of(v.gridStrings("epsilonFree").contains(m) ? m + " (eps-independent)"
          : m));
      for (Point p : pts) {
        if (p.mechanism().equals(m)) {
          row.add(p.recall().map(Stats::text).orElse(p.note().startsWith("REFUSED") ? "refused"
              : p.note().startsWith("FAILED") ? "failed" : "-"));
        }
      }
      rows.add(row);
    }
    return rows;
  }

  /** Widest line of the console table. */
  static final int CONSOLE_WIDTH = 100;

  /**
   * The console table: ε down the rows, the ε-dependent mechanisms across in blocks that fit
   * {@link #CONSOLE_WIDTH} columns, each cell Recall@8 with its interval; then one line per
   * ε-independent mechanism (one number at every ε).
   */
  @Override
  public String console(RunView v) {
    List<Point> pts = points(v);
    List<String> free = v.gridStrings("epsilonFree");
    List<String> across = v.gridStrings("mechanisms").stream().filter(m -> !free.contains(m)).toList();
    List<Double> eps = v.gridNumbers("epsilons");
    StringBuilder sb = new StringBuilder("Recall@8 [95% CI] by epsilon (rows) and mechanism:\n");
    int from = 0;
    while (from < across.size()) {
      int to = from;
      int width = "epsilon".length();
      while (to < across.size() && (to == from || width + 2 + columnWidth(across.get(to), pts) <= CONSOLE_WIDTH)) {
        width += 2 + columnWidth(across.get(to), pts);
        to++;
      }
      TextTable t = new TextTable().column("epsilon", true);
      across.subList(from, to).forEach(m -> t.column(m, false));
      for (double e : eps) {
        List<String> row = new ArrayList<>(List.of(Double.toString(e)));
        across.subList(from, to).forEach(m -> row.add(cellText(pts, m, e)));
        t.row(row.toArray(new String[0]));
      }
      sb.append(t.render()).append('\n');
      from = to;
    }
    for (String m : v.gridStrings("mechanisms")) {
      if (free.contains(m)) {
        String value = pts.stream().filter(p -> p.mechanism().equals(m)).map(p -> cellText(pts, m, p.epsilon()))
            .filter(x -> !x.equals("-")).findFirst().orElse("-");
        sb.append(m).append(" (eps-independent, every epsilon): ").append(value).append('\n');
      }
    }
    return sb.append(switch (v.preset()) {
      case "paper" -> "Noise: CLASSIC below epsilon = 1, ANALYTIC from epsilon = 1 (paper preset)";
      case "corrected" -> "Noise: ANALYTIC at every epsilon (corrected preset)";
      default -> "Noise calibration: " + v.preset() + " preset";
    }).append('\n').toString();
  }

  private static int columnWidth(String m, List<Point> pts) {
    return Math.max(m.length(), pts.stream().filter(p -> p.mechanism().equals(m))
        .mapToInt(p -> cellText(pts, m, p.epsilon()).length()).max().orElse(1));
  }

  /** {@code 0.455 [0.431, 0.480]}, "refused", "failed" or "-" for (m, ε). */
  private static String cellText(List<Point> pts, String m, double e) {
    return pts.stream().filter(p -> p.mechanism().equals(m) && p.epsilon() == e).findFirst()
        .map(p -> p.recall().map(Stats::text).orElse(p.note().startsWith("REFUSED") ? "refused"
            : p.note().startsWith("FAILED") ? "failed" : "-")).orElse("-");
  }
}
