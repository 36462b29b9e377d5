package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.CellSummary;
import io.pmbench.reports.Decision;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.ResultsTable;
import io.pmbench.reports.TextTable;
import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.LineFigure;
import io.pmbench.reports.figures.Series;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * {@code pmbench run}: one grid of (mechanism × ε × seed) on one data set, in the order seed,
 * mechanism, ε. Every (mechanism, ε) is validated before anything runs: a refused ε stops the
 * command with one line and writes nothing.
 *
 * <p>As in {@code fig6} ({@link EpsilonGrid}), mechanisms whose release does not depend on ε
 * ({@code readsEpsilon()} false) run once per seed, at the first ε of the list, and their cells
 * are checked not to claim differential privacy; the output says so. Running {@code tsne} at three ε would triple
 * the cost of the slowest mechanism for three draws of the same quantity.
 *
 * @param mechanisms mechanism names, in report order
 * @param epsilons the ε values
 */
public record RunExperiment(List<String> mechanisms, List<Double> epsilons) implements Experiment {
  public RunExperiment {
    mechanisms = mechanisms.stream().distinct().toList(); // "--epsilon 0.1 --epsilon 0.1,1" means 0.1, 1
    epsilons = epsilons.stream().distinct().toList();
    if (mechanisms.isEmpty()) {
      throw new IllegalArgumentException("mechanisms must not be empty. Provided value: []");
    }
    if (epsilons.isEmpty()) {
      throw new IllegalArgumentException("epsilon list must not be empty. Provided value: []");
    }
  }

  @Override
  public ExperimentKind kind() {
    return ExperimentKind.RUN;
  }

  @Override
  public boolean recordFailures() {
    return false;
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    return EpsilonGrid.grid(s, mechanisms, epsilons, EpsilonGrid.epsilonFree(mechanisms, s));
  }

  @Override
  public void validate(GridSetup s) {
    Map<Double, MechanismParams> params = EpsilonGrid.paramsAt(s, epsilons);
    for (String name : mechanisms) {
      EmbeddingMechanism m = s.registry().get(name);
      params.values().forEach(p -> m.validate(p.forMechanism(name)));
    }
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup s, Cells cells) {
    return EpsilonGrid.tasks(s, cells, mechanisms, epsilons, EpsilonGrid.epsilonFree(mechanisms, s),
        epsilons.get(0));
  }

  /** The cells of the view's grid in run order (seed, mechanism, ε). */
  static List<CellRecord> inOrder(RunView v) {
    List<CellRecord> out = new ArrayList<>();
    for (long seed : v.seeds()) {
      for (String m : v.gridStrings("mechanisms")) {
        for (double eps : v.gridNumbers("epsilons")) {
          v.cell(new CellKey(v.dataset(), m, "", eps, seed)).ifPresent(out::add);
        }
      }
    }
    return out;
  }

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    List<CellRecord> cells = inOrder(v);
    ReportPages.writeTables(v, cells);
    ReportPages.intro(v, html, "Recall@K of the retrieval protocol (docs/SPEC.md sections 1-2) for every mechanism, "
        + "epsilon and seed of the grid.");
    html.heading(2, "Results");
    List<CellSummary> rows = ReportPages.summaries(cells);
    Optional<LineFigure> figure = figure(v);
    if (figure.isPresent()) {
      byte[] png = Charts.write(Charts.chart(figure.get()), v.dir(), FIGURE);
      html.figure(png, figure.get().title(), figure.get().title() + ": mean over all queries of all seeds with its "
          + "95% two-level bootstrap interval." + Stats.referencesNote(figure.get()) + " " + FIGURE
          + ".svg is the vector version.");
    }
    if (!rows.isEmpty()) {
      ResultsTable.toHtml(html, shortDatasetNames(ResultsTable.aggregate(rows)));
      String note = epsilonFreeNote(v).strip();
      if (!note.isEmpty()) {
        html.paragraph(note);
      }
      List<List<String>> paired = pairedRows(v);
      if (!paired.isEmpty()) {
        html.paragraph(PAIRED_RULE);
        html.table(PAIRED_HEADER, paired);
      }
      Ceilings.section(html, Ceilings.points(v), cells);
    }
    ReportPages.closing(v, html, cells);
  }

  @Override
  public String console(RunView v) {
    List<CellSummary> rows = ReportPages.summaries(inOrder(v));
    return rows.isEmpty() ? "(no finished cells)"
        : ResultsTable.toConsole(shortDatasetNames(ResultsTable.aggregate(rows))) + epsilonFreeNote(v) + pairedNote(v);
  }

  /**
   * How the paired differences' verdicts follow from their intervals ({@link Decision#beats} on
   * "A beats B"), stated once above the table.
   */
  static final String PAIRED_RULE = "Paired differences A − B of Recall@" + Stats.K + " against the controls (same "
      + "seeds and queries, 95% two-level bootstrap, docs/SPEC.md section 10). Verdict on \"A beats B\": \"above\" "
      + "if the interval's low end is > 0; \"not above\" if its high end is <= " + Decision.MARGIN + " (no advantage "
      + "larger than " + Decision.MARGIN + "); otherwise \"undecided (n too small)\".";

  /** The header of the paired differences' table. */
  static final List<String> PAIRED_HEADER = List.of("eps", "A − B", "difference [95% CI]", "n", "verdict");

  /**
   * Each mechanism's paired difference of Recall@8 against the controls the run has (the mechanisms
   * that declare {@link io.pmbench.core.mechanism.Reporting#pairedControl()}), at each ε: same seeds
   * and queries, SPEC.md §10's bootstrap, with the verdict of "A beats B" ({@link Decision#beats}),
   * one row each ({@link #PAIRED_HEADER}); empty when the run has no control or one seed's cells only.
   */
  static List<List<String>> pairedRows(RunView v) {
    List<String> ms = v.gridStrings("mechanisms");
    List<List<String>> rows = new ArrayList<>();
    for (String control : ReportPages.ordered(ms).stream().filter(n -> ReportPages.reporting(n).pairedControl())
        .toList()) {
      for (double e : v.gridNumbers("epsilons")) {
        for (String m : ms) {
          if (!m.equals(control)) {
            Comparison.paired(v.cellsAt(m, e), v.cellsAt(control, e), Stats.K).ifPresent(d -> rows.add(List.of(
                Double.toString(e), m + " − " + control, d.text(), d.sizeText().substring("n = ".length()),
                verdict(Decision.beats(d)))));
          }
        }
      }
    }
    return rows;
  }

  private static String verdict(Decision beats) {
    return beats == Decision.REPRODUCED ? "above" : beats == Decision.NOT_REPRODUCED ? "not above"
        : "undecided (n too small)";
  }

  /** The paired differences for the console: the rule, then the table; empty without rows. */
  static String pairedNote(RunView v) {
    List<List<String>> rows = pairedRows(v);
    if (rows.isEmpty()) {
      return "";
    }
    TextTable t = new TextTable();
    for (int c = 0; c < PAIRED_HEADER.size(); c++) {
      t.column(PAIRED_HEADER.get(c), c == 0);
    }
    rows.forEach(r -> t.row(r.toArray(new String[0])));
    return "\n" + PAIRED_RULE + "\n" + t.render().stripTrailing();
  }

  /** Stem of the run's figure files ({@code recall.png}, {@code recall.svg}). */
  static final String FIGURE = "recall";

  /**
   * The run's figure, at the grid's largest K: Recall@K against ε (log axis) when the grid has two
   * or more ε, each ε-independent mechanism a horizontal reference line; with one ε, Recall@K
   * against K for each mechanism. Empty when no cell has finished.
   */
  static Optional<LineFigure> figure(RunView v) {
    List<Integer> ks = new ArrayList<>();
    v.manifest().config().path("protocol").path("ks").forEach(n -> ks.add(n.asInt()));
    List<Double> eps = v.gridNumbers("epsilons");
    List<String> free = v.gridStrings("epsilonFree");
    if (ks.isEmpty() || eps.isEmpty()) {
      return Optional.empty();
    }
    int k = ks.get(ks.size() - 1);
    List<Series> series = new ArrayList<>();
    List<LineFigure.Reference> refs = new ArrayList<>();
    List<Optional<BootstrapInterval>> all = new ArrayList<>();
    boolean overEpsilon = eps.size() > 1;
    for (String m : v.gridStrings("mechanisms")) {
      if (overEpsilon && free.contains(m)) {
        Optional<BootstrapInterval> r = Stats.recall(v.overSeeds(m, "", eps.get(0)), k);
        all.add(r);
        r.ifPresent(i -> refs.add(new LineFigure.Reference(m + " (eps-independent)", i.mean(), i.low(), i.high())));
        continue;
      }
      List<Optional<BootstrapInterval>> pts = new ArrayList<>();
      double[] x = overEpsilon ? eps.stream().mapToDouble(Double::doubleValue).toArray()
          : ks.stream().mapToDouble(Integer::doubleValue).toArray();
      for (int j = 0; j < x.length; j++) {
        pts.add(overEpsilon ? Stats.recall(v.overSeeds(m, "", eps.get(j)), k)
            : Stats.recall(v.overSeeds(m, "", eps.get(0)), ks.get(j)));
      }
      all.addAll(pts);
      if (pts.stream().anyMatch(Optional::isPresent)) {
        series.add(new Series(m, x, pts.stream().mapToDouble(p -> p.map(BootstrapInterval::mean).orElse(Double.NaN))
            .toArray(), pts.stream().mapToDouble(p -> p.map(BootstrapInterval::low).orElse(Double.NaN)).toArray(),
            pts.stream().mapToDouble(p -> p.map(BootstrapInterval::high).orElse(Double.NaN)).toArray()));
      }
    }
    if (series.isEmpty()) {
      return Optional.empty();
    }
    String title = overEpsilon ? "Recall@" + k + " vs epsilon (" + v.preset() + " preset)"
        : "Recall@K vs K at epsilon = " + eps.get(0) + " (" + v.preset() + " preset)";
    return Optional.of(new LineFigure(title, overEpsilon ? "epsilon (log scale)" : "K (log scale)",
        Stats.axis(overEpsilon ? "Recall@" + k : "Recall@K", all), true, series, List.of()).withReferences(refs));
  }

  /** The table with each data set's short name ({@link RunFolders#shortName}) instead of a long spec. */
  static Table shortDatasetNames(Table table) {
    Table t = table.copy();
    if (t.column(ResultsTable.DATASET) instanceof StringColumn names) {
      for (int r = 0; r < names.size(); r++) {
        names.set(r, RunFolders.shortName(names.get(r)));
      }
    }
    return t;
  }

  /** Which mechanisms ran once per seed, and at which ε (empty when none did). */
  static String epsilonFreeNote(RunView v) {
    List<String> free = v.gridStrings("epsilonFree");
    List<Double> eps = v.gridNumbers("epsilons");
    if (free.isEmpty() || eps.size() < 2) {
      return "";
    }
    return "\n" + String.join(", ", free) + ": epsilon-independent (the release does not depend on epsilon), run once per seed at eps="
        + eps.get(0) + "; their numbers hold at every epsilon.";
  }
}
