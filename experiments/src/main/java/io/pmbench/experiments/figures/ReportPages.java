package io.pmbench.experiments.figures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditReport;
import io.pmbench.experiments.audit.AuditResults;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.InvocationLog;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.CellSummary;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.ResultWriter;
import io.pmbench.reports.ResultsTable;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The report sections every experiment shares, and the per-seed and summary CSV files. */
final class ReportPages {
  static final String REPORT = "report.html";

  /** SPEC.md §5.4's caveat, printed with every report that shows an SMLQ-family mechanism. */
  static final String LABEL_CAVEAT = "Label caveat (docs/SPEC.md section 5.4): PrivateMail's L_Y is built from the raw "
      + "labels, r's own label included (as the official code does), so its (epsilon, delta) guarantee covers the "
      + "labels only if labels are public. The label-only control measures how much recall the labels alone buy: "
      + "compare it with privatemail before crediting the features.";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportPages() {}

  /** The mechanisms on the class path, for what they declare about reports (found once, when first needed). */
  private static final class Registered {
    static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
  }

  /**
   * What mechanism {@code name} declares about reports and claims ({@link EmbeddingMechanism#reporting()});
   * {@link Reporting#DEFAULT} for a name not registered here (a plugin absent when a run is redrawn).
   */
  static Reporting reporting(String name) {
    MechanismRegistry r = Registered.REGISTRY;
    return r.names().contains(name) ? r.get(name).reporting() : Reporting.DEFAULT;
  }

  /**
   * The registered mechanism the paper's claims are about: the one whose {@link Reporting#subject()}
   * is set (PrivateMail's module sets it; claims code names no mechanism for it).
   *
   * @throws IllegalStateException if no registered mechanism, or more than one, is the subject
   */
  static String subject() {
    List<String> subjects = registeredWhere(Reporting::subject);
    if (subjects.size() != 1) {
      throw new IllegalStateException("exactly one registered mechanism must be the subject of the claims "
          + "(Reporting.asSubject()). Provided value: " + subjects);
    }
    return subjects.get(0);
  }

  /**
   * The registered mechanism that plays {@code role} in the claims' comparisons
   * ({@link Reporting#role()}), if one does.
   *
   * @throws IllegalStateException if more than one registered mechanism declares it
   */
  static Optional<String> withRole(Reporting.Role role) {
    List<String> names = withAnyRole(java.util.Set.of(role));
    if (names.size() > 1) {
      throw new IllegalStateException("at most one registered mechanism may play the claims role " + role
          + " (Reporting.as). Provided value: " + names);
    }
    return names.stream().findFirst();
  }

  /** {@link #withRole} of a part a mechanism must play: named in the exception when no registered one does. */
  static String playing(Reporting.Role role) {
    return withRole(role).orElseThrow(() -> new IllegalStateException("no registered mechanism plays the claims "
        + "role " + role + " (Reporting.as)"));
  }

  /** The registered mechanisms that play any of {@code roles}, by name. */
  static List<String> withAnyRole(java.util.Set<Reporting.Role> roles) {
    return registeredWhere(r -> roles.contains(r.role()));
  }

  /** The registered mechanisms whose {@link Reporting} satisfies {@code test}, by name. */
  private static List<String> registeredWhere(java.util.function.Predicate<Reporting> test) {
    return Registered.REGISTRY.names().stream().filter(n -> test.test(reporting(n))).sorted().toList();
  }

  /** {@code names} in report order: by each mechanism's declared {@link Reporting#order()}, ties by name. */
  static List<String> ordered(List<String> names) {
    return names.stream().distinct().sorted(Comparator.comparingInt((String n) -> reporting(n).order())
        .thenComparing(Comparator.naturalOrder())).toList();
  }

  /** The mark of results retrieved through the approximate IVF index ({@code --index ivf}). */
  static final String IVF_NOTE = "Retrieval index: IVF (approximate k-NN, --index ivf); Recall@K may be below "
      + "exact k-NN's.";

  /** Whether the run retrieved through the IVF index (runs recorded before {@code --index} existed used exact). */
  static boolean approximateIndex(RunView v) {
    return v.manifest().config().path("protocol").path("index").asText("exact").equals("ivf");
  }

  /**
   * The run's noise source ({@code noiseSource} among the recorded mechanism options; absent in
   * seeded runs, including every run made before the option existed).
   */
  static NoiseOrigin noiseOrigin(RunView v) {
    JsonNode o = v.manifest().config().path("paramsBelowEpsilonOne").path("options").path(NoiseOrigin.OPTION);
    return o.isMissingNode() ? NoiseOrigin.SEEDED : NoiseOrigin.parse(o.asText());
  }

  /** The line every report and console summary opens with: where the noise came from. */
  static String noiseLine(RunView v) {
    NoiseOrigin o = noiseOrigin(v);
    return "Noise source " + o.cliName() + ": " + o.statement() + ".";
  }

  /** The opening paragraph: what was run, on what, and how the intervals are computed. */
  static void intro(RunView v, HtmlReport html, String what) {
    JsonNode c = v.manifest().config();
    JsonNode p = c.path("protocol");
    String queries = p.path("nQueries").asText().equals("all") ? "every gallery row (leave-one-out)"
        : "a seeded sample of " + p.path("nQueries").asText() + " gallery rows per seed";
    html.paragraph(what);
    html.table(List.of("setting", "value"), List.of(
        List.of("data set", c.path("dataset").asText() + (c.path("dataset").asText().equals(v.dataset()) ? ""
            : " (" + v.dataset() + ")")),
        List.of("data SHA-256", c.path("datasetSha256").asText()),
        List.of("fidelity preset", c.path("preset").asText()),
        List.of("delta", c.path("delta").asText()),
        List.of("public set P", p.path("nPublic").asText() + " rows drawn from train"),
        List.of("queries", queries),
        List.of("dummy queries P_r", p.path("dummies").asBoolean() ? "on" : "off"),
        List.of("label numbering", p.path("labelNumbering").asText("joint")),
        List.of("K of Recall@K", p.path("ks").toString()),
        List.of("retrieval index", approximateIndex(v) ? IVF_NOTE : "exact k-NN"),
        List.of("seeds", v.grid("seeds").toString()),
        List.of("noise source", noiseOrigin(v).cliName() + ": " + noiseOrigin(v).statement())));
    html.paragraph("Recall@K over seeds is the mean over all queries of all seeds with a 95% two-level bootstrap "
        + "interval (docs/SPEC.md section 10): resample the seeds with replacement, then the queries within each drawn "
        + "seed; " + Bootstrap.RESAMPLES + " seeded resamples, percentile interval, inside [0, 1] by construction. "
        + "Comparisons are paired differences on the same seeds and queries with the same bootstrap. A per-seed row "
        + "(results.csv) shows the same bootstrap over that seed's queries alone. A query is never its own result.");
  }

  /**
   * The closing sections of a figure's page, on its cells: refused or failed cells
   * ({@link #refusals}), privacy claims, preset, timings, and how to reproduce the run.
   */
  static void closing(RunView v, HtmlReport html, List<CellRecord> cells) {
    refusals(html, cells);
    privacy(html, cells);
    preset(v, html);
    timings(v, html, cells);
    reproduce(v, html);
  }

  /** Cells that were refused or failed, with their messages. */
  static void refusals(HtmlReport html, List<CellRecord> cells) {
    List<List<String>> rows = new ArrayList<>();
    for (CellRecord c : cells) {
      if (!c.ok()) {
        rows.add(List.of(c.key().label(), Double.toString(c.key().epsilon()), Long.toString(c.key().seed()),
            c.outcome().name(), c.message()));
      }
    }
    if (!rows.isEmpty()) {
      html.heading(3, "Cells that did not run");
      html.paragraph("A mechanism refuses parameters at which its guarantee does not exist; the sweep records the "
          + "refusal instead of stopping.");
      html.table(List.of("mechanism", "epsilon", "seed", "outcome", "message"), rows);
    }
  }

  /** The privacy claim of every mechanism in the run, and the label caveat. */
  static void privacy(HtmlReport html, List<CellRecord> cells) {
    html.heading(2, "Privacy claims");
    Map<String, List<String>> rows = new TreeMap<>();
    for (CellRecord c : cells) {
      if (!c.ok()) {
        continue;
      }
      CellRecord.Claim cl = c.claim();
      String guarantee = cl.guarantee().equals("NONE") ? "none" : cl.guarantee().replace('_', ' ') + " at the run's "
          + "(epsilon, delta)";
      String id = c.key().mechanism() + "|" + guarantee + "|" + cl.calibration();
      rows.putIfAbsent(id, List.of(c.key().mechanism(), guarantee, cl.calibration(), cl.neighbouring(),
          cl.assumedPublic(), String.join("; ", cl.caveats())));
    }
    List<List<String>> sorted = new ArrayList<>(rows.values());
    List<String> order = ordered(sorted.stream().map(r -> r.get(0)).distinct().toList());
    sorted.sort((a, b) -> Integer.compare(order.indexOf(a.get(0)), order.indexOf(b.get(0))));
    html.table(List.of("mechanism", "guarantee", "calibration", "neighbouring", "assumed public", "caveats"), sorted);
    html.callout("warn", LABEL_CAVEAT);
    html.paragraph("CLASSIC calibration (s = sqrt(2 ln(1.25/delta)) Delta / epsilon) is valid only for epsilon < 1; "
        + "the paper preset switches to ANALYTIC (Balle and Wang 2018) at epsilon >= 1. OFFICIAL_CODE noise is not "
        + "differentially private at the stated epsilon and is marked NOT DP wherever it appears.");
  }

  /** The fidelity preset and the parameters in force. */
  static void preset(RunView v, HtmlReport html) {
    html.heading(2, "Fidelity preset");
    String p = v.preset();
    html.paragraph("Preset: " + p + ". " + switch (p) {
      case "paper" -> "docs/SPEC.md sections 3-5 as the paper states them: feature kernel exp(-|zi-zj|^2/(2 sigma^2)), "
          + "Gaussian kernel on integer labels, CLASSIC noise for epsilon < 1 and ANALYTIC for epsilon >= 1, no "
          + "renormalisation, server on 1 + T iterations.";
      case "official-code" -> "the official code: exp(-|zi-zj|^2/sigma^2), centred label distances, OFFICIAL_CODE "
          + "noise (variance used as standard deviation: NOT DP), renormalisation, e^(-c/(2 sigma^2)) in M_ii, "
          + "server on T iterations.";
      case "corrected" -> "the paper's kernels with ANALYTIC noise at every epsilon and same-class labels.";
      default -> "";
    });
    html.paragraph("Parameters below epsilon = 1 (epsilon itself set per cell):");
    html.pre(pretty(v.manifest().config().path("paramsBelowEpsilonOne")));
    html.paragraph("Parameters at epsilon >= 1:");
    html.pre(pretty(v.manifest().config().path("paramsAtEpsilonOneAndAbove")));
  }

  /** How to reproduce the run: command, configuration, grid, seeds, data checksums, commit, JVM. */
  static void reproduce(RunView v, HtmlReport html) {
    html.heading(2, "Reproducing this report");
    html.paragraph("Rerun the command below in a checkout of the commit shown; it resumes from the cells in the "
        + "run directory and recomputes nothing finished. `pmbench report DIR` redraws this report from the stored "
        + "cells without recomputing.");
    html.pre(v.manifest().commandLine());
    html.pre("pmbench report " + v.dir());
    html.paragraph("Configuration (its SHA-256 " + v.manifest().fingerprint() + " is the run's fingerprint; every "
        + "cell file carries it):");
    html.pre(pretty(v.manifest().config()));
    html.paragraph("Grid of the last invocation:");
    html.pre(pretty(v.manifest().grid()));
    JsonNode p = v.provenance();
    if (!p.isMissingNode()) {
      List<List<String>> rows = new ArrayList<>();
      for (String k : List.of("datasetName", "datasetSha256", "gitCommit", "gitDirty", "codeVersion", "javaVersion",
          "javaVendor", "osName", "osArch", "availableProcessors", "maxHeapBytes", "startTime", "endTime",
          "durationSeconds")) {
        rows.add(List.of(k, p.path(k).asText()));
      }
      p.path("fileChecksums").fields().forEachRemaining(e -> rows.add(List.of("sha256 " + e.getKey(),
          e.getValue().asText())));
      html.paragraph("Provenance of the last invocation (provenance.json):");
      html.table(List.of("field", "value"), rows);
    }
  }

  /** Wall time: the last invocation and the compute time summed over cells. */
  static void timings(RunView v, HtmlReport html, List<CellRecord> cells) {
    html.heading(2, "Timings");
    double cellSeconds = 0;
    double serverSeconds = 0;
    for (CellRecord c : cells) {
      cellSeconds += (c.meanQueryMillis() * c.queries() + c.serverMillis()) / 1000;
      serverSeconds += c.serverMillis() / 1000;
    }
    html.paragraph(String.format(Locale.ROOT, "%d cells; summed cell time %.1f s (of which server embeddings %.1f s; "
        + "queries inside a cell run in parallel, so this is the sum of per-query wall times, not elapsed time). "
        + "Elapsed time of the last invocation: %s s on %s processors (cells already stored were not recomputed).",
        cells.size(), cellSeconds, serverSeconds, v.provenance().path("durationSeconds").asText("-"),
        v.provenance().path("availableProcessors").asText("-")));
    InvocationLog.Summary elapsed;
    try {
      elapsed = InvocationLog.read(v.dir());
    } catch (IOException e) {
      return; // the stopwatch is not a result: a report without it is still complete
    }
    if (!elapsed.invocations().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (InvocationLog.Invocation i : elapsed.invocations()) {
        rows.add(List.of(String.valueOf(i.id()), i.start().toString(), String.format(Locale.ROOT, "%.1f", i.seconds()),
            String.valueOf(i.queries()), i.status()));
      }
      html.paragraph("Elapsed time over every invocation that worked on this directory (" + InvocationLog.FILE
          + "; an invocation that was killed counts to its last heartbeat, so at most a minute per kill is missed): "
          + elapsed.describe() + ".");
      html.table(List.of("invocation", "start", "elapsed s", "queries", "status"), rows);
    }
  }

  /**
   * The "Audit" section when the run's folder, its {@code audit/} sub-folder or the enclosing run's
   * (a part of {@code claims}) holds an audit ({@link AuditFolder#locate}): the rows of the run's
   * mechanisms, or every row when the grid names no mechanisms ({@code claims}).
   */
  static void audit(RunView v, HtmlReport html) throws IOException {
    Optional<Path> dir = AuditFolder.locate(v.dir());
    if (dir.isEmpty()) {
      return;
    }
    Path file = dir.get().resolve(AuditResults.FILE);
    List<AuditRow> rows = AuditResults.read(file);
    List<String> mechanisms = v.gridStrings("mechanisms");
    AuditReport.section(html, mechanisms.isEmpty() ? rows : AuditResults.forMechanisms(rows, mechanisms), file);
  }

  /**
   * The report rows of the OK cells, each carrying the caveats of every seed of its (data set,
   * mechanism, preset, ε, δ) group, so the rows of a group can be aggregated: a caveat that holds
   * for some seeds only (e.g. {@code privatemail-v1}'s "post-processing skipped" when the kernel
   * underflows on one seed's release) is then listed on the group's summary row instead of
   * making the group's claims disagree. The guarantee, calibration and neighbouring relation are
   * left as they are (the aggregate still refuses seeds that differ in those).
   */
  static List<CellSummary> summaries(List<CellRecord> cells) {
    Map<String, LinkedHashSet<String>> caveats = new LinkedHashMap<>();
    List<CellRecord> ok = cells.stream().filter(CellRecord::ok).toList();
    for (CellRecord c : ok) {
      caveats.computeIfAbsent(group(c), g -> new LinkedHashSet<>()).addAll(c.claim().caveats());
    }
    List<CellSummary> rows = new ArrayList<>();
    for (CellRecord c : ok) {
      CellSummary s = c.summary(c.key().label());
      rows.add(new CellSummary(s.dataset(), s.mechanism(), s.preset(), s.epsilon(), s.delta(), s.seed(), s.queries(),
          s.recall(), s.meanQueryMillis(), s.serverMillis(), s.privacyGuarantee(), s.sensitivity(), s.noiseScale(),
          s.neighbouring(), s.assumedPublic(), s.calibration(), String.join("; ", caveats.get(group(c)))));
    }
    return rows;
  }

  /** The key of a summary row: data set, mechanism label, preset, ε, δ. */
  static String group(CellRecord c) {
    return c.key().dataset() + "|" + c.key().label() + "|" + c.preset() + "|" + c.key().epsilon() + "|" + c.delta();
  }

  /** Every stored cell of the run, after writing their tables into its directory ({@link #writeTables}). */
  static List<CellRecord> tablesOfAll(RunView v) throws IOException {
    List<CellRecord> all = new ArrayList<>(v.cells().values());
    writeTables(v, all);
    return all;
  }

  /**
   * results.csv (per seed), summary.csv (over seeds, with R_indep and the DP ceiling,
   * {@link Ceilings#withColumns}), timings.csv of the OK cells.
   */
  static void writeTables(RunView v, List<CellRecord> cells) throws IOException {
    Path dir = v.dir();
    List<CellSummary> own = new ArrayList<>();
    for (CellRecord c : cells) {
      if (c.ok()) {
        own.add(c.summary(c.key().label()));
      }
    }
    if (own.isEmpty()) {
      return;
    }
    var perSeed = ResultsTable.perSeed(own);
    var summary = Ceilings.withColumns(ResultsTable.aggregate(summaries(cells)), cells, Ceilings.replacedRows(v));
    Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
    files.put(dir.resolve(ResultWriter.RESULTS_CSV), out -> ResultWriter.writeCsv(drop(perSeed), out));
    files.put(dir.resolve(ResultWriter.SUMMARY_CSV), out -> ResultWriter.writeCsv(drop(summary), out));
    files.put(dir.resolve(ResultWriter.TIMINGS_CSV), out -> ResultWriter.writeCsv(perSeed.selectColumns(
        ResultsTable.DATASET, ResultsTable.MECHANISM, ResultsTable.PRESET, ResultsTable.EPSILON, ResultsTable.SEED,
        ResultsTable.QUERIES, ResultsTable.MS_PER_QUERY, ResultsTable.SERVER_SECONDS), out));
    AtomicFiles.writeAll(files);
  }

  private static tech.tablesaw.api.Table drop(tech.tablesaw.api.Table t) {
    tech.tablesaw.api.Table copy = t.copy();
    for (String c : List.of(ResultsTable.MS_PER_QUERY, ResultsTable.SERVER_SECONDS)) {
      if (copy.containsColumn(c)) {
        copy.removeColumns(c);
      }
    }
    return copy;
  }

  /** Writes a CSV from a header and rows (fields quoted when needed). */
  static void writeCsv(Path file, List<String> header, List<List<String>> rows) throws IOException {
    AtomicFiles.write(file, out -> {
      out.write(csvLine(header));
      for (List<String> r : rows) {
        out.write(csvLine(r));
      }
    });
  }

  private static String csvLine(List<String> fields) {
    List<String> q = new ArrayList<>();
    for (String f : fields) {
      q.add(f.contains(",") || f.contains("\"") || f.contains("\n") ? '"' + f.replace("\"", "\"\"") + '"' : f);
    }
    return String.join(",", q) + "\n";
  }

  static String pretty(JsonNode n) {
    try {
      return MAPPER.writeValueAsString(n);
    } catch (IOException e) {
      throw new IllegalStateException("a JSON tree must always serialise", e);
    }
  }
}
