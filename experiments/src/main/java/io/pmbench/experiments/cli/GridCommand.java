package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * What every command over a grid shares ({@code run}, the figures, {@code claims}, {@code table2},
 * {@code attack-dummies}): the {@link GridOptions}, the mechanisms and ε values the command runs,
 * and the checks made before anything is loaded.
 */
@CommandLine.Command
abstract class GridCommand extends CliCommand {
  @CommandLine.Mixin
  GridOptions grid;

  /**
   * What a command runs: its mechanisms as given ({@code all} expands as in {@link #names}; empty:
   * it names none of its own) and its ε values, each checked before the data set is loaded
   * (empty: none of its own).
   */
  record Selection(List<String> mechanisms, List<Double> epsilons) {}

  /** What this command runs. Default: no mechanism and no ε of its own. */
  Selection selection() {
    return new Selection(List.of(), List.of());
  }

  /**
   * The mechanisms this command runs, their names checked against the registry: the ones its
   * {@code --option} keys are checked against (one line naming them and their valid keys) and
   * whose options in effect provenance lists. Default: the selection's, or every registered
   * mechanism when it names none.
   */
  List<String> mechanisms(MechanismRegistry registry) {
    List<String> given = selection().mechanisms();
    return given.isEmpty() ? registry.names() : names(given, registry);
  }

  /** For a command whose folder holds no protocol cells: {@code --recheck-only} has nothing to recheck there. */
  void refuseRecheckOnly() {
    if (grid.recheckOnly) {
      throw new IllegalArgumentException("--recheck-only is for commands whose folder holds protocol cells. Provided "
          + "value: " + cmd.name());
    }
  }

  /**
   * Checks every option that needs no data (at each selected ε), then the mechanism names and
   * every {@code --option} key and value against the registry (one-line errors, nothing loaded
   * or written), then loads the data set and resolves the grid ({@link HeapRule}: runs again with
   * a larger heap when the launcher's is too small for it).
   */
  GridSetup setup() {
    List<Double> epsilons = selection().epsilons();
    grid.checkBeforeLoading(epsilons); // in a moment, before the registry and the data set load
    MechanismRegistry registry = MechanismRegistry.discover();
    List<EmbeddingMechanism> meant = mechanisms(registry).stream().map(registry::get).toList();
    grid.checkOptions(meant);
    GridSetup s = grid.setup(cmd.name(), Pmbench.invocation(cmd.commandLine()), err(), registry,
        epsilons, meant);
    HeapRule.ensure(s, meant, err()); // a grid needing more than the launcher's heap runs again with it
    return s;
  }

  /** The pipeline of this command's options, its messages and progress bar on {@code err}. */
  RunPipeline pipeline(GridSetup s, PrintWriter err) {
    return new RunPipeline(grid.pipeline(mechanisms(s.registry())), err,
        (task, total, pending, estimate) -> Progress.start(err, task, total).weighted(pending, estimate));
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
}
