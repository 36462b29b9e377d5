package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Reports;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The shared body of every command that computes stored cells: resolve the options (after the
 * checks of {@link GridCommand#setup}), run or resume the experiment through the
 * {@link RunPipeline}, render the report and print its table.
 */
abstract class ExperimentCommand extends GridCommand {
  /** The experiment this command runs, for the resolved setup and its {@link #mechanisms}. */
  abstract Experiment experiment(GridSetup setup, List<String> mechanisms);

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    GridSetup s = setup();
    Path dir = compute(s, pipeline(s, err));
    if (!grid.recheckOnly) { // a recheck-only run writes nothing, its report included
      done(out(), dir);
    }
    return 0;
  }

  /** Computes (or resumes) the command's cells; returns the directory whose report {@link #done} prints. */
  Path compute(GridSetup s, RunPipeline pipeline) throws IOException {
    return pipeline.run(experiment(s, mechanisms(s.registry())), s);
  }

  /** Prints the report's table and where the report is. */
  void done(PrintWriter out, Path dir) throws IOException {
    out.println(Reports.render(dir));
    out.println("Report: " + Reports.reportFile(dir).toAbsolutePath());
    out.flush();
  }
}
