package io.pmbench.experiments.figures;

import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.HtmlReport;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** One experiment: which cells it needs and how its report is drawn from them. */
public interface Experiment {
  /** The experiment's name, also its command ({@code fig6}). */
  String name();

  /** A one-line title for the report. */
  String title();

  /** Entries of the configuration fingerprint beyond {@link GridSetup#config}'s own. */
  Map<String, Object> config(GridSetup setup);

  /** The grid of this invocation, recorded in run.json; rendering reads it back. */
  Map<String, Object> grid(GridSetup setup);

  /** Whether refused or failed cells are recorded (figures) or stop the run ({@code run}). */
  default boolean recordFailures() {
    return true;
  }

  /**
   * Checks the grid before anything is computed or written (e.g. unknown mechanism names);
   * throws {@link IllegalArgumentException} with a one-line message.
   */
  default void validate(GridSetup setup) {}

  /** The cells, in report order. */
  List<Sweep.Task> tasks(GridSetup setup, Cells cells);

  /** Writes the experiment's CSV files and figures into the run directory and adds its sections. */
  void render(RunView view, HtmlReport html) throws IOException;

  /** What the command prints when it is done (a table). */
  String console(RunView view);
}
