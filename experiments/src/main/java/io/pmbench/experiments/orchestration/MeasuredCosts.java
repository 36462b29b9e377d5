package io.pmbench.experiments.orchestration;

import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.CsvFields;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.InvocationLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Measured cost per query of each mechanism on each data set, as the stored reference runs
 * recorded it: the median over a run's computed cells of their mean wall time per query
 * ({@link CellRecord#meanQueryMillis}, queries running one per core). pmbench carries the table
 * as a resource ({@link #RESOURCE}) so that an installed {@code pmbench} can state costs without
 * the stored runs; {@link #fromRuns} makes it again from run directories
 * ({@code pmbench mechanisms --costs-from DIR...}). The figures come from a shared 2-core machine
 * and vary with its load by a factor of about two; they rank mechanisms, they do not promise a time.
 *
 * @param rows one row per (data set, mechanism)
 * @param source the lines that say where the figures came from (the comment lines of the CSV)
 */
public record MeasuredCosts(List<Row> rows, List<String> source) {
  /** The resource that holds the table shipped with pmbench. */
  public static final String RESOURCE = "measured-costs.csv";
  /** The CSV header. */
  static final String HEADER = "dataset,mechanism,msPerQuery,cells,nPublic,measured,run";

  public MeasuredCosts {
    rows = List.copyOf(rows);
    source = List.copyOf(source);
  }

  /**
   * One measured figure.
   *
   * @param dataset the data set's name
   * @param mechanism the mechanism's name
   * @param msPerQuery median of the cells' mean wall milliseconds per query
   * @param cells computed cells the median is over
   * @param nPublic public rows of the run (the cost grows with it)
   * @param measured the date (UTC) the run's last invocation ended
   * @param run the run directory, as given to {@link #fromRuns}
   */
  public record Row(String dataset, String mechanism, double msPerQuery, int cells, int nPublic, String measured,
      String run) {}

  /** The table shipped with pmbench. */
  public static MeasuredCosts shipped() {
    try (InputStream in = MeasuredCosts.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return new MeasuredCosts(List.of(), List.of("no measured costs shipped"));
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Reads the CSV form ({@link #toCsv}). */
  static MeasuredCosts parse(String csv) throws IOException {
    List<Row> rows = new ArrayList<>();
    List<String> source = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new java.io.StringReader(csv))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("#")) {
          source.add(line.substring(1).strip());
        } else if (!line.isBlank() && !line.equals(HEADER)) {
          List<String> f = CsvFields.split(line);
          rows.add(new Row(f.get(0), f.get(1), Double.parseDouble(f.get(2)), Integer.parseInt(f.get(3)),
              Integer.parseInt(f.get(4)), f.get(5), f.get(6)));
        }
      }
    }
    return new MeasuredCosts(rows, source);
  }

  /**
   * The table of the computed, successful cells stored in {@code runs} (run directories such as a
   * {@code claims} run's {@code fig6}); {@code command} is the command line that made it, recorded
   * in the source lines.
   */
  public static MeasuredCosts fromRuns(List<Path> runs, String command) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (Path run : runs) {
      CellStore store = CellStore.read(run);
      int nPublic = store.manifest().config().path("protocol").path("nPublic").asInt();
      String measured = lastEnded(run);
      Map<List<String>, List<Double>> byMechanism = new TreeMap<>(Comparator.comparing((List<String> k) -> k.get(0))
          .thenComparing(k -> k.get(1)));
      for (CellRecord c : store.all()) {
        if (c.ok() && c.queries() > 0 && Double.isFinite(c.meanQueryMillis())) {
          byMechanism.computeIfAbsent(List.of(c.key().dataset(), c.key().mechanism()), k -> new ArrayList<>())
              .add(c.meanQueryMillis());
        }
      }
      byMechanism.forEach((k, ms) -> rows.add(new Row(k.get(0), k.get(1), median(ms), ms.size(), nPublic, measured,
          run.toString().replace('\\', '/'))));
    }
    return new MeasuredCosts(rows, List.of(
        "Per-query cost: median over a stored run's computed cells of their mean wall ms per query (one query per"
            + " core on a shared 2-core machine; varies with its load by about 2x).",
        "Generated by: " + command));
  }

  /** The date the run's last invocation ended (or last beat), {@code unknown} without a log. */
  private static String lastEnded(Path run) throws IOException {
    List<InvocationLog.Invocation> inv = InvocationLog.read(run).invocations();
    if (inv.isEmpty()) {
      return "unknown";
    }
    return inv.get(inv.size() - 1).last().toString().substring(0, 10);
  }

  private static double median(List<Double> xs) {
    double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = a.length;
    return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
  }

  /** The measured cost of {@code mechanism} on {@code dataset}, if the table holds it. */
  public Optional<Row> of(String dataset, String mechanism) {
    return rows.stream().filter(r -> r.dataset().equals(dataset) && r.mechanism().equals(mechanism)).findFirst();
  }

  /** The rows of {@code mechanism}, one per data set. */
  public List<Row> of(String mechanism) {
    return rows.stream().filter(r -> r.mechanism().equals(mechanism)).toList();
  }

  /** The CSV form: the source lines as {@code #} comments, the header, one line per row. */
  public String toCsv() {
    StringBuilder b = new StringBuilder();
    source.forEach(s -> b.append("# ").append(s).append('\n'));
    b.append(HEADER).append('\n');
    for (Row r : rows) {
      b.append(String.join(",", CsvFields.quote(r.dataset()), r.mechanism(), String.format(Locale.ROOT, "%.3f", r.msPerQuery()),
          Integer.toString(r.cells()), Integer.toString(r.nPublic()), r.measured(), CsvFields.quote(r.run()))).append('\n');
    }
    return b.toString();
  }

  /**
   * A Markdown table, mechanisms down and data sets across, each cell the ms per query; then the
   * source lines and each data set's run and date.
   */
  public String toMarkdown() {
    List<String> datasets = new ArrayList<>(new TreeSet<>(rows.stream().map(Row::dataset).toList()));
    List<String> mechanisms = new ArrayList<>(new TreeSet<>(rows.stream().map(Row::mechanism).toList()));
    StringBuilder b = new StringBuilder("| mechanism | ").append(String.join(" | ", datasets)).append(" |\n|---")
        .append(" | ---:".repeat(datasets.size())).append(" |\n");
    for (String m : mechanisms) {
      b.append("| `").append(m).append('`');
      for (String d : datasets) {
        b.append(" | ").append(of(d, m).map(r -> formatMillis(r.msPerQuery())).orElse("–"));
      }
      b.append(" |\n");
    }
    b.append('\n');
    Map<String, Row> firstOf = new LinkedHashMap<>();
    rows.forEach(r -> firstOf.putIfAbsent(r.dataset(), r));
    firstOf.values().forEach(r -> b.append("- ").append(r.dataset()).append(": `").append(r.run()).append("`, ")
        .append(r.nPublic()).append(" public rows, last written ").append(r.measured()).append('\n'));
    source.forEach(s -> b.append("- ").append(s).append('\n'));
    return b.toString();
  }

  /** Milliseconds with three significant figures at most, e.g. {@code 0.27 ms}, {@code 3,190 ms}. */
  public static String formatMillis(double ms) {
    if (ms >= 100) {
      return String.format(Locale.ROOT, "%,.0f ms", ms);
    }
    return String.format(Locale.ROOT, ms >= 10 ? "%.1f ms" : "%.2f ms", ms);
  }

  /** Data-set names the table covers, sorted. */
  public List<String> datasets() {
    return Arrays.asList(new TreeSet<>(rows.stream().map(Row::dataset).toList()).toArray(String[]::new));
  }
}
