package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.MechanismParams;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Figure 5 (SPEC.md §9): Recall@8 of {@code smlq} and {@code privatemail} at ε = 0.1 against
 * k ∈ {2, 4, 8, 16, 32}, α ∈ {0.1, 0.3, 0.5, 0.7, 0.9, 1.0} and σ ∈ {1, 2, 3, 4, 5, 6, 8, 10},
 * one varied at a time with the others at the run's values. A cell's variant names all three
 * ({@code k=2,alpha=0.6,sigma=6}), so the shared default point is computed once.
 *
 * @param mechanisms the mechanisms (default smlq, privatemail)
 * @param epsilon the ε of the private cells
 */
public record Fig5(List<String> mechanisms, double epsilon) implements Experiment {
  public static final List<Integer> KS = List.of(2, 4, 8, 16, 32);
  public static final List<Double> ALPHAS = List.of(0.1, 0.3, 0.5, 0.7, 0.9, 1.0);
  public static final List<Double> SIGMAS = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0);
  public Fig5 {
    mechanisms = List.copyOf(mechanisms);
  }

  @Override
  public ExperimentKind kind() {
    return ExperimentKind.FIG5;
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    MechanismParams base = s.params(epsilon);
    return GridEntries.of(Map.entry("mechanisms", mechanisms), Map.entry("epsilon", epsilon),
        Map.entry("seeds", s.seeds()), Map.entry("baseK", base.k()), Map.entry("baseAlpha", base.alpha()),
        Map.entry("baseSigma", base.sigma()), Map.entry("k", KS), Map.entry("alpha", ALPHAS),
        Map.entry("sigma", SIGMAS));
  }

  @Override
  public void validate(GridSetup s) {
    mechanisms.forEach(s.registry()::get);
  }

  /** Every (k, α, σ) point of the grid, one knob varied at a time, without repeats. */
  static List<double[]> points(int k0, double a0, double s0) {
    LinkedHashSet<List<Double>> set = new LinkedHashSet<>();
    KS.forEach(k -> set.add(List.of((double) k, a0, s0)));
    ALPHAS.forEach(a -> set.add(List.of((double) k0, a, s0)));
    SIGMAS.forEach(sg -> set.add(List.of((double) k0, a0, sg)));
    return set.stream().map(l -> new double[] {l.get(0), l.get(1), l.get(2)}).toList();
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup s, Cells cells) {
    ProtocolRunner runner = cells.runner(s.data(), s.protocol());
    MechanismParams base = s.params(epsilon);
    List<Sweep.Task> out = new ArrayList<>();
    for (long seed : s.seeds()) {
      for (double[] pt : points(base.k(), base.alpha(), base.sigma())) {
        for (String m : mechanisms) {
          MechanismParams p = Variants.kernel(base, (int) pt[0], pt[1], pt[2]);
          out.add(cells.protocol(runner, s.registry().get(m), p, new CellKey(s.data().name(), m,
              FigureReadings.knobs((int) pt[0], pt[1], pt[2]), epsilon, seed), s.queriesPerCell(), null));
        }
      }
    }
    return out;
  }

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    List<FigureReadings.Curve> curves = FigureReadings.curves(v);
    List<CellRecord> all = ReportPages.tablesOfAll(v);
    List<List<String>> csv = new ArrayList<>();
    for (FigureReadings.Curve c : curves) {
      for (int i = 0; i < c.values().size(); i++) {
        List<String> row = new ArrayList<>(List.of(v.dataset(), c.mechanism(), c.knob(),
            Double.toString(c.values().get(i))));
        row.addAll(Stats.csv(c.recall().get(i)));
        csv.add(row);
      }
    }
    ReportPages.writeCsv(v.dir().resolve("fig5.csv"), List.of("dataset", "mechanism", "parameter", "value", "R@8",
        "R@8 lo", "R@8 hi"), csv);
    ReportPages.intro(v, html, "Figure 5 of the paper: Recall@8 of smlq and privatemail (epsilon = "
        + v.grid("epsilon").asText() + ") against k, alpha and sigma, one varied at a time with the others at k = "
        + v.grid("baseK").asText() + ", alpha = " + v.grid("baseAlpha").asText() + ", sigma = "
        + v.grid("baseSigma").asText() + ".");
    html.heading(2, "Figure 5");
    for (String knob : List.of("k", "alpha", "sigma")) {
      List<Series> series = new ArrayList<>();
      for (FigureReadings.Curve c : curves) {
        if (c.knob().equals(knob)) {
          double[] x = c.values().stream().mapToDouble(Double::doubleValue).toArray();
          series.add(new Series(c.mechanism(), x,
              c.recall().stream().mapToDouble(r -> r.map(BootstrapInterval::mean).orElse(Double.NaN)).toArray(),
              c.recall().stream().mapToDouble(r -> r.map(BootstrapInterval::low).orElse(Double.NaN)).toArray(),
              c.recall().stream().mapToDouble(r -> r.map(BootstrapInterval::high).orElse(Double.NaN)).toArray()));
        }
      }
      List<Optional<BootstrapInterval>> points = curves.stream().filter(c -> c.knob().equals(knob))
          .flatMap(c -> c.recall().stream()).toList();
      byte[] png = Charts.write(Charts.chart(new LineFigure("Figure 5: Recall@8 vs " + knob, knob,
          Stats.axis("Recall@8", points), knob.equals("k"), series, List.of())), v.dir(), "fig5-" + knob);
      html.figure(png, "Recall@8 against " + knob, "Recall@8 (mean over all queries of all seeds and its "
          + Stats.caption(points) + ") against " + knob + ". Data: fig5.csv.");
    }
    html.heading(3, "Range of Recall@8 over each parameter");
    html.table(List.of("parameter", "mechanism", "max - min of mean Recall@8"), rangeRows(curves));
    ReportPages.closing(v, html, all);
  }

  private static List<List<String>> rangeRows(List<FigureReadings.Curve> curves) {
    List<List<String>> rows = new ArrayList<>();
    for (FigureReadings.Curve c : curves) {
      rows.add(List.of(c.knob(), c.mechanism(), Stats.num(c.range(), 3)));
    }
    return rows;
  }

  @Override
  public String console(RunView v) {
    StringBuilder sb = new StringBuilder();
    for (FigureReadings.Curve c : FigureReadings.curves(v)) {
      sb.append(String.format(Locale.ROOT, "%-6s %-12s", c.knob(), c.mechanism()));
      for (int i = 0; i < c.values().size(); i++) {
        sb.append(String.format(Locale.ROOT, " %s:%s", c.values().get(i),
            c.recall().get(i).map(r -> Stats.num(r.mean(), 3)).orElse("-")));
      }
      sb.append(String.format(Locale.ROOT, "  range %s%n", Stats.num(c.range(), 3)));
    }
    return sb.toString();
  }
}
