package io.pmbench.experiments.attack;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.experiments.sweep.TableExperiment;
import io.pmbench.runs.Provenance;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The dummies attack's output folder ({@code pmbench attack-dummies}, and the {@code attack} part
 * of {@code claims}) as a table experiment the run pipeline runs ({@link TableExperiment}): one
 * cell per mechanism × ε over every seed (its rows' intervals are bootstrapped over the seeds),
 * and {@value #CSV} assembled from the cells. A rerun of the same settings reuses the finished
 * cells; a folder of other settings is refused unless {@code fresh}. Each cell runs the protocol's
 * queries of its mechanism at its ε on every seed, so the pipeline estimates its cost from the
 * stored runs' costs of those protocol cells.
 */
public final class AttackFolder implements TableExperiment {
  /** The experiment name in {@code run.json} and the cells' names. */
  public static final String EXPERIMENT = "attack-dummies";
  /** The result file. */
  public static final String CSV = "attack.csv";

  private final GridSetup setup;
  private final List<EmbeddingMechanism> mechanisms;
  private final List<Double> epsilons;
  private final PrintWriter log;

  /**
   * The attack on {@code mechanisms} at {@code epsilons} (a mechanism that reads no ε at the first
   * only) into {@code setup.out()}; {@code log} gets one line per computed (seed, mechanism, ε).
   */
  public AttackFolder(GridSetup setup, List<EmbeddingMechanism> mechanisms, List<Double> epsilons, PrintWriter log) {
    this.setup = setup;
    this.mechanisms = List.copyOf(mechanisms);
    this.epsilons = List.copyOf(epsilons);
    this.log = log;
  }

  /** The configuration the cells depend on: the grid setup's, with the seeds. */
  public static Map<String, Object> config(GridSetup s) {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("seeds", s.seeds());
    return s.config(extras);
  }

  @Override
  public String name() {
    return EXPERIMENT;
  }

  @Override
  public Manifest manifest() {
    return Manifest.of(EXPERIMENT, config(setup), Map.of("mechanisms", names(), "epsilons", epsilons),
        setup.commandLine());
  }

  private List<String> names() {
    return mechanisms.stream().map(EmbeddingMechanism::name).toList();
  }

  @Override
  public Path out() {
    return setup.out();
  }

  @Override
  public boolean fresh() {
    return setup.fresh();
  }

  @Override
  public String commit() {
    return setup.git().commit();
  }

  @Override
  public Optional<GridSetup> setup() {
    return Optional.of(setup);
  }

  @Override
  public List<Cell> cells() {
    DummiesAttack attack = new DummiesAttack(new ProtocolRunner(setup.data(), setup.protocol()),
        setup.preset().cliName());
    long queries = setup.queriesPerCell();
    List<Cell> out = new ArrayList<>();
    for (EmbeddingMechanism m : mechanisms) {
      for (double eps : m.readsEpsilon() ? epsilons : epsilons.subList(0, 1)) {
        Map<CellKey, Long> protocolCells = new LinkedHashMap<>();
        setup.seeds().forEach(seed -> protocolCells.put(new CellKey(setup.data().name(), m.name(), "", eps, seed),
            queries));
        out.add(new Cell(EXPERIMENT + "-" + m.name() + "-eps" + eps, queries * setup.seeds().size(), protocolCells,
            folder -> {
              StringWriter w = new StringWriter();
              AttackRow.writeCsv(attack.run(List.of(m), setup::params, List.of(eps), setup.seeds(), log), w);
              return w.toString().lines().skip(1).toList();
            }));
      }
    }
    return out;
  }

  /** Writes {@value #CSV} from the cells. */
  @Override
  public void assemble(ResultCells folder, List<List<String>> lines) throws IOException {
    StringBuilder table = new StringBuilder(AttackRow.HEADER).append('\n');
    lines.forEach(cell -> cell.forEach(l -> table.append(l).append('\n')));
    folder.writeResult(CSV, table.toString());
  }

  @Override
  public Map<String, Object> provenanceConfig() {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("seeds", setup.seeds());
    extras.put("experiment", EXPERIMENT);
    extras.put("mechanisms", names());
    extras.put("epsilons", epsilons);
    return setup.config(extras);
  }

  @Override
  public Provenance provenance(Map<String, ?> config, Instant start) {
    return setup.provenance(config, start);
  }

  /** The rows of this attack's {@value #CSV} (after the pipeline ran it). */
  public List<AttackRow> rows() throws IOException {
    return AttackRow.readCsv(setup.out().resolve(CSV));
  }

  /** Whether {@code dir} holds an attack written before attacks had cells ({@value #CSV} without {@code run.json}). */
  public static boolean legacy(Path dir) {
    return Files.exists(dir.resolve(CSV)) && !Files.exists(dir.resolve(CellStore.MANIFEST));
  }
}
