package io.pmbench.experiments.orchestration;

import io.pmbench.experiments.sweep.Manifest;
import java.io.IOException;
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
  /** The sub-directory of the audit of the run's private mechanisms. */
  public static final String AUDIT = io.pmbench.experiments.audit.AuditFolder.SUBFOLDER;
  /** Every part, in the order a claims run computes and {@code pmbench verify} reports them. */
  public static final List<String> ALL = java.util.stream.Stream.of(List.of(AUDIT), FIGURES, List.of(IDS, ATTACK))
      .flatMap(List::stream).toList();

  private ClaimParts() {}

  /**
   * The part folders of {@code dir} when it holds a {@code claims} run (its run.json names that
   * experiment), by name in {@link #ALL} order: every part sub-directory that exists, whatever it
   * holds (a part folder that is neither a run nor a table of results is {@code pmbench verify}'s
   * to name). Empty for any other folder.
   *
   * @throws IOException if run.json cannot be read
   */
  public static Map<String, Path> of(Path dir) throws IOException {
    Path manifest = dir.resolve("run.json");
    Map<String, Path> out = new LinkedHashMap<>();
    if (!Files.exists(manifest) || !Manifest.parse(Files.readString(manifest), manifest.toString()).experiment()
        .equals(ExperimentKind.CLAIMS.name())) {
      return out;
    }
    for (String p : ALL) {
      if (Files.isDirectory(dir.resolve(p))) {
        out.put(p, dir.resolve(p));
      }
    }
    return out;
  }

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
