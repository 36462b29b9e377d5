package io.pmbench.experiments.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What the sweep needs of an experiment to compute its cells anywhere: its name, its entries of
 * the configuration fingerprint, its grid and its tasks. A plan is a serialisable value (a record
 * of its grid's mechanisms, ε and knobs), so a distributed engine ships it with the {@link Grid}
 * to its workers ({@link GridRecipe}) instead of replaying a command line there.
 */
public interface CellPlan extends Serializable {
  /** The experiment's name, also its command ({@code fig6}). */
  String name();

  /** Entries of the configuration fingerprint beyond {@link GridSetup#config}'s own (none by default). */
  default Map<String, Object> config(GridSetup setup) {
    return Map.of();
  }

  /** The grid of this invocation, recorded in run.json; rendering reads it back. */
  Map<String, Object> grid(GridSetup setup);

  /** Whether refused or failed cells are recorded (figures) or stop the run ({@code run}). */
  default boolean recordFailures() {
    return true;
  }

  /** The cells, in report order. */
  List<Sweep.Task> tasks(GridSetup setup, Cells cells);
}
