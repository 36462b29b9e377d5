package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.attack.AttackRow;
import io.pmbench.experiments.attack.DummiesAttack;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.reports.ResultWriter;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.ProvenanceJson;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench attack-dummies}: the server's attack on the dummy queries (issue 22, deliverable 7). */
@Command(name = "attack-dummies", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
    header = "Plays the server against the dummy queries (Algorithm 1).",
    description = {"Plays the server against the dummy queries of Algorithm 1 (\"Obfuscation\"): from the released",
        "rows alone it guesses which private row is the query r (the row farthest from its public twin) and r's class,",
        "for the release as the protocol makes it (r at row 0) and shuffled by the client. Writes attack.csv (one",
        "row per mechanism x epsilon x release order, with 95%% two-level bootstrap intervals, SPEC.md section 10)",
        "and provenance.json, prints the table and the claims row \"dummies hide the query's class\".",
        "Each mechanism x epsilon (over all seeds) is a cell stored in OUT/cells and listed with its SHA-256 in",
        "OUT/run.json: a rerun of the same settings reuses the finished cells (a killed run resumes), --fresh",
        "recomputes them, and pmbench verify OUT checks the cells and attack.csv (--engine and --parallel do not apply)."})
public final class AttackDummiesCommand extends GridCommand {
  /** The experiment name in run.json and the cells' names. */
  static final String EXPERIMENT = "attack-dummies";
  /** The result file. */
  static final String CSV = "attack.csv";
  static final String DEFAULT_MECHANISMS = "privatemail,smlq,label-only,random";

  @Option(names = "--mechanisms", defaultValue = DEFAULT_MECHANISMS, split = ",", paramLabel = "NAME", order = 2,
      description = "Comma list of mechanisms, or 'all' (see `pmbench mechanisms`). Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1,1", split = ",", paramLabel = "EPS", order = 4,
      description = "Comma list of epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  /** Its ε values are checked per mechanism once the data set is loaded. */
  @Override
  Selection selection() {
    return new Selection(mechanisms, List.of());
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    PrintWriter out = out();
    if (!Engine.LOCAL.equals(grid.engine)) {
      throw new IllegalArgumentException("--engine must be local for attack-dummies. Provided value: " + grid.engine);
    }
    Instant start = Instant.now();
    GridSetup s = setup();
    List<EmbeddingMechanism> ms = mechanisms(s.registry()).stream().map(s.registry()::get).toList();
    if (!s.protocol().dummies()) {
      throw new IllegalArgumentException("--dummies must be on for attack-dummies (the " + s.preset().cliName()
          + " preset has none unless --dummies is given). Provided value: off");
    }
    for (EmbeddingMechanism m : ms) {
      for (double eps : epsilons) {
        m.validate(s.params(eps).forMechanism(m.name())); // a refused (mechanism, eps) fails before any work
      }
    }
    err.println("pmbench attack-dummies: " + s.noiseLine());
    err.println("pmbench attack-dummies: " + s.settingsLine(grid.sigma != null, grid.alpha != null,
        DatasetRegistry.standard().defaultsSource(s.datasetSpec())));
    DummiesAttack attack = new DummiesAttack(new ProtocolRunner(s.data(), s.protocol()), s.preset().cliName());
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("seeds", s.seeds());
    Manifest manifest = Manifest.of(EXPERIMENT, s.config(extras), Map.of("mechanisms",
        ms.stream().map(EmbeddingMechanism::name).toList(), "epsilons", epsilons), s.commandLine());
    ResultCells cells = ResultCells.open(s.out(), manifest, s.fresh());
    StringBuilder table = new StringBuilder(AttackRow.HEADER).append('\n');
    for (EmbeddingMechanism m : ms) {
      for (double eps : m.readsEpsilon() ? epsilons : epsilons.subList(0, 1)) {
        // one cell per mechanism x epsilon, over every seed: its rows' intervals are bootstrapped over the seeds
        for (String line : cells.reuseOrCompute(EXPERIMENT + "-" + m.name() + "-eps" + eps, () -> {
          StringWriter w = new StringWriter();
          AttackRow.writeCsv(attack.run(List.of(m), s::params, List.of(eps), s.seeds(), err), w);
          return w.toString().lines().skip(1).toList();
        })) {
          table.append(line).append('\n');
        }
      }
    }
    cells.writeResult(CSV, table.toString());
    Path csv = s.out().resolve(CSV);
    List<AttackRow> rows = AttackRow.readCsv(csv);
    extras.put("experiment", EXPERIMENT);
    extras.put("mechanisms", ms.stream().map(EmbeddingMechanism::name).toList());
    extras.put("epsilons", epsilons);
    extras.put("fingerprint", manifest.fingerprint());
    var prov = s.provenance(s.config(extras), start);
    AtomicFiles.write(s.out().resolve(ResultWriter.PROVENANCE_JSON), w -> ProvenanceJson.write(prov, w));
    out.print(DummiesAttack.table(rows));
    var claim = io.pmbench.experiments.figures.DummiesClaim.row(rows);
    out.println("Claim \"" + claim.claim() + "\": " + claim.verdict() + " -- " + claim.evidence());
    out.println("Results: " + csv.toAbsolutePath());
    out.flush();
    return 0;
  }
}
