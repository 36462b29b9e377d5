package io.pmbench.experiments.figures;

import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.GridEntries;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.LineFigure;
import io.pmbench.reports.figures.Series;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Figure 3 (SPEC.md §9): Recall@8 of {@code smlq} and the server's objective v(X_t) against the
 * iteration t = 1..maxIterations, client and server both at t iterations. The cell of t is the
 * {@code smlq} cell with T = t − 1 (the client runs 1 + T), so the cell of t = 1 + T equals
 * fig6's {@code smlq} cell at the same ε and seed. Each cell stores the server's whole trace
 * v(X_0..X_max); whether v ever increased is reported for the server and for every client query.
 *
 * @param maxIterations the largest t (15 in the paper's figure)
 * @param epsilon the ε the cells are keyed at (smlq does not read it; it names the query streams)
 */
public record Fig3(int maxIterations, double epsilon) implements Experiment {
  /** Iterations shown, as in the paper's Figure 3. */
  public static final int DEFAULT_MAX_ITERATIONS = 15;

  public Fig3 {
    if (maxIterations < 1) {
      throw new IllegalArgumentException("fig3 iterations must be >= 1. Provided value: " + maxIterations);
    }
  }

  @Override
  public ExperimentKind kind() {
    return ExperimentKind.FIG3;
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    return GridEntries.of(Map.entry("maxIterations", maxIterations), Map.entry("epsilon", epsilon),
        Map.entry("seeds", s.seeds()));
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup s, Cells cells) {
    ProtocolRunner runner = cells.runner(s.data(), s.protocol());
    List<Sweep.Task> out = new ArrayList<>();
    for (long seed : s.seeds()) {
      TraceSmlq trace = new TraceSmlq(s.registry().get(FigureReadings.TRACED), maxIterations);
      for (int t = 1; t <= maxIterations; t++) {
        out.add(cells.protocol(runner, trace, Variants.iterations(s.params(epsilon), t),
            new CellKey(s.data().name(), FigureReadings.TRACED, FigureReadings.iteration(t), epsilon, seed),
            s.queriesPerCell(), r -> {
              TreeMap<String, double[]> extras = new TreeMap<>();
              extras.put("serverObjective", trace.objective());
              return extras;
            }));
      }
    }
    return out;
  }

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    FigureReadings.IterationSummary s = FigureReadings.iterations(v);
    int max = v.grid("maxIterations").asInt();
    List<CellRecord> all = ReportPages.tablesOfAll(v);
    Map<Long, double[]> traces = FigureReadings.traces(v);
    double[] ts = new double[max];
    double[] y = new double[max];
    double[] lo = new double[max];
    double[] hi = new double[max];
    List<List<String>> csv = new ArrayList<>();
    for (int t = 1; t <= max; t++) {
      Optional<BootstrapInterval> r = s.recall().get(t - 1);
      ts[t - 1] = t;
      y[t - 1] = r.map(BootstrapInterval::mean).orElse(Double.NaN);
      lo[t - 1] = r.map(BootstrapInterval::low).orElse(Double.NaN);
      hi[t - 1] = r.map(BootstrapInterval::high).orElse(Double.NaN);
      List<String> row = new ArrayList<>(List.of(Integer.toString(t), Stats.num(y[t - 1], 6), Stats.num(lo[t - 1], 6),
          Stats.num(hi[t - 1], 6)));
      for (double[] tr : traces.values()) {
        row.add(Double.toString(tr[t]));
      }
      csv.add(row);
    }
    List<String> header = new ArrayList<>(List.of("t", "R@8", "R@8 lo", "R@8 hi"));
    traces.keySet().forEach(seed -> header.add("server v(X_t) seed " + seed));
    ReportPages.writeCsv(v.dir().resolve("fig3.csv"), header, csv);
    byte[] recallPng = Charts.write(Charts.chart(new LineFigure("Figure 3: Recall@8 of smlq vs iteration", "iteration t (client and server)", Stats.axis("Recall@8", s.recall()), false,
        List.of(new Series(FigureReadings.TRACED, ts, y, lo, hi)), List.of())), v.dir(), "fig3-recall");
    List<Series> obj = new ArrayList<>();
    for (Map.Entry<Long, double[]> e : traces.entrySet()) {
      double[] x = new double[e.getValue().length];
      for (int i = 0; i < x.length; i++) {
        x[i] = i;
      }
      obj.add(Series.of("server, seed " + e.getKey(), x, e.getValue()));
    }
    ReportPages.intro(v, html, "Figure 3 of the paper: Recall@8 of the non-private SMLQ embedding (client and "
        + "server both after t iterations of docs/SPEC.md section 4) and the objective v(X_t) = Tr(X'L_X X) - alpha "
        + "Tr(X'L_Y X) of the server's embedding, which Theorem 1 says never increases.");
    html.heading(2, "Figure 3");
    html.figure(recallPng, "Recall@8 against iteration", "Recall@8 (mean over all queries of all seeds and its "
        + Stats.caption(s.recall()) + ") against t. Data: fig3.csv.");
    if (!obj.isEmpty()) {
      byte[] objPng = Charts.write(Charts.chart(new LineFigure("Figure 3: server objective v(X_t)", "iteration t", "v(X_t)", false, obj, List.of(), false)), v.dir(), "fig3-objective");
      html.figure(objPng, "Objective against iteration", "v(X_t) of the server's embedding of [S; P], t = 0.."
          + max + ", one line per seed.");
    }
    html.heading(3, "What it shows");
    html.table(List.of("quantity", "value"), summaryRows(s));
    ReportPages.closing(v, html, all);
  }

  private static List<List<String>> summaryRows(FigureReadings.IterationSummary s) {
    return List.of(
        List.of("first t from which Recall@8 stays within " + FigureReadings.CONVERGENCE_TOLERANCE + " of its last value",
            s.convergedAt() == 0 ? "-" : Integer.toString(s.convergedAt())),
        List.of("server: iterations where v(X_t) increased (over seeds)", Integer.toString(s.serverIncreases())),
        List.of("server: largest relative change (v_t - v_t-1)/|v_t-1|", String.format(Locale.ROOT, "%.3g",
            s.largestRelativeIncrease())),
        List.of("client queries whose objective increased at some iteration", s.clientIncreases() + " of "
            + s.clientQueries()));
  }

  @Override
  public String console(RunView v) {
    FigureReadings.IterationSummary s = FigureReadings.iterations(v);
    StringBuilder sb = new StringBuilder("t | Recall@8 [95% CI]\n");
    for (int t = 1; t <= s.recall().size(); t++) {
      sb.append(t).append(" | ").append(s.recall().get(t - 1).map(Stats::text).orElse("-")).append('\n');
    }
    for (List<String> r : summaryRows(s)) {
      sb.append(r.get(0)).append(": ").append(r.get(1)).append('\n');
    }
    return sb.toString();
  }
}
