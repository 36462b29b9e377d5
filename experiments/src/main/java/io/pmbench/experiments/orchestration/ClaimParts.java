package io.pmbench.experiments.orchestration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of a {@code claims} run: each a resumable run of its own in a sub-directory of the
 * claims directory, which the claims table reads by name instead of asking the figures.
 */
public final class ClaimParts {
  /** Sub-directories holding the figure runs, in report order. */
  public static final List<String> FIGURES = List.of(ExperimentKind.FIG3.name(), ExperimentKind.FIG5.name(),
      ExperimentKind.FIG6.name(), ExperimentKind.FIG7.name());
  /**
   * The sub-directory of the run's label-reading mechanisms at the reference ε under the other
   * label numbering (SPEC.md §8).
   */
  public static final String IDS = "ids";
  /** The sub-directory of the dummies attack on the run's dummy queries. */
  public static final String ATTACK = "attack";

  private ClaimParts() {}

  /** The parts of {@code dir} that hold a run (its run.json), by name: the figures in order, then {@link #IDS}. */
  public static Map<String, Path> existing(Path dir) {
    Map<String, Path> out = new LinkedHashMap<>();
    List<String> all = new ArrayList<>(FIGURES);
    all.add(IDS);
    for (String p : all) {
      Path sub = dir.resolve(p);
      if (Files.exists(sub.resolve("run.json"))) {
        out.put(p, sub);
      }
    }
    return out;
  }
}
