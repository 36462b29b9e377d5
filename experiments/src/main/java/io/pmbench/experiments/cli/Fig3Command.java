package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Fig3;
import io.pmbench.experiments.figures.Fig6;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridSetup;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench fig3}: SMLQ's Recall@8 and objective against the iteration (SPEC.md §9). */
@Command(name = "fig3", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Figure 3: Recall@8 and the objective against iterations.",
    description = {"Figure 3: Recall@8 of smlq and the server's objective v(X_t) against the iteration t, and "
        + "whether v ever increased. Writes fig3-recall.png, fig3-objective.png (and .svg), fig3.csv and report.html."})
public final class Fig3Command extends ExperimentCommand {
  /** The one mechanism figure 3 runs. */
  static final String MECHANISM = "smlq";

  @Option(names = "--max-iterations", defaultValue = "15", order = 2,
      description = "Largest iteration t. Default: ${DEFAULT-VALUE}.")
  int maxIterations;

  @Override
  Selection selection() {
    return new Selection(List.of(MECHANISM), List.of());
  }

  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Fig3(maxIterations, Fig6.REFERENCE_EPSILON);
  }
}
