package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Fig5;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench fig5}: Recall@8 against k, α and σ (SPEC.md §9). */
@Command(name = "fig5", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Figure 5: Recall@8 against k, alpha and sigma.",
    description = {"Figure 5: Recall@8 of smlq and privatemail (epsilon = 0.1) against k in {2,4,8,16,32}, "
        + "alpha in {0.1,0.3,0.5,0.7,0.9,1.0} and sigma in {1,2,3,4,5,6,8,10}, one varied at a time. "
        + "Writes fig5-k/-alpha/-sigma.png/.svg, fig5.csv and report.html; rerunning resumes."})
public final class Fig5Command extends ExperimentCommand {
  @Option(names = "--mechanisms", defaultValue = "smlq,privatemail", split = ",", paramLabel = "NAME", order = 2,
      description = "Mechanisms. Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1", paramLabel = "EPS", order = 4,
      description = "epsilon of the private cells. Default: ${DEFAULT-VALUE}.")
  double epsilon;

  @Override
  Selection selection() {
    return new Selection(mechanisms, List.of(epsilon));
  }

  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Fig5(names, epsilon);
  }
}
