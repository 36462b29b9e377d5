package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.figures.Experiment;
import io.pmbench.experiments.figures.Reports;
import io.pmbench.experiments.figures.RunExperiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
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

  @CommandLine.Mixin
  GridOptions grid;

  @Option(names = "--mechanisms", defaultValue = DEFAULT_MECHANISMS, split = ",", paramLabel = "NAME", order = 2,
      description = "Comma list of mechanisms, or 'all' (see `pmbench mechanisms`). Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1", split = ",", paramLabel = "EPS", order = 4,
      description = "Comma list of epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Override
  List<String> mechanisms(MechanismRegistry registry) {
    return RunCommand.names(mechanisms, registry);
  }

  @Override
  List<Double> epsilons() {
    return epsilons;
  }

  @Override
  GridOptions grid() {
    return grid;
  }

  @Override
  Experiment experiment(GridSetup s) {
    return new RunExperiment(names(mechanisms, s.registry()), epsilons);
  }

  /**
   * The mechanism list, with 'all' expanded to every registered mechanism except references
   * ({@code EmbeddingMechanism.inAll()} false, e.g. tsne-smile: they run when named); unknown
   * names fail listing the known ones.
   */
  static List<String> names(List<String> given, MechanismRegistry registry) {
    List<String> names = given.size() == 1 && given.get(0).equals("all")
        ? registry.names().stream().filter(n -> registry.get(n).inAll()).toList()
        : List.copyOf(given);
    names.forEach(registry::get);
    return names;
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter err = cmd.commandLine().getErr();
    PrintWriter out = cmd.commandLine().getOut();
    String commandLine = Pmbench.invocation(cmd.commandLine());
    grid().checkBeforeLoading(epsilons()); // in a moment, before the registry and the data set load
    MechanismRegistry registry = MechanismRegistry.discover();
    preflight(registry);
    GridSetup s = grid.setup("run", commandLine.strip(), err, registry, epsilons());
    Path dir = execute(experiment(s), s, err);
    out.println(Reports.render(dir));
    out.println("Results: " + dir.toAbsolutePath());
    out.println("  results.csv (per seed), summary.csv (over seeds), timings.csv, provenance.json, report.html");
    out.flush();
    return 0;
  }
}
