package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Reports;
import io.pmbench.experiments.figures.RunExperiment;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench run}: one grid of (mechanism × ε × seed) on one data set. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
    header = "Runs every mechanism x epsilon x seed on one data set.",
    description = {"Runs the retrieval protocol (docs/SPEC.md sections 1-2) for every mechanism x epsilon x seed and "
        + "writes results.csv (one row per cell), summary.csv (mean and 95%% interval over seeds), "
        + "timings.csv, provenance.json and report.html into the output folder, then prints the summary table. "
        + "Finished cells are kept under DIR/cells and the finished queries of a part-done cell under DIR/partial: "
        + "rerunning the same command resumes. Mechanisms that read no epsilon run once per seed, at the first one."})
public final class RunCommand extends ExperimentCommand {
  static final String DEFAULT_MECHANISMS = "features,smlq,privatemail,label-only,random";

  @Option(names = "--mechanisms", defaultValue = DEFAULT_MECHANISMS, split = ",", paramLabel = "NAME", order = 2,
      description = "Comma list of mechanisms, or 'all' (see `pmbench mechanisms`). Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1", split = ",", paramLabel = "EPS", order = 4,
      description = "Comma list of epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Override
  Selection selection() {
    return new Selection(mechanisms, epsilons);
  }

  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new RunExperiment(names, epsilons);
  }

  /** Prints the summary table and the files written. */
  @Override
  void done(PrintWriter out, Path dir) throws IOException {
    out.println(Reports.render(dir));
    out.println("Results: " + dir.toAbsolutePath());
    out.println("  results.csv (per seed), summary.csv (over seeds), timings.csv, provenance.json, report.html");
    out.flush();
  }
}
