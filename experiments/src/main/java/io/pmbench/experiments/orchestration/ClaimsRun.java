package io.pmbench.experiments.orchestration;

import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.experiments.attack.AttackFolder;
import io.pmbench.experiments.attack.DummiesAttack;
import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditReport;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.audit.AuditSettings;
import io.pmbench.experiments.audit.Targets;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@code claims} run: its parts, each run (or resumed) through the {@link RunPipeline} into its
 * own sub-directory ({@link ClaimParts}), then the claims table over them. The figure parts are
 * the figures' ({@link Figures}, handed in by the command); {@code ids}, {@code attack} and
 * {@code audit} are the run's own.
 */
public final class ClaimsRun {
  /**
   * What a claims run was asked for.
   *
   * @param parts the parts to compute, in the order given (those not computed are 'cannot test here')
   * @param mechanisms fig6's mechanisms, checked against the registry ('all' expanded)
   * @param epsilons fig6's ε values
   * @param auditTrials runs per data set of the audit part's ε lower bounds
   */
  public record Request(List<String> parts, List<String> mechanisms, List<Double> epsilons, int auditTrials) {
    public Request {
      parts = List.copyOf(parts);
      mechanisms = List.copyOf(mechanisms);
      epsilons = List.copyOf(epsilons);
    }
  }

  /**
   * The experiments a claims run is made of, supplied by the figures (so that this package names
   * none of them).
   */
  public interface Figures {
    /** The figure parts, in {@link ClaimParts#FIGURES} order: each the experiment it runs into DIR/name. */
    Map<String, Function<Request, Experiment>> parts();

    /** The {@code ids} part's experiment: fig6 at the reference ε for {@code mechanisms}. */
    Experiment ids(List<String> mechanisms);

    /** The claims table itself, which reads the parts' cells. */
    Experiment table();
  }

  private ClaimsRun() {}

  /**
   * Runs (or resumes) the parts of {@code r} into sub-directories of {@code s.out()}, then the
   * claims table into {@code s.out()}; returns that directory. Every experiment is validated, and
   * every part name checked, before anything runs.
   */
  public static Path run(RunPipeline pipeline, Figures catalog, GridSetup s, Request r) throws IOException {
    Map<String, Function<Request, Experiment>> named = catalog.parts();
    List<Experiment> figures = new ArrayList<>();
    for (String p : r.parts().stream().filter(p -> !List.of(AuditFolder.SUBFOLDER, ClaimParts.IDS, ClaimParts.ATTACK)
        .contains(p)).toList()) {
      Function<Request, Experiment> part = named.get(p);
      if (part == null) {
        throw new IllegalArgumentException("--parts must be among " + String.join(", ", named.keySet()) + ", "
            + ClaimParts.IDS + ", " + ClaimParts.ATTACK + ", " + AuditFolder.SUBFOLDER + ". Provided value: " + p);
      }
      figures.add(part.apply(r));
    }
    Experiment claims = catalog.table();
    for (Experiment e : figures) {
      e.validate(s);
    }
    claims.validate(s);
    PrintWriter err = pipeline.err();
    if (r.parts().contains(AuditFolder.SUBFOLDER)) {
      audit(pipeline, s, r, err);
    }
    for (Experiment e : figures) {
      pipeline.run(e, s.withOut(s.out().resolve(e.name())));
    }
    if (r.parts().contains(ClaimParts.IDS)) {
      pipeline.run(idsPart(catalog, s), idsSetup(s));
    }
    if (r.parts().contains(ClaimParts.ATTACK)) {
      attack(pipeline, s, r, err);
    }
    return pipeline.run(claims, s);
  }

  /**
   * Audits the run's private mechanisms (the subject of the claims always, under each calibration, so
   * the preset's and OFFICIAL_CODE's both) at ε = 0.1 and the run's δ, first seed, preset and noise
   * sampler into {@code DIR/audit}, reusing an audit there with the same settings.
   */
  private static void audit(RunPipeline pipeline, GridSetup s, Request r, PrintWriter err) throws IOException {
    double eps = EpsilonGrid.REFERENCE_EPSILON;
    AuditSettings settings = AuditSettings.defaults(s.seeds().get(0), s.preset())
        .withSampler(s.params(eps).noiseSampler()).withPrivacy(eps, s.delta()).withTrials(r.auditTrials());
    List<String> audited = Targets.mechanisms(settings).stream()
        .filter(m -> s.registry().get(m).reporting().subject() || r.mechanisms().contains(m)).toList();
    Path dir = s.out().resolve(AuditFolder.SUBFOLDER);
    java.util.Optional<List<AuditRow>> legacy = AuditFolder.legacyRows(dir, settings, audited, s.fresh());
    if (legacy.isPresent()) {
      err.println("pmbench claims: reusing " + dir.resolve(io.pmbench.experiments.audit.AuditResults.FILE));
      AuditReport.writePage(dir, legacy.get(), AuditFolder.command(settings, audited, dir));
      return;
    }
    AuditFolder audit = new AuditFolder(dir, settings, audited, s.fresh(), row -> {
      err.println("pmbench audit: " + row.summary());
      err.flush();
    });
    pipeline.run(audit);
    AuditReport.writePage(dir, audit.rows(), audit.command());
  }

  /** The {@code ids} part: fig6 at the reference ε for the registered mechanisms in the ids claim. */
  private static Experiment idsPart(Figures catalog, GridSetup s) {
    List<String> names = s.registry().names().stream().filter(n -> s.registry().get(n).reporting().idsClaim())
        .toList();
    return catalog.ids(names);
  }

  /** The run's setup under the other label numbering, into DIR/ids. */
  private static GridSetup idsSetup(GridSetup s) {
    LabelNumbering other = s.protocol().labelNumbering() == LabelNumbering.JOINT ? LabelNumbering.PER_SPLIT
        : LabelNumbering.JOINT;
    return s.withProtocol(s.protocol().withLabelNumbering(other)).withOut(s.out().resolve(ClaimParts.IDS));
  }

  /**
   * The dummies attack at ε = 0.1 on the run's seeds and queries into DIR/attack, as cells ({@link
   * AttackFolder}: a rerun resumes; an attack folder written before cells is reused as it is): the run's mechanisms that declare it ({@code Reporting#dummiesAttacked}). A run
   * without dummy queries (the official-code pipeline) has nothing to attack; the claims row says so.
   */
  private static void attack(RunPipeline pipeline, GridSetup s, Request r, PrintWriter err) throws IOException {
    Path dir = s.out().resolve(ClaimParts.ATTACK);
    if (!s.protocol().dummies()) {
      err.println("pmbench claims: no dummy queries in this run (" + s.preset().cliName() + "): the attack part is "
          + "skipped");
      return;
    }
    if (AttackFolder.legacy(dir) && !s.fresh()) {
      err.println("pmbench claims: reusing " + dir.resolve(AttackFolder.CSV));
      return;
    }
    List<EmbeddingMechanism> ms = r.mechanisms().stream().map(s.registry()::get)
        .filter(m -> m.reporting().dummiesAttacked()).toList();
    if (ms.isEmpty()) {
      return;
    }
    err.println("pmbench claims: attacking the dummy queries of " + ms.stream().map(EmbeddingMechanism::name).toList());
    pipeline.run(new AttackFolder(s.withOut(dir), ms, List.of(DummiesAttack.CLAIM_EPSILON), err));
  }
}
