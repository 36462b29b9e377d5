package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.figures.Experiment;
import io.pmbench.experiments.figures.Reports;
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
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared body of every command that computes stored cells: resolve the options (after the
 * checks of {@link GridCommand#setup}), validate the grid, open (or resume) the run directory, run
 * the missing cells with a progress bar, write provenance.json, render the report and print its
 * table.
 */
abstract class ExperimentCommand extends GridCommand {
  /** The experiment this command runs, for the resolved setup and its {@link #mechanisms}. */
  abstract Experiment experiment(GridSetup setup, List<String> mechanisms);

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    GridSetup s = setup();
    Path dir = compute(s, err);
    done(out(), dir);
    return 0;
  }

  /** Computes (or resumes) the command's cells; returns the directory whose report {@link #done} prints. */
  Path compute(GridSetup s, PrintWriter err) throws IOException {
    return execute(experiment(s, mechanisms(s.registry())), s, err);
  }

  /** Prints the report's table and where the report is. */
  void done(PrintWriter out, Path dir) throws IOException {
    out.println(Reports.render(dir));
    out.println("Report: " + Reports.reportFile(dir).toAbsolutePath());
    out.flush();
  }

  /**
   * Runs (or resumes) an experiment into its directory on the engine of {@code --engine};
   * returns the directory.
   */
  Path execute(Experiment e, GridSetup s, PrintWriter err) throws IOException {
    Instant start = Instant.now();
    e.validate(s);
    Map<String, Object> config = s.config(e.config(s));
    Manifest manifest = Manifest.of(e.name(), config, e.grid(s), s.commandLine());
    GridRecipe recipe = GridRecipe.of(s, e, manifest.fingerprint());
    try (Engine engine = grid.engine(recipe, s); CellStore store = CellStore.open(s.out(), manifest, s.fresh(), grid.acceptModified,
        w -> {
          err.println("pmbench: " + w);
          err.flush();
        })) {
      Cells cells = new Cells(manifest.fingerprint(), s.preset().cliName(), s.git().commit(), e.recordFailures(),
          store);
      List<Sweep.Task> tasks = e.tasks(s, cells);
      long pendingQueries = Sweep.pendingQueries(store, tasks);
      long pending = tasks.stream().filter(t -> store.get(t.key()).isEmpty()).count();
      long[] partial = store.partialProgress();
      err.println("pmbench " + e.name() + ": " + s.noiseLine());
      err.printf("pmbench %s: %s, %d train / %d test rows of %d, %d classes; %d cells (%d already in %s%s), %d "
              + "at once; %s%n", e.name(), RunFolders.shortName(s.datasetSpec()), s.data().train().size(), s.data().test().size(),
          s.data().dimension(), s.data().numClasses(), tasks.size(), tasks.size() - pending, s.out(),
          partial[0] == 0 ? "" : "; " + partial[1] + " finished queries of " + partial[0] + " part-done cells kept",
          s.parallel(), s.protocolText());
      err.println("pmbench " + e.name() + ": " + s.settingsLine(grid.sigma != null, grid.alpha != null,
          DatasetRegistry.standard().defaultsSource(s.datasetSpec())));
      err.flush();
      Sweep.Outcome outcome;
      Map<CellKey, Long> pendingCells = new LinkedHashMap<>();
      tasks.stream().filter(t -> store.get(t.key()).isEmpty()).forEach(t -> pendingCells.put(t.key(), t.queries()));
      InvocationLog invocation = InvocationLog.start(s.out(), s.commandLine(), s.git().commit(), pendingQueries,
          tasks.size());
      try (Progress progress = Progress.start(err, "pmbench " + e.name(), pendingQueries).weighted(pendingCells)) {
        outcome = Sweep.run(store, tasks, engine, new Sweep.Listener() {
          @Override
          public void accept(int queries) {
            progress.accept(queries);
            invocation.queriesDone(queries);
          }

          @Override
          public void cellFinished(CellRecord cell, boolean computed) {
            progress.cellFinished(cell, computed);
          }
        });
      } catch (RuntimeException | Error ex) {
        invocation.end("failed: " + ex, 0);
        throw ex;
      }
      invocation.end(InvocationLog.FINISHED, outcome.computed());
      InvocationLog.Summary elapsed = InvocationLog.read(s.out());
      Map<String, Object> provConfig = new LinkedHashMap<>(config);
      provConfig.put("grid", e.grid(s));
      provConfig.put("fingerprint", manifest.fingerprint());
      provConfig.put("mechanismOptions", MechanismOptions.inEffect(s.params(1).options(),
          mechanisms(s.registry()).stream().map(s.registry()::get).toList()));
      provConfig.put("cellsComputed", outcome.computed());
      provConfig.put("cellsReused", outcome.reused());
      provConfig.put("parallel", s.parallel());
      provConfig.put("engine", grid.engine);
      provConfig.put("noiseSource", s.noiseLine());
      provConfig.put("invocations", elapsed.invocations().size());
      provConfig.put("elapsedSecondsAllInvocations", elapsed.totalSeconds());
      provConfig.put("commitsAllInvocations", elapsed.commits());
      var prov = s.provenance(provConfig, start);
      AtomicFiles.write(s.out().resolve(ResultWriter.PROVENANCE_JSON), w -> ProvenanceJson.write(prov, w));
      err.printf("pmbench %s: %d cells computed, %d reused, %.1f s; elapsed over the run's %s%n", e.name(),
          outcome.computed(), outcome.reused(), (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1000.0,
          elapsed.describe());
      err.flush();
    }
    return s.out();
  }
}
