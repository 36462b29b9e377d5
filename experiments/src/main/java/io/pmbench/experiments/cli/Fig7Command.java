package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Fig7;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench fig7}: embeddings before and after alignment (SPEC.md §9). */
@Command(name = "fig7", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Figure 7: 2-D plots of one query's embedding.",
    description = {"Figure 7: 2-D scatter plots of one query's client embedding before and after alignment over the "
        + "server's embedding, coloured by class, for privatemail at each epsilon and for smlq (no noise). "
        + "Uses the first seed. Writes fig7-*.png/.svg, fig7.csv and report.html."})
public final class Fig7Command extends ExperimentCommand {
  /** The mechanisms of its panels: privatemail at each epsilon, smlq without noise. */
  static final List<String> MECHANISMS = List.of("privatemail", "smlq");

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1,1,10", split = ",", paramLabel = "EPS", order = 4,
      description = "epsilon of the privatemail panels. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Override
  Selection selection() {
    return new Selection(MECHANISMS, epsilons);
  }

  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Fig7(epsilons);
  }
}
