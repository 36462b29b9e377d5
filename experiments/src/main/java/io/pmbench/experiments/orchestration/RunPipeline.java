package io.pmbench.experiments.orchestration;

import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.Engines;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.InvocationLog;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.experiments.sweep.TableExperiment;
import io.pmbench.reports.ResultWriter;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.Provenance;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Runs (or resumes) one experiment into its run directory: validates the grid, writes run.json
 * (the manifest) or checks it against the stored one, runs the missing cells on the chosen engine
 * (keeping part-done cells' query journals), appends this invocation to invocations.jsonl, and
 * writes provenance.json. Every command that computes cells goes through here, and so does each
 * part of a {@code claims} run ({@link ClaimsRun}): a grid of protocol cells ({@link Experiment},
 * {@link #run(Experiment, GridSetup)}) and a grid of table rows ({@link TableExperiment}: {@code
 * audit}, {@code attack-dummies}, {@code filter}; {@link #run(TableExperiment)}) take the same
 * steps — the folder locked and its configuration checked (or discarded with {@code --fresh}),
 * finished cells reused, the cost of the others estimated where they run the protocol (and
 * refused above {@code --budget}), the invocation appended to invocations.jsonl, provenance.json
 * written from the configuration, and one closing line.
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
   * @param recheck queries of each stored cell to compute again and compare before the run reuses it
   *     ({@code --recheck}, {@link Sweep#recheck}); 0: none
   * @param recheckOnly stop after the recheck: compute no cell and write no result ({@code pmbench verify
   *     --recheck}, which runs the recorded command on a copy of the folder); every stored cell must have
   *     been rechecked
   */
  public record Options(String engine, String master, boolean acceptModified, boolean sigmaGiven,
      boolean alphaGiven, List<String> optionMechanisms, String serverLayout,
      java.util.Optional<java.time.Duration> budget, int pilotQueries, boolean pilotAlways, int recheck,
      boolean recheckOnly) {
    public Options {
      optionMechanisms = List.copyOf(optionMechanisms);
      if (recheckOnly && recheck == 0) {
        throw new IllegalArgumentException("a recheck-only run needs --recheck N");
      }
    }

    /**
     * The options of a command that has no grid options ({@code audit}, {@code filter}): the
     * local engine, no budget, no pilot, a modified folder refused.
     */
    public static Options local() {
      return new Options(Engine.LOCAL, null, false, false, false, List.of(), "", java.util.Optional.empty(), 0,
          false, 0, false);
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

  /**
   * A pipeline writing its messages to {@code err} without a progress bar (for commands whose
   * cells print their own lines: {@code audit}, {@code filter}).
   */
  public RunPipeline(Options options, PrintWriter err) {
    this(options, err, (task, total, pending, estimate) -> new Meter() {
      @Override
      public void accept(int queries) {}

      @Override
      public void cellFinished(CellRecord cell, boolean computed) {}

      @Override
      public void close() {}
    });
  }

  /** Where this pipeline writes its messages. */
  public PrintWriter err() {
    return err;
  }

  /** Runs (or resumes) {@code e} into {@code s.out()}; returns that directory. */
  public Path run(Experiment e, GridSetup s) throws IOException {
    return withinBudget(s.out(), () -> runInto(e, s));
  }

  /**
   * Runs (or resumes) the table experiment {@code e} into {@code e.out()} ({@link ResultCells}):
   * reuses the cells stored there under the same configuration, computes the others in table
   * order, has {@code e} assemble its result files from all of them, and writes provenance.json;
   * returns that folder.
   */
  public Path run(TableExperiment e) throws IOException {
    return withinBudget(e.out(), () -> runInto(e));
  }

  /** A run's body. */
  @FunctionalInterface
  private interface Body {
    Path run() throws IOException;
  }

  /** Runs {@code body}; a grid over {@code --budget} leaves no folder it created. */
  private static Path withinBudget(Path out, Body body) throws IOException {
    boolean existed = Files.exists(out.resolve(CellStore.MANIFEST));
    try {
      return body.run();
    } catch (OverBudget over) {
      if (!existed) {
        RunFolders.removeEmptyRun(out);
      }
      throw new IllegalArgumentException(over.getMessage());
    }
  }

  /**
   * With {@code --recheck N}: the first N queries of every stored cell the run would reuse, computed
   * again and compared ({@link Sweep#recheck}); a cell that differs stops the run before anything is
   * computed ({@link RecheckFailed}).
   */
  private void recheck(Experiment e, GridSetup s, CellStore store, List<Sweep.Task> tasks) {
    if (options.recheck() == 0) {
      return;
    }
    long cells = Sweep.recheckable(store, tasks);
    if (cells == 0) {
      return; // nothing stored to recheck (e.g. the claims run's own folder; each part rechecks its cells)
    }
    err.println("pmbench " + e.name() + ": rechecking the first " + options.recheck() + " queries of " + cells
        + (cells == 1 ? " stored cell" : " stored cells") + " with this code");
    err.flush();
    AtomicInteger done = new AtomicInteger();
    long start = System.nanoTime();
    List<Sweep.Mismatch> differ = Sweep.recheck(store, tasks, options.recheck(), s.parallel(), cell -> {
      int n = done.incrementAndGet();
      if (n % 10 == 0 || n == cells) {
        synchronized (err) {
          err.printf("  ... %d/%d cells rechecked, %.0f s%n", n, cells, (System.nanoTime() - start) / 1e9);
          err.flush();
        }
      }
    });
    if (!differ.isEmpty()) {
      StringBuilder b = new StringBuilder();
      for (Sweep.Mismatch m : differ) {
        b.append("cell ").append(m.cell().key().fileName()).append(" (computed at ")
            .append(m.cell().gitCommit().isEmpty() ? "an unrecorded commit" : m.cell().gitCommit())
            .append(") is not what this code computes: ").append(m.difference()).append('\n');
      }
      b.append(differ.size()).append(" of ").append(cells).append(" stored cells differ from this code; nothing was "
          + "computed. Delete those cells to recompute them (or rerun with --fresh), and raise the mechanism's "
          + "revision() if its code changed its numbers");
      throw new RecheckFailed(b.toString());
    }
    err.println("pmbench " + e.name() + ": the first " + options.recheck() + " queries of "
        + (cells == 1 ? "the stored cell are" : "all " + cells + " stored cells are") + " what this code computes");
    err.flush();
  }

  /**
   * After a recheck-only run's recheck: every cell stored in the folder with queries must have been
   * rechecked (a refused or failed cell, which keeps none, is counted on one line). A cell this command
   * would recompute (another mechanism revision or other parameters), one it does not run, or one whose
   * task cannot recheck fails the run ({@link RecheckFailed}): a recheck that silently skipped cells
   * would pass a folder it never looked at.
   */
  private void requireAllRechecked(Experiment e, CellStore store, List<Sweep.Task> tasks) {
    java.util.Set<CellKey> rechecked = Sweep.recheckableKeys(store, tasks);
    List<String> missed = new ArrayList<>();
    Map<CellKey, String> stale = new LinkedHashMap<>();
    Sweep.stale(store, tasks).forEach(st -> stale.put(st.cell().key(), st.reason()));
    java.util.Set<CellKey> tasked = new java.util.HashSet<>();
    tasks.forEach(t -> tasked.add(t.key()));
    int refusals = 0;
    for (CellRecord c : store.all()) {
      if (!c.ok()) {
        refusals++; // a refused or failed cell keeps a message, no queries: nothing to compute again
      } else if (!rechecked.contains(c.key())) {
        String why = stale.containsKey(c.key()) ? "this command would recompute it (" + stale.get(c.key()) + ")"
            : !tasked.contains(c.key()) ? "this command does not run it" : "its mechanism cannot recheck it";
        missed.add("cell " + c.key().fileName() + " was not rechecked: " + why);
      }
    }
    if (refusals > 0) {
      err.println("pmbench " + e.name() + ": " + refusals + (refusals == 1 ? " stored cell records" : " stored cells record")
          + " a refusal or failure, not queries: nothing to recheck there");
    }
    if (!missed.isEmpty()) {
      throw new RecheckFailed(String.join("\n", missed) + "\n" + missed.size() + " of " + store.all().size()
          + " stored cells of " + store.dir() + " were not rechecked");
    }
    err.println("pmbench " + e.name() + ": recheck only, nothing computed or written");
    err.flush();
  }

  /** Stored cells that {@code --recheck} found to differ from this code; the command exits with 1. */
  public static final class RecheckFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RecheckFailed(String message) {
      super(message, null, false, false);
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
    try (Engine engine = Engines.named(options.engine(), options.master(), s.parallel(), recipe, s.data());
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
      recheck(e, s, store, tasks);
      if (options.recheckOnly()) {
        requireAllRechecked(e, store, tasks);
        return s.out();
      }
      noteFormatOne(tasks.stream().flatMap(t -> Sweep.finished(store, t).stream()).toList());
      announce(e, s, tasks.size(), tasks.size() - pending, store.partialProgress());
      CostEstimate estimate = estimate(e, s, store, tasks, pendingCells);
      Sweep.Outcome outcome = sweep(e, s, store, tasks, engine, pendingQueries, pendingCells, estimate);
      InvocationLog.Summary elapsed = InvocationLog.read(s.out());
      writeProvenance(e, s, config, manifest, outcome, elapsed, start);
      closingLine(e.name(), outcome.computed(), outcome.reused(), start, elapsed);
    }
    return s.out();
  }

  private Path runInto(TableExperiment e) throws IOException {
    if (options.recheckOnly()) {
      err.println("pmbench " + e.name() + ": not a grid of protocol cells, nothing to recheck");
      err.flush();
      return e.out();
    }
    Instant start = Instant.now();
    Manifest manifest = e.manifest();
    try (ResultCells folder = ResultCells.open(e.out(), manifest, e.fresh())) {
      List<TableExperiment.Cell> cells = e.cells();
      Map<String, List<String>> stored = new LinkedHashMap<>();
      java.util.Set<String> names = new java.util.HashSet<>();
      for (TableExperiment.Cell c : cells) {
        if (!names.add(c.name())) {
          throw new IllegalArgumentException("grid cells must be distinct. Provided value: " + c.name() + " twice");
        }
        folder.stored(c.name()).ifPresent(lines -> stored.put(c.name(), lines));
      }
      List<TableExperiment.Cell> pending = cells.stream().filter(c -> !stored.containsKey(c.name())).toList();
      announce(e, cells.size(), stored.size(), pending);
      List<List<String>> lines = new ArrayList<>();
      long units = pending.stream().mapToLong(TableExperiment.Cell::units).sum();
      logged(e.out(), manifest.commandLine(), e.commit(), units, cells.size(), invocation -> {
        for (TableExperiment.Cell c : cells) {
          List<String> cellLines = stored.get(c.name());
          if (cellLines != null) {
            e.reused(c);
          } else {
            cellLines = c.compute().lines(folder);
            folder.store(c.name(), cellLines);
            invocation.queriesDone(Math.toIntExact(c.units()));
          }
          lines.add(cellLines);
        }
        return pending.size();
      });
      e.assemble(folder, lines);
      InvocationLog.Summary elapsed = InvocationLog.read(e.out());
      Map<String, Object> provConfig = new LinkedHashMap<>(e.provenanceConfig());
      provConfig.put("fingerprint", manifest.fingerprint());
      folder.unlist(ResultWriter.PROVENANCE_JSON); // the pipeline's, rewritten by every invocation
      writeProvenance(e.out(), provConfig, pending.size(), stored.size(), elapsed,
          config -> e.provenance(config, start));
      closingLine(e.name(), pending.size(), stored.size(), start, elapsed);
    }
    return e.out();
  }

  /**
   * The lines saying what a table experiment is about to compute: its settings (over the
   * protocol), its cells, and the estimated cost of the pending ones when they run protocol cells
   * (a grid over {@code --budget} refused).
   */
  private void announce(TableExperiment e, int cells, int stored, List<TableExperiment.Cell> pending) {
    e.setup().ifPresent(s -> {
      err.println("pmbench " + e.name() + ": " + s.noiseLine());
      err.println("pmbench " + e.name() + ": " + s.settingsLine(options.sigmaGiven(), options.alphaGiven(),
          DatasetRegistry.standard().defaultsSource(s.datasetSpec())));
    });
    err.printf("pmbench %s: %d cells (%d already in %s)%n", e.name(), cells, stored, e.out());
    err.flush();
    e.setup().ifPresent(s -> {
      Map<CellKey, Long> protocolCells = new LinkedHashMap<>();
      pending.forEach(c -> protocolCells.putAll(c.protocolCells()));
      if (!protocolCells.isEmpty()) {
        state(e.name(), pending.size(), CostEstimate.of(protocolCells, s.data().name(), s.protocol().nPublic(), 1,
            MeasuredCosts.shipped()), 0);
      }
    });
  }

  /** The last line of a run: cells computed and reused, this invocation's time and the run's. */
  private void closingLine(String name, int computed, int reused, Instant start, InvocationLog.Summary elapsed) {
    err.printf("pmbench %s: %d cells computed, %d reused, %.1f s; elapsed over the run's %s%n", name, computed,
        reused, (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1000.0, elapsed.describe());
    err.flush();
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
    state(e.name(), pendingCells.size(), estimate, pilot.seconds());
    return estimate;
  }

  /**
   * Prints the estimate of {@code cells} cells to compute (and the time a pilot took); refuses
   * a grid estimated above {@code --budget} ({@link OverBudget}).
   */
  private void state(String name, int cells, CostEstimate estimate, double piloted) {
    err.println("pmbench " + name + ": estimated cost of the " + cells + " cells to compute:");
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
  }

  /** Computes the missing cells, recording this invocation (and how it ended) in invocations.jsonl. */
  private Sweep.Outcome sweep(Experiment e, GridSetup s, CellStore store, List<Sweep.Task> tasks, Engine engine,
      long pendingQueries, Map<CellKey, Long> pendingCells, CostEstimate estimate) throws IOException {
    Sweep.Outcome[] outcome = new Sweep.Outcome[1];
    logged(s.out(), s.commandLine(), s.git().commit(), pendingQueries, tasks.size(), invocation -> {
      try (Meter meter = meters.start("pmbench " + e.name(), pendingQueries, pendingCells, estimate)) {
        outcome[0] = Sweep.run(store, tasks, engine, new Sweep.Listener() {
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
      }
      return outcome[0].computed();
    });
    return outcome[0];
  }

  /** What an invocation computes, told of the {@link InvocationLog} it is recorded in; returns the cells computed. */
  @FunctionalInterface
  private interface Invoked {
    int run(InvocationLog invocation) throws IOException;
  }

  /**
   * Runs {@code body} as one invocation of the run in {@code out}: appended to invocations.jsonl
   * at its start, and its end (finished, or failed with the error) when it stops.
   */
  private static void logged(Path out, String commandLine, String commit, long pendingUnits, int gridCells,
      Invoked body) throws IOException {
    InvocationLog invocation = InvocationLog.start(out, commandLine, commit, pendingUnits, gridCells);
    int computed;
    try {
      computed = body.run(invocation);
    } catch (IOException | RuntimeException | Error ex) {
      invocation.end("failed: " + ex, 0);
      throw ex;
    }
    invocation.end(InvocationLog.FINISHED, computed);
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
    writeProvenance(s.out(), provConfig, -1, -1, elapsed, c -> s.provenance(c, start));
  }

  /**
   * Writes {@code out}/provenance.json from {@code config}, adding the cell counts (when not
   * negative: a grid run's are already in it) and every invocation's time and commit.
   */
  private static void writeProvenance(Path out, Map<String, Object> config, int computed, int reused,
      InvocationLog.Summary elapsed, java.util.function.Function<Map<String, Object>, Provenance> provenance)
      throws IOException {
    if (computed >= 0) {
      config.put("cellsComputed", computed);
      config.put("cellsReused", reused);
    }
    config.put("invocations", elapsed.invocations().size());
    config.put("elapsedSecondsAllInvocations", elapsed.totalSeconds());
    config.put("commitsAllInvocations", elapsed.commits());
    Provenance prov = provenance.apply(config);
    AtomicFiles.write(out.resolve(ResultWriter.PROVENANCE_JSON), w -> ProvenanceJson.write(prov, w));
  }
}
