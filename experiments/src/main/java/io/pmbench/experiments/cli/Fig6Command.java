package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Fig6;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench fig6}: Recall@8 against ε for every mechanism (SPEC.md §9). */
@Command(name = "fig6", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Figure 6: Recall@8 against epsilon for every mechanism.",
    description = {"Figure 6: Recall@8 against epsilon for every registered mechanism (mean and 95%% interval over "
        + "seeds). Writes fig6.png/.svg/.csv, results.csv, summary.csv and report.html into the run directory; "
        + "rerunning the same command resumes from the finished cells and queries."})
public final class Fig6Command extends ExperimentCommand {
  @Option(names = "--mechanisms", defaultValue = "all", split = ",", paramLabel = "NAME", order = 2,
      description = "Comma list of mechanisms, or 'all' registered ones. Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.05,0.1,0.2,0.5,1,2,4,8", split = ",", paramLabel = "EPS",
      order = 4, description = "Comma list of epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Option(names = "--every-epsilon", order = 30,
      description = "Run the epsilon-independent non-private mechanisms (features, smlq, smlq-cccp, tsne, random) at "
          + "every epsilon instead of once per seed.")
  boolean everyEpsilon;

  @Override
  Selection selection() {
    return new Selection(mechanisms, epsilons);
  }

  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Fig6(names, epsilons, everyEpsilon);
  }
}
