package io.pmbench.experiments.figures;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.pmbench.experiments.orchestration.ClaimsRun;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.Manifest;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The experiments by name: the one place that constructs a figure from its name, both to rebuild
 * the experiment a stored run.json names (so that a report, or the claims table reading a part,
 * never names a figure) and as the figure parts of a {@code claims} run ({@link #CLAIM_PARTS}, which
 * the command hands to {@link ClaimsRun}).
 */
public final class Experiments implements ClaimsRun.Figures {
  /** The figures of a {@code claims} run. */
  public static final Experiments CLAIM_PARTS = new Experiments();

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

  @Override
  public Map<String, Function<ClaimsRun.Request, Experiment>> parts() {
    Map<String, Function<ClaimsRun.Request, Experiment>> parts = new LinkedHashMap<>();
    parts.put(ExperimentKind.FIG3.name(), r -> new Fig3(Fig3.DEFAULT_MAX_ITERATIONS, EpsilonGrid.REFERENCE_EPSILON));
    parts.put(ExperimentKind.FIG5.name(), r -> new Fig5(List.of(FigureReadings.TRACED, FigureReadings.PRIVATE), EpsilonGrid.REFERENCE_EPSILON));
    parts.put(ExperimentKind.FIG6.name(), r -> new Fig6(r.mechanisms(), r.epsilons(), false));
    parts.put(ExperimentKind.FIG7.name(), r -> new Fig7(Fig7.DEFAULT_EPSILONS));
    return parts;
  }

  @Override
  public Experiment ids(List<String> mechanisms) {
    return new Fig6(mechanisms, List.of(EpsilonGrid.REFERENCE_EPSILON), false);
  }

  @Override
  public Experiment table() {
    return new Claims();
  }
}
