package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.runs.GitInfo;
import java.io.Serializable;
import java.util.List;

/**
 * What another process needs to build the tasks of a grid the driver built, as one serialisable
 * value: the grid's configuration, the experiment's plan, and the driver's stamps for every
 * cell. A worker rebuilds the tasks from these values (no command line is parsed there) and
 * refuses to compute when its configuration fingerprint is not the driver's (e.g. another
 * pmbench or plugin jar on the worker), so a cell is only ever stored under the configuration it
 * was computed with.
 *
 * @param grid the grid's configuration
 * @param plan the experiment ({@code fig6}; for {@code claims} one of its parts)
 * @param fingerprint the driver's configuration fingerprint ({@link Manifest#fingerprint})
 * @param gitCommit the driver's commit, recorded in every cell
 */
public record GridRecipe(Grid grid, CellPlan plan, String fingerprint, String gitCommit) implements Serializable {
  private static final long serialVersionUID = 2L;

  /** The recipe of {@code plan} on {@code s}'s grid, under the driver's {@code fingerprint}. */
  public static GridRecipe of(GridSetup s, CellPlan plan, String fingerprint) {
    return new GridRecipe(s.grid(), plan, fingerprint, s.git().commit());
  }

  /**
   * The plan's tasks, in the driver's order, on {@code data} (the data set the driver shipped)
   * with the mechanisms {@code registry} finds.
   *
   * @throws IllegalStateException if the rebuilt configuration is not the driver's
   */
  public List<Sweep.Task> tasks(FeatureSet data, MechanismRegistry registry) {
    GridSetup s = GridSetup.of(grid, data, registry, new GitInfo(gitCommit, true));
    String rebuilt = Manifest.of(plan.name(), s.config(plan.config(s)), plan.grid(s), "").fingerprint();
    if (!rebuilt.equals(fingerprint)) {
      throw new IllegalStateException("this worker rebuilt " + plan.name() + " under configuration " + rebuilt
          + ", not the driver's " + fingerprint + " (are the same pmbench and plugin jars on every node?)");
    }
    return plan.tasks(s, new Cells(fingerprint, grid.preset().cliName(), gitCommit, plan.recordFailures()));
  }
}
