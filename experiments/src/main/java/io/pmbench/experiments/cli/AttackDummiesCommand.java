package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.experiments.attack.AttackFolder;
import io.pmbench.experiments.attack.AttackRow;
import io.pmbench.experiments.attack.DummiesAttack;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
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
    refuseRecheckOnly();
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
    AttackFolder attack = new AttackFolder(s, ms, epsilons, err);
    pipeline(s, err).run(attack);
    List<AttackRow> rows = attack.rows();
    Path csv = s.out().resolve(AttackFolder.CSV);
    out.print(DummiesAttack.table(rows));
    var claim = io.pmbench.experiments.figures.DummiesClaim.row(rows);
    out.println("Claim \"" + claim.claim() + "\": " + claim.verdict() + " -- " + claim.evidence());
    out.println("Results: " + csv.toAbsolutePath());
    out.flush();
    return 0;
  }
}
