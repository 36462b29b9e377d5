package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.figures.Experiment;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.runs.GitInfo;
import java.util.List;
import picocli.CommandLine;

/**
 * Rebuilds, in a worker process of a distributed engine, the tasks the driver built for a grid:
 * parses the recipe's command line again, resolves it around the data set the driver shipped,
 * and checks that the configuration fingerprint is the driver's before any cell is computed.
 * The tasks are then the very ones the local engine runs, so a cell's numbers do not depend on
 * where it was computed.
 */
public final class Replay {
  private Replay() {}

  /**
   * The tasks of {@code recipe}'s experiment, in the driver's order.
   *
   * @throws IllegalStateException if the rebuilt configuration is not the driver's (e.g. other
   *     pmbench or plugin jars on the worker)
   */
  public static List<Sweep.Task> tasks(GridRecipe recipe, FeatureSet data) {
    CommandLine.ParseResult parsed = Pmbench.commandLine().parseArgs(recipe.args().toArray(new String[0]));
    if (!parsed.hasSubcommand()
        || !(parsed.subcommand().commandSpec().userObject() instanceof ExperimentCommand command)) {
      throw new IllegalArgumentException("a grid recipe must name a grid command. Provided value: "
          + String.join(" ", recipe.args()));
    }
    String name = parsed.subcommand().commandSpec().name();
    MechanismRegistry registry = MechanismRegistry.discover();
    GridSetup s = command.grid().setup(name, "", registry, data, new GitInfo(recipe.gitCommit(), true));
    Experiment e = command.experiments(s).stream().filter(x -> x.name().equals(recipe.experiment())).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("command " + name + " must run experiment "
            + recipe.experiment() + ". Provided value: its experiments do not include it"));
    String fingerprint = Manifest.of(e.name(), s.config(e.config(s)), e.grid(s), "").fingerprint();
    if (!fingerprint.equals(recipe.fingerprint())) {
      throw new IllegalStateException("this worker rebuilt " + e.name() + " under configuration " + fingerprint
          + ", not the driver's " + recipe.fingerprint() + " (are the same pmbench and plugin jars on every node?)");
    }
    Cells cells = new Cells(recipe.fingerprint(), s.preset().cliName(), recipe.gitCommit(), e.recordFailures());
    return e.tasks(s, cells);
  }
}
