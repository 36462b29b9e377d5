package io.pmbench.experiments.sweep;

import java.io.Serializable;
import java.util.List;

/**
 * What another process needs to rebuild the tasks of a grid the driver built: the command line
 * as typed (the worker parses it again), which experiment of the command, and
 * the driver's stamps for every cell. A worker that rebuilds the grid under another
 * configuration fingerprint (e.g. another pmbench version) must refuse to compute, so a cell is
 * only ever stored under the configuration it was computed with.
 *
 * @param args the arguments of {@code pmbench} as typed, the subcommand first
 * @param experiment the experiment's name ({@code fig6}; for {@code claims} one of its parts)
 * @param fingerprint the driver's configuration fingerprint ({@link Manifest#fingerprint})
 * @param gitCommit the driver's commit, recorded in every cell
 */
public record GridRecipe(List<String> args, String experiment, String fingerprint, String gitCommit)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public GridRecipe {
    args = List.copyOf(args);
  }
}
