package io.pmbench.experiments.orchestration;

import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.InvocationLog;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.ResultWriter;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Runs (or resumes) one experiment into its run directory: validates the grid, writes run.json
 * (the manifest) or checks it against the stored one, runs the missing cells on the chosen engine
 * (keeping part-done cells' query journals), appends this invocation to invocations.jsonl, and
 * writes provenance.json. Every command that computes cells goes through here, and so does each
 * part of a {@code claims} run ({@link ClaimsRun}).
 */
public final class RunPipeline {
  /**
   * What a run needs beyond its {@link GridSetup}.
   *
   * @param engine the engine computing the missing cells ({@code --engine})
   * @param master the Spark master of the spark engine, or null for its default
   * @param acceptModified whether a run directory written by modified code may be resumed
   * @param sigmaGiven whether σ was given on the command line (the settings line says so)
   * @param alphaGiven whether α was given on the command line
   * @param optionMechanisms the mechanisms whose options in effect provenance.json lists
   * @param serverLayout the server layout chosen by the gallery's size ({@link ServerLayoutDefault#note}), said on
   *     the console and recorded in provenance.json; empty when none was chosen
   * @param budget the longest estimated wall time a grid may take ({@code --budget}); a grid
   *     estimated ({@link CostEstimate}) above it is refused before any cell runs
   * @param pilotQueries queries of one cell per mechanism the {@link Pilot} times before the estimate
   *     ({@code --pilot}); 0: the estimate uses the stored runs' costs only
   * @param pilotAlways whether to pilot any grid ({@code --pilot} given), not only one the stored costs
   *     estimate at a minute or more ({@link Pilot#worth})
   */
  public record Options(String engine, String master, boolean acceptModified, boolean sigmaGiven,
      boolean alphaGiven, List<String> optionMechanisms, String serverLayout,
      java.util.Optional<java.time.Duration> budget, int pilotQueries, boolean pilotAlways) {
    public Options {
      optionMechanisms = List.copyOf(optionMechanisms);
    }
  }

  /** Shows a run's progress while its cells are computed (a progress bar on stderr). */
  public interface Meter extends Sweep.Listener, AutoCloseable {
    @Override
    void close();
  }

  /**
   * Starts a {@link Meter} for {@code totalQueries} queries of the cells still to compute, with
   * the estimate of their cost printed before they start.
   */
  @FunctionalInterface
  public interface Meters {
    Meter start(String task, long totalQueries, Map<CellKey, Long> pendingCells, CostEstimate estimate);
  }

  private final Options options;
  private final PrintWriter err;
  private final Meters meters;

  /** A pipeline writing its messages to {@code err} and showing progress through {@code meters}. */
  public RunPipeline(Options options, PrintWriter err, Meters meters) {
    this.options = options;
    this.err = err;
    this.meters = meters;
  }

  /** Where this pipeline writes its messages. */
  public PrintWriter err() {
    return err;
  }

  /** Runs (or resumes) {@code e} into {@code s.out()}; returns that directory. */
  public Path run(Experiment e, GridSetup s) throws IOException {
    boolean existed = Files.exists(s.out().resolve(CellStore.MANIFEST));
    try {
      return runInto(e, s);
    } catch (OverBudget over) {
      if (!existed) {
        RunFolders.removeEmptyRun(s.out());
      }
      throw new IllegalArgumentException(over.getMessage());
    }
  }

  /** A grid estimated above {@code --budget}: refused before any cell runs. */
  private static final class OverBudget extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OverBudget(String message) {
      super(message, null, false, false);
    }
  }

  private Path runInto(Experiment e, GridSetup s) throws IOException {
    Instant start = Instant.now();
    e.validate(s);
    Map<String, Object> config = s.config(e.config(s));
    Manifest manifest = Manifest.of(e.name(), config, e.grid(s), s.commandLine());
    GridRecipe recipe = GridRecipe.of(s, e, manifest.fingerprint());
    try (Engine engine = Engine.named(options.engine(), options.master(), s.parallel(), recipe, s.data());
        CellStore store = CellStore.open(s.out(), manifest, s.fresh(), options.acceptModified(), w -> {
          err.println("pmbench: " + w);
          err.flush();
        })) {
      Cells cells = new Cells(manifest.fingerprint(), s.preset().cliName(), s.git().commit(), e.recordFailures(),
          store);
      List<Sweep.Task> tasks = e.tasks(s, cells);
      long pendingQueries = Sweep.pendingQueries(store, tasks);
      Map<CellKey, Long> pendingCells = new LinkedHashMap<>();
      tasks.stream().filter(t -> Sweep.finished(store, t).isEmpty())
          .forEach(t -> pendingCells.put(t.key(), t.queries()));
      long pending = pendingCells.size();
      warnStale(Sweep.stale(store, tasks));
      noteFormatOne(tasks.stream().flatMap(t -> Sweep.finished(store, t).stream()).toList());
      announce(e, s, tasks.size(), tasks.size() - pending, store.partialProgress());
      CostEstimate estimate = estimate(e, s, store, tasks, pendingCells);
      Sweep.Outcome outcome = sweep(e, s, store, tasks, engine, pendingQueries, pendingCells, estimate);
      InvocationLog.Summary elapsed = InvocationLog.read(s.out());
      writeProvenance(e, s, config, manifest, outcome, elapsed, start);
      err.printf("pmbench %s: %d cells computed, %d reused, %.1f s; elapsed over the run's %s%n", e.name(),
          outcome.computed(), outcome.reused(), (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1000.0,
          elapsed.describe());
      err.flush();
    }
    return s.out();
  }

  /** One line per mechanism and reason whose stored cells are stale (they are recomputed). */
  private void warnStale(List<Sweep.Stale> stale) {
    Map<String, Map<String, Long>> byMechanism = stale.stream().collect(Collectors.groupingBy(
        s -> s.cell().key().mechanism(), TreeMap::new,
        Collectors.groupingBy(Sweep.Stale::reason, TreeMap::new, Collectors.counting())));
    byMechanism.forEach((m, reasons) -> reasons.forEach((why, n) -> err.println("pmbench: recomputing " + n
        + " cells of " + m + ": they were " + why + " (see `pmbench mechanisms " + m + "`)")));
    err.flush();
  }

  /**
   * One line when reused cells were stored before {@code pmbench-cell/2}: they are reused (their
   * hits are valid), and the metrics that need each query's top-K lists (R_indep, the DP ceiling)
   * show as unavailable for them; recomputing hours of stored runs is left to the user.
   */
  private void noteFormatOne(List<CellRecord> reused) {
    long old = reused.stream().filter(c -> c.ok() && c.nearest().isEmpty()).count();
    if (old > 0) {
      err.println("pmbench: reusing " + old + " cells stored before " + CellRecord.FORMAT + " (no top-K lists): their"
          + " R_indep and DP ceiling show as unavailable; to compute them, rerun into a new directory or with --fresh");
      err.flush();
    }
  }

  /** The lines saying what is about to run: noise, data and cells, settings (and the server layout if chosen). */
  private void announce(Experiment e, GridSetup s, int cells, long stored, long[] partial) {
    err.println("pmbench " + e.name() + ": " + s.noiseLine());
    err.printf("pmbench %s: %s, %d train / %d test rows of %d, %d classes; %d cells (%d already in %s%s), %d "
            + "at once; %s%n", e.name(), RunFolders.shortName(s.datasetSpec()), s.data().train().size(),
        s.data().test().size(), s.data().dimension(), s.data().numClasses(), cells, stored, s.out(),
        partial[0] == 0 ? "" : "; " + partial[1] + " finished queries of " + partial[0] + " part-done cells kept",
        s.parallel(), s.protocolText());
    err.println("pmbench " + e.name() + ": " + s.settingsLine(options.sigmaGiven(), options.alphaGiven(),
        DatasetRegistry.standard().defaultsSource(s.datasetSpec())));
    if (!options.serverLayout().isEmpty()) {
      err.println("pmbench " + e.name() + ": " + options.serverLayout());
    }
    err.flush();
  }

  /**
   * The cost of the pending cells, printed as a table before they start; a grid estimated above
   * {@code --budget} is refused ({@link OverBudget}).
   */
  private CostEstimate estimate(Experiment e, GridSetup s, CellStore store, List<Sweep.Task> tasks,
      Map<CellKey, Long> pendingCells) {
    CostEstimate stored = CostEstimate.of(pendingCells, s.data().name(), s.protocol().nPublic(), s.parallel(),
        MeasuredCosts.shipped());
    if (pendingCells.isEmpty()) {
      return stored;
    }
    Pilot.Result pilot = options.pilotQueries() > 0 && Engine.LOCAL.equals(options.engine()) && (options.pilotAlways() || Pilot.worth(stored))
        ? Pilot.run(tasks.stream().filter(t -> pendingCells.containsKey(t.key())).toList(), store::hasJournal,
            options.pilotQueries(), s.parallel(), "pmbench " + e.name(), err)
        : new Pilot.Result(Map.of(), 0);
    CostEstimate estimate = stored.withPilot(pilot.lines());
    double piloted = pilot.seconds();
    err.println("pmbench " + e.name() + ": estimated cost of the " + pendingCells.size() + " cells to compute:");
    err.println(estimate.table().stripTrailing());
    if (piloted > 0) {
      err.printf(java.util.Locale.ROOT, "the pilot took %.0f s; with it, %s in all%n", piloted,
          CostEstimate.duration(piloted + estimate.wallSeconds()));
    }
    err.flush();
    options.budget().ifPresent(b -> {
      if (estimate.wallSeconds() > b.toSeconds()) {
        throw new OverBudget("--budget must cover the grid's estimated " + CostEstimate.duration(estimate
            .wallSeconds()) + estimate.dominant().map(l -> " (" + l.mechanism() + " is most of it)").orElse("")
            + "; drop mechanisms, lower --queries or --seeds, or raise it. Provided value: "
            + CostEstimate.duration(b.toSeconds()));
      }
    });
    return estimate;
  }

  /** Computes the missing cells, recording this invocation (and how it ended) in invocations.jsonl. */
  private Sweep.Outcome sweep(Experiment e, GridSetup s, CellStore store, List<Sweep.Task> tasks, Engine engine,
      long pendingQueries, Map<CellKey, Long> pendingCells, CostEstimate estimate) throws IOException {
    Sweep.Outcome outcome;
    InvocationLog invocation = InvocationLog.start(s.out(), s.commandLine(), s.git().commit(), pendingQueries,
        tasks.size());
    try (Meter meter = meters.start("pmbench " + e.name(), pendingQueries, pendingCells, estimate)) {
      outcome = Sweep.run(store, tasks, engine, new Sweep.Listener() {
        @Override
        public void accept(int queries) {
          meter.accept(queries);
          invocation.queriesDone(queries);
        }

        @Override
        public void cellFinished(CellRecord cell, boolean computed) {
          meter.cellFinished(cell, computed);
        }
      });
    } catch (RuntimeException | Error ex) {
      invocation.end("failed: " + ex, 0);
      throw ex;
    }
    invocation.end(InvocationLog.FINISHED, outcome.computed());
    return outcome;
  }

  /** provenance.json: the configuration, grid, options in effect, cell counts and every invocation's time. */
  private void writeProvenance(Experiment e, GridSetup s, Map<String, Object> config, Manifest manifest,
      Sweep.Outcome outcome, InvocationLog.Summary elapsed, Instant start) throws IOException {
    Map<String, Object> provConfig = new LinkedHashMap<>(config);
    provConfig.put("grid", e.grid(s));
    provConfig.put("fingerprint", manifest.fingerprint());
    provConfig.put("mechanismOptions", MechanismOptions.inEffect(s.params(1),
        options.optionMechanisms().stream().map(s.registry()::get).toList()));
    if (!options.serverLayout().isEmpty()) {
      provConfig.put("serverLayout", options.serverLayout());
    }
    provConfig.put("cellsComputed", outcome.computed());
    provConfig.put("cellsReused", outcome.reused());
    provConfig.put("parallel", s.parallel());
    provConfig.put("engine", options.engine());
    provConfig.put("noiseSource", s.noiseLine());
    provConfig.put("invocations", elapsed.invocations().size());
    provConfig.put("elapsedSecondsAllInvocations", elapsed.totalSeconds());
    provConfig.put("commitsAllInvocations", elapsed.commits());
    var prov = s.provenance(provConfig, start);
    AtomicFiles.write(s.out().resolve(ResultWriter.PROVENANCE_JSON), w -> ProvenanceJson.write(prov, w));
  }
}
