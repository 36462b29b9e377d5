package io.pmbench.experiments.orchestration;

import io.pmbench.experiments.sweep.CellPlan;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.HtmlReport;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One experiment: which cells it needs ({@link CellPlan}, a serialisable value the sweep can ship
 * to other processes) and how its report is drawn from them.
 */
public interface Experiment extends CellPlan {
  /** Which experiment this is: its name and title. */
  ExperimentKind kind();

  @Override
  default String name() {
    return kind().name();
  }

  /** A one-line title for the report. */
  default String title() {
    return kind().title();
  }

  /**
   * Checks the grid before anything is computed or written (e.g. unknown mechanism names);
   * throws {@link IllegalArgumentException} with a one-line message.
   */
  default void validate(GridSetup setup) {}

  /** Writes the experiment's CSV files and figures into the run directory and adds its sections. */
  void render(RunView view, HtmlReport html) throws IOException;

  /** What the command prints when it is done (a table). */
  String console(RunView view);
}
