package io.pmbench.experiments.filtering;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.experiments.sweep.TableExperiment;
import io.pmbench.filter.EncoderChoice;
import io.pmbench.filter.FilterExperiment;
import io.pmbench.filter.FilterReport;
import io.pmbench.reports.ResultWriter;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.GitInfo;
import io.pmbench.runs.Provenance;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The folder of {@code pmbench filter} as a table experiment the run pipeline runs ({@link
 * TableExperiment}): one cell per encoder, holding its accuracy rows; the encoder's own folder
 * (the folder itself for one encoder, {@code DIR/<encoder>} for several) with its tables, figures,
 * report and provenance, each file listed with its SHA-256 in {@code run.json}; with several
 * encoders, {@value FilterReport#ENCODERS_CSV} comparing them, assembled from the cells. The
 * folder's top {@code provenance.json} is the pipeline's (not a listed result file).
 */
public final class FilterFolder implements TableExperiment {
  /** The experiment name in run.json and the cells' names. */
  public static final String EXPERIMENT = "filter";

  /**
   * What a filter run was asked for beyond its {@link FilterExperiment.Config}.
   *
   * @param datasetSpec the data set as given ({@code --dataset})
   * @param encoders the encoders, in order
   * @param vae the VAE's model and training settings
   * @param commandLine the invocation
   * @param out the folder, or empty for the default ({@link #defaultOut})
   * @param fresh whether the folder's cells and results are discarded first
   */
  public record Request(String datasetSpec, List<String> encoders, EncoderChoice.VaeOptions vae, String commandLine,
      Optional<Path> out, boolean fresh) {
    public Request {
      encoders = List.copyOf(encoders);
    }
  }

  private final FeatureSet data;
  private final FilterExperiment.Config cfg;
  private final Request request;
  private final Path root;
  private final Consumer<String> log;
  private final PrintWriter console;
  private final GitInfo git;
  private final Map<String, Object> computedEncoders = new LinkedHashMap<>();
  private Instant start;
  private long cpuStart;

  /**
   * The filter on {@code data} under {@code cfg}; {@code log} gets its progress lines and {@code
   * console} the tables of each encoder computed and the comparison. The first encoder's timings
   * count from {@code start} and {@code cpuStart} ({@link #cpuNanos}; the data set's loading
   * included), each later one from the end of the one before.
   */
  public FilterFolder(FeatureSet data, FilterExperiment.Config cfg, Request request, Consumer<String> log,
      PrintWriter console, Instant start, long cpuStart) {
    this.start = start;
    this.cpuStart = cpuStart;
    this.data = data;
    this.cfg = cfg;
    this.request = request;
    this.log = log;
    this.console = console;
    this.git = GitInfo.ofCode(FilterFolder.class, Path.of("").toAbsolutePath());
    this.root = request.out().orElseGet(() -> defaultOut(data.name(), manifest()));
  }

  @Override
  public String name() {
    return EXPERIMENT;
  }

  /**
   * The configuration the cells depend on (data set, the filter's settings but its thread count,
   * the VAE's training settings); the grid is the encoders.
   */
  @Override
  public Manifest manifest() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("datasetName", data.name());
    m.put("datasetSha256", data.sha256());
    m.put("filter", cfg);
    m.put("vaeEpochs", request.vae().epochs());
    m.put("vaeModel", request.vae().model().map(Path::toString).orElse("default"));
    ObjectNode config = (ObjectNode) ProvenanceJson.toNode(m);
    ((ObjectNode) config.get("filter")).remove("threads"); // results do not depend on it
    return new Manifest(EXPERIMENT, config, ProvenanceJson.toNode(Map.of("encoders", request.encoders())),
        request.commandLine());
  }

  @Override
  public Path out() {
    return root;
  }

  @Override
  public boolean fresh() {
    return request.fresh();
  }

  @Override
  public String commit() {
    return git.commit();
  }

  /** The folder of encoder {@code name}'s report. */
  private Path dirOf(String name) {
    return request.encoders().size() == 1 ? root : root.resolve(name);
  }

  @Override
  public List<Cell> cells() {
    return request.encoders().stream().map(name -> new Cell(EXPERIMENT + "-" + name, 1, folder -> {
      FilterExperiment.Results res = runEncoder(name, dirOf(name));
      try (Stream<Path> files = Files.list(dirOf(name))) {
        for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
          if (!isFolderOwn(f) && !AtomicFiles.isTemporary(f)) {
            folder.recordResult(root.relativize(f).toString());
          }
        }
      }
      return accuracyLines(res.accuracy());
    })).toList();
  }

  /** run.json, invocations.jsonl and the top provenance.json are the folder's, not an encoder's results. */
  private boolean isFolderOwn(Path f) {
    String n = f.getFileName().toString();
    return f.getParent().equals(root) && (n.equals(CellStore.MANIFEST)
        || n.equals(io.pmbench.experiments.sweep.InvocationLog.FILE) || n.equals(ResultWriter.PROVENANCE_JSON));
  }

  @Override
  public void reused(Cell cell) {
    String name = cell.name().substring(EXPERIMENT.length() + 1);
    log.accept(name + ": finished in an earlier run, reused (" + dirOf(name) + "; --fresh recomputes it)");
  }

  /** With several encoders: {@value FilterReport#ENCODERS_CSV} from every cell's accuracy rows, and its table. */
  @Override
  public void assemble(ResultCells folder, List<List<String>> lines) throws IOException {
    if (request.encoders().size() < 2) {
      return;
    }
    Map<String, FilterExperiment.Results> all = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      all.put(request.encoders().get(i), new FilterExperiment.Results(null, accuracyRows(lines.get(i)), List.of(),
          List.of(), List.of(), Map.of()));
    }
    FilterReport.writeComparison(root, cfg, all);
    folder.recordResult(FilterReport.ENCODERS_CSV);
    console.println(FilterReport.comparisonConsole(cfg, all));
    console.println("Encoders compared: " + root.resolve(FilterReport.ENCODERS_CSV).toAbsolutePath());
    console.flush();
  }

  @Override
  public Map<String, Object> provenanceConfig() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("experiment", EXPERIMENT);
    m.put("dataset", request.datasetSpec());
    m.put("encoders", request.encoders());
    m.put("encodersComputed", new LinkedHashMap<>(computedEncoders));
    m.put("filter", cfg);
    return m;
  }

  @Override
  public Provenance provenance(Map<String, ?> config, Instant from) {
    return Provenance.of(request.commandLine(), config, List.of(cfg.seed()), data.name(), data.sha256(),
        data.fileChecksums(), git, from, Instant.now());
  }

  /** Runs the experiment with encoder {@code name}, writes its folder {@code dir} and prints its tables. */
  private FilterExperiment.Results runEncoder(String name, Path dir) throws IOException {
    FilterExperiment.Results res = FilterExperiment.run(data, cfg, EncoderChoice.source(name, cfg, request.vae(),
        log), log);
    Map<String, Double> seconds = new LinkedHashMap<>(res.seconds());
    seconds.put("process CPU (all threads)", (cpuNanos() - cpuStart) / 1e9);
    seconds.put("wall clock (load to report)", (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1e3);
    res = new FilterExperiment.Results(res.encoder(), res.accuracy(), res.renyi(), res.traces(), res.filters(),
        seconds);
    Map<String, Object> own = new LinkedHashMap<>();
    own.put("experiment", EXPERIMENT);
    own.put("dataset", request.datasetSpec());
    own.put("encoder", res.encoder().provenance());
    own.put("filter", cfg);
    computedEncoders.put(name, res.encoder().provenance());
    Provenance prov = Provenance.of(request.commandLine(), own, List.of(cfg.seed()), data.name(), data.sha256(),
        data.fileChecksums(), git, start, Instant.now());
    Path report = FilterReport.write(dir, cfg, res, new FilterReport.RunInfo(request.datasetSpec(), data.name(),
        data.sha256(), data.fileChecksums(), data.licence(), request.commandLine(), prov));
    console.println(FilterReport.console(cfg, res));
    console.printf(Locale.ROOT, "Wall clock %.1f s, process CPU %.1f s.%n", seconds.get("wall clock (load to report)"),
        seconds.get("process CPU (all threads)"));
    console.println("Results: " + dir.toAbsolutePath());
    console.println("  " + FilterReport.ACCURACY_CSV + ", " + FilterReport.RENYI_CSV + ", " + FilterReport.TRAINING_CSV
        + ", " + FilterReport.GAMMA_CSV + ", " + FilterReport.ENCODER_CSV + ", filter-*.png/.svg, "
        + report.getFileName() + ", provenance.json, " + FilterReport.TIMINGS_CSV);
    console.flush();
    start = Instant.now();
    cpuStart = cpuNanos();
    return res;
  }

  /** One line per score, every number as {@link Double#toString} prints it (read back exactly by {@link #accuracyRows}). */
  static List<String> accuracyLines(List<FilterExperiment.AccuracyRow> rows) {
    return rows.stream().map(r -> String.join(",", r.caseName(), r.mechanism(), Double.toString(r.budget()),
        Double.toString(r.distortion()), Double.toString(r.outputKl()), Double.toString(r.empiricalDistortion()),
        Double.toString(r.noiseScale()), r.classifier(), Double.toString(r.privateAccuracy()),
        Double.toString(r.privateSe()), Double.toString(r.utilityAccuracy()), Double.toString(r.utilitySe()),
        Integer.toString(r.repeats()), Double.toString(r.privateChance()), Double.toString(r.utilityChance())))
        .toList();
  }

  /** The scores of {@link #accuracyLines}. */
  static List<FilterExperiment.AccuracyRow> accuracyRows(List<String> lines) {
    return lines.stream().map(l -> l.split(",", -1)).map(c -> new FilterExperiment.AccuracyRow(c[0], c[1],
        Double.parseDouble(c[2]), Double.parseDouble(c[3]), Double.parseDouble(c[4]), Double.parseDouble(c[5]),
        Double.parseDouble(c[6]), c[7], Double.parseDouble(c[8]), Double.parseDouble(c[9]), Double.parseDouble(c[10]),
        Double.parseDouble(c[11]), Integer.parseInt(c[12]), Double.parseDouble(c[13]), Double.parseDouble(c[14])))
        .toList();
  }

  /**
   * {@code pmbench-results/filter-<short data-set name>-<first 8 hex digits of the fingerprint>}:
   * one folder level whatever the spec ({@link RunFolders#shortName}); the same settings name the
   * same folder, so a rerun resumes it.
   */
  private static Path defaultOut(String dataName, Manifest manifest) {
    return Path.of(RunFolders.ROOT, EXPERIMENT + "-" + RunFolders.shortName(dataName) + "-"
        + manifest.fingerprint().substring(0, 8));
  }

  /** The CPU time of this process so far (all threads), in nanoseconds; 0 where the JVM cannot say. */
  public static long cpuNanos() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return 0;
  }
}
