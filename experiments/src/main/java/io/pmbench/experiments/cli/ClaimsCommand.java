package io.pmbench.experiments.cli;

import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.experiments.attack.AttackRow;
import io.pmbench.experiments.attack.DummiesAttack;
import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditReport;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.audit.AuditSettings;
import io.pmbench.experiments.audit.Targets;
import io.pmbench.experiments.figures.Claims;
import io.pmbench.experiments.figures.DummiesClaim;
import io.pmbench.experiments.figures.Experiment;
import io.pmbench.experiments.figures.Fig3;
import io.pmbench.experiments.figures.Fig5;
import io.pmbench.experiments.figures.Fig6;
import io.pmbench.experiments.figures.Fig7;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pmbench claims}: runs (or resumes) fig3, fig5, fig6 and fig7 into sub-directories of
 * the run directory and judges every claim of the paper on their cells.
 */
@Command(name = "claims", mixinStandardHelpOptions = true, sortOptions = false,
    header = "The claims table: every figure and the audit, judged.",
    description = {"The claims table: runs (or resumes) fig3, fig5, fig6 and fig7 into DIR/fig3 ... DIR/fig7 with "
        + "the options given and pmbench audit of the run's private mechanisms into DIR/audit (reused when its "
        + "settings are the same), then writes claims.csv, table2.csv and report.html: one row per claim of the "
        + "paper and per audited stage, reproduced / not reproduced / cannot test here, with the numbers behind it."})
public final class ClaimsCommand extends ExperimentCommand {
  private static final String AUDIT = "audit";
  /** The part that reruns the label-reading mechanisms at the reference ε under the other label numbering. */
  static final String IDS = Claims.IDS_PART;

  @Option(names = "--mechanisms", defaultValue = "all", split = ",", paramLabel = "NAME", order = 2,
      description = "fig6 mechanisms, or 'all' registered ones. Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.05,0.1,0.2,0.5,1,2,4,8", split = ",", paramLabel = "EPS",
      order = 4, description = "fig6 epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Option(names = "--parts", defaultValue = "fig3,fig5,fig6,fig7,ids,attack,audit", split = ",", paramLabel = "NAME",
      order = 30, description = "Which parts to compute (the claims of a part not computed are 'cannot test here'); "
          + "'ids' reruns the mechanisms that take part in the ids claim at epsilon 0.1 under the other label "
          + "numbering into DIR/ids; 'attack' plays the server against the dummy queries of the mechanisms that "
          + "declare it (pmbench attack-dummies at epsilon 0.1, when the run has dummies) into DIR/attack; 'audit' "
          + "runs pmbench audit on the run's private mechanisms into DIR/audit (`pmbench mechanisms NAME` shows a "
          + "mechanism's parts). Default: ${DEFAULT-VALUE}.")
  List<String> parts;

  @Option(names = "--audit-trials", defaultValue = "20000", paramLabel = "N", order = 31,
      description = "Runs per data set of the audit part's epsilon lower bounds. Default: ${DEFAULT-VALUE}.")
  int auditTrials;

  @Override
  Selection selection() {
    return new Selection(mechanisms, epsilons);
  }

  @Override
  List<String> mechanisms(MechanismRegistry registry) {
    names(mechanisms, registry);
    return registry.names(); // its parts run mechanisms of their own besides fig6's
  }

  /** The claims table itself (it reads the parts' cells). */
  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Claims();
  }

  /** The figure parts in order, then the claims table. */
  private List<Experiment> experiments(GridSetup s) {
    List<Experiment> todo = new ArrayList<>();
    for (String p : parts.stream().filter(p -> !List.of(AUDIT, IDS, DummiesClaim.PART).contains(p)).toList()) {
      todo.add(switch (p) {
        case "fig3" -> new Fig3(Fig3.DEFAULT_MAX_ITERATIONS, Fig6.REFERENCE_EPSILON);
        case "fig5" -> new Fig5(List.of("smlq", "privatemail"), Fig6.REFERENCE_EPSILON);
        case "fig6" -> new Fig6(names(mechanisms, s.registry()), epsilons, false);
        case "fig7" -> new Fig7(Fig7.DEFAULT_EPSILONS);
        default -> throw new IllegalArgumentException("--parts must be among fig3, fig5, fig6, fig7, ids, attack, "
            + "audit. Provided value: " + p);
      });
    }
    todo.add(experiment(s, mechanisms(s.registry())));
    return todo;
  }

  /**
   * Audits the run's private mechanisms (the subject of the claims always, under each calibration, so
   * the preset's and OFFICIAL_CODE's both) at ε = 0.1 and the run's δ, first seed, preset and noise
   * sampler into {@code DIR/audit}, reusing an audit there with the same settings.
   */
  private void audit(GridSetup s, PrintWriter err) throws IOException {
    List<String> names = names(mechanisms, s.registry());
    double eps = Fig6.REFERENCE_EPSILON;
    AuditSettings settings = AuditSettings.defaults(s.seeds().get(0), s.preset())
        .withSampler(s.params(eps).noiseSampler()).withPrivacy(eps, s.delta()).withTrials(auditTrials);
    List<String> audited = Targets.mechanisms(settings).stream()
        .filter(m -> s.registry().get(m).reporting().subject() || names.contains(m)).toList();
    Path dir = s.out().resolve(AuditFolder.SUBFOLDER);
    List<AuditRow> rows = AuditFolder.runOrReuse(dir, settings, audited, s.fresh(), r -> {
      err.println("pmbench audit: " + r.summary());
      err.flush();
    });
    AuditReport.writePage(dir, rows, AuditFolder.command(settings, audited, dir));
  }

  /** The {@code ids} part: fig6 at the reference ε for the registered mechanisms in the ids claim. */
  private static Fig6 idsPart(GridSetup s) {
    List<String> names = s.registry().names().stream().filter(n -> s.registry().get(n).reporting().idsClaim())
        .toList();
    return new Fig6(names, List.of(Fig6.REFERENCE_EPSILON), false);
  }

  /** The run's setup under the other label numbering, into DIR/ids. */
  private static GridSetup idsSetup(GridSetup s) {
    LabelNumbering other = s.protocol().labelNumbering() == LabelNumbering.JOINT ? LabelNumbering.PER_SPLIT
        : LabelNumbering.JOINT;
    return s.withProtocol(s.protocol().withLabelNumbering(other)).withOut(s.out().resolve(IDS));
  }

  /**
   * The dummies attack at ε = 0.1 on the run's seeds and queries into DIR/attack (recomputed only
   * when its attack.csv is missing): the run's mechanisms that declare it ({@code Reporting#dummiesAttacked}). A run
   * without dummy queries (the official-code pipeline) has nothing to attack; the claims row says so.
   */
  private void attack(GridSetup s, PrintWriter err) throws IOException {
    Path csv = s.out().resolve(DummiesClaim.PART).resolve("attack.csv");
    if (!s.protocol().dummies()) {
      err.println("pmbench claims: no dummy queries in this run (" + s.preset().cliName() + "): the attack part is "
          + "skipped");
      return;
    }
    if (Files.exists(csv)) {
      err.println("pmbench claims: reusing " + csv);
      return;
    }
    List<String> names = names(mechanisms, s.registry());
    List<EmbeddingMechanism> ms = names.stream().map(s.registry()::get).filter(m -> m.reporting().dummiesAttacked())
        .toList();
    if (ms.isEmpty()) {
      return;
    }
    err.println("pmbench claims: attacking the dummy queries of " + ms.stream().map(EmbeddingMechanism::name).toList());
    DummiesAttack attack = new DummiesAttack(new ProtocolRunner(s.data(), s.protocol()), s.preset().cliName());
    List<AttackRow> rows = attack.run(ms, s::params, List.of(DummiesAttack.CLAIM_EPSILON), s.seeds(), err);
    AtomicFiles.write(csv, w -> AttackRow.writeCsv(rows, w));
  }

  @Override
  Path compute(GridSetup s, PrintWriter err) throws IOException {
    List<Experiment> all = experiments(s);
    for (Experiment e : all) {
      e.validate(s);
    }
    if (parts.contains(AUDIT)) {
      audit(s, err);
    }
    List<Experiment> figures = all.subList(0, all.size() - 1);
    for (Experiment e : figures) {
      execute(e, s.withOut(s.out().resolve(e.name())), err);
    }
    if (parts.contains(IDS)) {
      execute(idsPart(s), idsSetup(s), err);
    }
    if (parts.contains(DummiesClaim.PART)) {
      attack(s, err);
    }
    return execute(all.get(all.size() - 1), s, err);
  }
}
