package io.pmbench.experiments.orchestration;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.pmbench.experiments.figures.Claims;
import io.pmbench.experiments.figures.Experiment;
import io.pmbench.experiments.figures.Fig3;
import io.pmbench.experiments.figures.Fig5;
import io.pmbench.experiments.figures.Fig6;
import io.pmbench.experiments.figures.Fig7;
import io.pmbench.experiments.figures.RunExperiment;
import io.pmbench.experiments.figures.RunView;
import io.pmbench.experiments.sweep.Manifest;
import java.nio.file.Path;
import java.util.Map;

/**
 * The experiments by the name run.json records: the one place that rebuilds an experiment from a
 * stored run, so that a report (or the claims table reading a part) never names a figure.
 */
public final class Experiments {
  private Experiments() {}

  /** The experiment a manifest names, rebuilt from its grid (for rendering only). */
  public static Experiment of(Manifest m) {
    RunView grid = new RunView(Path.of("."), m, Map.of(), MissingNode.getInstance());
    return switch (m.experiment()) {
      case "run" -> new RunExperiment(grid.gridStrings("mechanisms"), grid.gridNumbers("epsilons"));
      case "fig6" -> new Fig6(grid.gridStrings("mechanisms"), grid.gridNumbers("epsilons"),
          grid.gridStrings("epsilonFree").isEmpty());
      case "fig5" -> new Fig5(grid.gridStrings("mechanisms"), grid.grid("epsilon").asDouble());
      case "fig3" -> new Fig3(grid.grid("maxIterations").asInt(), grid.grid("epsilon").asDouble());
      case "fig7" -> new Fig7(grid.gridNumbers("epsilons"));
      case "claims" -> new Claims();
      default -> throw new IllegalArgumentException("run.json experiment must be one of " + ExperimentKind.names()
          + ". Provided value: " + m.experiment());
    };
  }
}
