package io.pmbench.experiments.figures;

import io.pmbench.core.align.Umeyama;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.random.Seeds;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.GridEntries;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.ScatterFigure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.knowm.xchart.XYChart;

/**
 * Figure 7 (SPEC.md §9): for one query (the first seed's one-query sample), 2-D scatter plots of
 * the client's released embedding of D before alignment, after Kabsch–Umeyama alignment, and the
 * server's embedding of [S; P] (a seeded sample of the gallery), coloured by class, for
 * {@code privatemail} at each ε (ε ≥ 1 uses ANALYTIC under {@code paper}) and for {@code smlq}
 * (no noise). The alignment residual (RMS distance of the aligned public rows to the server's,
 * divided by the RMS spread of the server's public rows) measures "alignment improves as less
 * noise is added".
 *
 * @param epsilons ε values of the private panels (default 0.1, 1, 10)
 */
public record Fig7(List<Double> epsilons) implements Experiment {
  public static final List<Double> DEFAULT_EPSILONS = List.of(0.1, 1.0, 10.0);
  /** Gallery rows drawn in a panel (a seeded sample, for legibility and file size). */
  public static final int GALLERY_SAMPLE = 2000;

  public Fig7 {
    epsilons = epsilons.stream().sorted().distinct().toList();
  }

  @Override
  public ExperimentKind kind() {
    return ExperimentKind.FIG7;
  }

  @Override
  public Map<String, Object> config(GridSetup setup) {
    return Map.of("queries", "the first seed's one-query sample", "gallerySample", GALLERY_SAMPLE);
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    return GridEntries.of(Map.entry("epsilons", epsilons), Map.entry("seeds", List.of(s.seeds().get(0))));
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup s, Cells cells) {
    ProtocolConfig one = s.protocol().withQueries(1);
    ProtocolRunner runner = cells.runner(s.data(), one);
    long seed = s.seeds().get(0);
    Map<String, ServerSide> servers = new ConcurrentHashMap<>();
    List<Sweep.Task> out = new ArrayList<>();
    for (double eps : epsilons) {
      out.add(task(s, cells, runner, servers, FigureReadings.PRIVATE, eps, seed));
    }
    out.add(task(s, cells, runner, servers, FigureReadings.NO_NOISE, EpsilonGrid.REFERENCE_EPSILON, seed));
    return out;
  }

  private static Sweep.Task task(GridSetup s, Cells cells, ProtocolRunner runner, Map<String, ServerSide> servers,
      String mechanism, double eps, long seed) {
    MechanismParams p = s.params(eps);
    Capture capture = new Capture(s.registry().get(mechanism), servers);
    int[] galleryLabels = s.data().test().labels();
    return cells.protocol(runner, capture, p, new CellKey(s.data().name(), mechanism, "fig7", eps, seed), 1,
        r -> capture.extras(p, galleryLabels, seed));
  }

  /** Wraps a mechanism (same name, so the same random streams) and keeps its one release. */
  static final class Capture extends WrappedMechanism {
    private final Map<String, ServerSide> servers;
    private final AtomicReference<ClientRelease> release = new AtomicReference<>();
    private final AtomicReference<int[]> labels = new AtomicReference<>();
    private final AtomicReference<String> serverId = new AtomicReference<>();
    private volatile int publicOffset;

    Capture(EmbeddingMechanism m, Map<String, ServerSide> servers) {
      super(m);
      this.servers = servers;
    }

    @Override
    public ServerSide server(ServerView view, MechanismParams params) {
      ServerSide s = wrapped.server(view, params);
      servers.put(wrapped.serverKey(params) + "|" + view.sharedSeed(), s);
      return s;
    }

    @Override
    public ClientSide client(ClientView view, MechanismParams params) {
      serverId.set(wrapped.serverKey(params) + "|" + view.sharedSeed());
      ClientSide c = wrapped.client(view, params);
      return (data, rng) -> {
        ClientRelease r = c.embed(data, rng);
        release.set(r);
        labels.set(data.labels().clone());
        publicOffset = data.publicOffset();
        return r;
      };
    }

    SortedMap<String, double[]> extras(MechanismParams p, int[] galleryLabels, long seed) {
      ClientRelease r = release.get();
      ServerSide server = servers.get(serverId.get());
      int k = r.embedding().dim();
      Embedding pub = server.publicRows();
      int nP = pub.rows();
      Embedding e = r.embedding();
      Umeyama u = Umeyama.fit(e.rows(publicOffset, nP), pub.data(), nP, k);
      double[] aligned = new double[e.rows() * k];
      for (int i = 0; i < e.rows(); i++) {
        System.arraycopy(u.applyRow(e.data(), i), 0, aligned, i * k, k);
      }
      double residual = 0;
      double spread = 0;
      double[] centre = new double[k];
      for (int j = 0; j < nP; j++) {
        for (int c = 0; c < k; c++) {
          centre[c] += pub.data()[j * k + c] / nP;
        }
      }
      for (int j = 0; j < nP; j++) {
        for (int c = 0; c < k; c++) {
          double d = aligned[(publicOffset + j) * k + c] - pub.data()[j * k + c];
          double s = pub.data()[j * k + c] - centre[c];
          residual += d * d;
          spread += s * s;
        }
      }
      Embedding g = server.gallery();
      int m = Math.min(GALLERY_SAMPLE, g.rows());
      int[] sample = Seeds.sampleWithoutReplacement(g.rows(), m, Seeds.stream(seed, "fig7-gallery-sample"));
      double[] gx = new double[m * k];
      double[] gl = new double[m];
      for (int i = 0; i < m; i++) {
        System.arraycopy(g.data(), sample[i] * k, gx, i * k, k);
        gl[i] = galleryLabels[sample[i]];
      }
      SortedMap<String, double[]> out = new TreeMap<>();
      out.put("k", new double[] {k});
      out.put("client", e.rows(0, e.rows()));
      out.put("clientAligned", aligned);
      out.put("clientLabels", java.util.Arrays.stream(labels.get()).asDoubleStream().toArray());
      out.put("publicOffset", new double[] {publicOffset});
      out.put("gallery", gx);
      out.put("galleryLabels", gl);
      out.put("alignmentResidual", new double[] {Math.sqrt(residual / spread)});
      out.put("noiseScale", new double[] {r.claim().noiseScale()});
      return out;
    }
  }

  /** Legend entries a scatter panel shows (server and client rows of 10 classes, and r). */
  static final int MAX_LEGEND_ENTRIES = 21;

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    List<CellRecord> cells = FigureReadings.panels(v);
    ReportPages.intro(v, html, "Figure 7 of the paper: the client's released embedding of D = [r; P_r; P] for "
        + "one query, before and after Kabsch-Umeyama alignment on the public rows, over the server's embedding of "
        + "the gallery (a seeded sample of " + GALLERY_SAMPLE + " rows), coloured by class. Server points are "
        + "dots, client rows crosses, the query r a diamond (each panel's legend lists them for up to 10 classes).");
    html.heading(2, "Figure 7");
    List<List<String>> csv = new ArrayList<>();
    List<List<String>> residuals = new ArrayList<>();
    for (CellRecord c : cells) {
      if (!c.ok()) {
        html.callout("warn", FigureReadings.panelName(c) + ": " + c.outcome() + " - " + c.message());
        continue;
      }
      String stem = c.key().mechanism().equals(FigureReadings.NO_NOISE) ? "fig7-no-noise"
          : "fig7-eps" + c.key().epsilon();
      for (String which : List.of("client", "clientAligned")) {
        XYChart chart = panelChart(c, which);
        byte[] png = Charts.write(chart, v.dir(), stem + (which.equals("client") ? "-before" : "-after"));
        html.figure(png, FigureReadings.panelName(c) + " " + which, FigureReadings.panelName(c) + ": " + (which.equals("client")
            ? "before alignment (client and server in their own coordinates)" : "after alignment"));
      }
      residuals.add(List.of(FigureReadings.panelName(c), Stats.num(c.extras().get("alignmentResidual")[0], 4),
          Stats.num(c.extras().get("noiseScale")[0], 4)));
      addCsv(csv, c);
    }
    ReportPages.writeCsv(v.dir().resolve("fig7.csv"), List.of("panel", "role", "row", "label", "x", "y"), csv);
    html.heading(3, "Alignment residual");
    html.paragraph("RMS distance of the aligned client public rows to the server's public rows, divided by the RMS "
        + "spread of the server's public rows (0 = perfect alignment, about 1.4 = no relation).");
    html.table(List.of("panel", "alignment residual", "noise scale s"), residuals);
    ReportPages.privacy(html, cells);
    ReportPages.preset(v, html);
    ReportPages.timings(v, html, cells);
    ReportPages.reproduce(v, html);
  }

  /**
   * One scatter panel ({@code which}: "client" before alignment, "clientAligned" after). Its
   * legend maps colours to classes and shapes to roles; beyond 10 classes (21 entries) it would
   * not fit the chart's height, and it is hidden (the caption says the encoding).
   */
  static XYChart panelChart(CellRecord c, String which) {
    ScatterFigure figure = scatter(c, which);
    XYChart chart = Charts.chart(figure);
    chart.getStyler().setLegendVisible(figure.groups().size() <= MAX_LEGEND_ENTRIES);
    return chart;
  }

  private static ScatterFigure scatter(CellRecord c, String which) {
    int k = (int) c.extras().get("k")[0];
    double[] g = c.extras().get("gallery");
    double[] gl = c.extras().get("galleryLabels");
    double[] x = c.extras().get(which);
    double[] xl = c.extras().get("clientLabels");
    TreeMap<Integer, List<double[]>> server = new TreeMap<>();
    TreeMap<Integer, List<double[]>> client = new TreeMap<>();
    for (int i = 0; i < gl.length; i++) {
      server.computeIfAbsent((int) gl[i], l -> new ArrayList<>()).add(new double[] {g[i * k], g[i * k + (k > 1 ? 1 : 0)]});
    }
    for (int i = 1; i < xl.length; i++) {
      client.computeIfAbsent((int) xl[i], l -> new ArrayList<>()).add(new double[] {x[i * k], x[i * k + (k > 1 ? 1 : 0)]});
    }
    List<ScatterFigure.Group> groups = new ArrayList<>();
    server.forEach((label, pts) -> groups.add(group("server class " + label, label, ScatterFigure.Shape.DOT, pts)));
    client.forEach((label, pts) -> groups.add(group("client class " + label, label, ScatterFigure.Shape.CROSS, pts)));
    groups.add(group("query r", (int) xl[0], ScatterFigure.Shape.DIAMOND,
        List.<double[]>of(new double[] {x[0], x[k > 1 ? 1 : 0]})));
    return new ScatterFigure(FigureReadings.panelName(c) + (which.equals("client") ? ": before alignment" : ": after alignment"),
        "dimension 1", "dimension 2", groups);
  }

  private static ScatterFigure.Group group(String label, int colour, ScatterFigure.Shape shape, List<double[]> pts) {
    return new ScatterFigure.Group(label, colour, shape, pts.stream().mapToDouble(p -> p[0]).toArray(),
        pts.stream().mapToDouble(p -> p[1]).toArray());
  }

  private static void addCsv(List<List<String>> csv, CellRecord c) {
    int k = (int) c.extras().get("k")[0];
    String panel = FigureReadings.panelName(c);
    for (String role : List.of("client", "clientAligned", "gallery")) {
      double[] x = c.extras().get(role);
      double[] l = c.extras().get(role.equals("gallery") ? "galleryLabels" : "clientLabels");
      for (int i = 0; i < l.length; i++) {
        csv.add(List.of(panel, role, Integer.toString(i), Integer.toString((int) l[i]), Double.toString(x[i * k]),
            Double.toString(x[i * k + (k > 1 ? 1 : 0)])));
      }
    }
  }

  @Override
  public String console(RunView v) {
    StringBuilder sb = new StringBuilder("panel | alignment residual\n");
    for (CellRecord c : FigureReadings.panels(v)) {
      sb.append(FigureReadings.panelName(c)).append(" | ").append(c.ok() ? String.format(Locale.ROOT, "%.4f",
          c.extras().get("alignmentResidual")[0]) : c.outcome() + ": " + c.message()).append('\n');
    }
    return sb.toString();
  }
}
