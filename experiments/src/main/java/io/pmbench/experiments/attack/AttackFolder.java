package io.pmbench.experiments.attack;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dummies attack's output folder ({@code pmbench attack-dummies}, and the {@code attack} part
 * of {@code claims}): one cell per mechanism × ε over every seed (its rows' intervals are
 * bootstrapped over the seeds) through {@link ResultCells}, and {@value #CSV} assembled from the
 * cells. A rerun of the same settings reuses the finished cells; a folder of other settings is
 * refused unless {@code fresh}.
 */
public final class AttackFolder {
  /** The experiment name in {@code run.json} and the cells' names. */
  public static final String EXPERIMENT = "attack-dummies";
  /** The result file. */
  public static final String CSV = "attack.csv";

  private AttackFolder() {}

  /** The configuration the cells depend on: the grid setup's, with the seeds. */
  public static Map<String, Object> config(GridSetup s) {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("seeds", s.seeds());
    return s.config(extras);
  }

  /**
   * Attacks {@code ms} at {@code epsilons} (a mechanism that reads no ε at the first only) into
   * {@code s.out()}, reusing the cells stored under the same configuration; {@code log} gets one
   * line per computed (seed, mechanism, ε). Returns the rows of {@value #CSV}.
   */
  public static List<AttackRow> run(GridSetup s, List<EmbeddingMechanism> ms, List<Double> epsilons, PrintWriter log)
      throws IOException {
    Manifest manifest = Manifest.of(EXPERIMENT, config(s), Map.of("mechanisms",
        ms.stream().map(EmbeddingMechanism::name).toList(), "epsilons", epsilons), s.commandLine());
    ResultCells cells = ResultCells.open(s.out(), manifest, s.fresh());
    DummiesAttack attack = new DummiesAttack(new ProtocolRunner(s.data(), s.protocol()), s.preset().cliName());
    StringBuilder table = new StringBuilder(AttackRow.HEADER).append('\n');
    for (EmbeddingMechanism m : ms) {
      for (double eps : m.readsEpsilon() ? epsilons : epsilons.subList(0, 1)) {
        for (String line : cells.reuseOrCompute(EXPERIMENT + "-" + m.name() + "-eps" + eps, () -> {
          StringWriter w = new StringWriter();
          AttackRow.writeCsv(attack.run(List.of(m), s::params, List.of(eps), s.seeds(), log), w);
          return w.toString().lines().skip(1).toList();
        })) {
          table.append(line).append('\n');
        }
      }
    }
    cells.writeResult(CSV, table.toString());
    return AttackRow.readCsv(s.out().resolve(CSV));
  }

  /** Whether {@code dir} holds an attack written before attacks had cells ({@value #CSV} without {@code run.json}). */
  public static boolean legacy(Path dir) {
    return Files.exists(dir.resolve(CSV)) && !Files.exists(dir.resolve(CellStore.MANIFEST));
  }
}
