package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.Reporting;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The claims rows that explain where the recall comes from (issue 22; SPEC.md §7's controls,
 * §8's label numbering, §10's paired statistics). They are pmbench's readings, not the paper's
 * claims, and each states the paired differences behind its verdict:
 *
 * <ul>
 *   <li>{@code label-is-the-recall}: PrivateMail's recall is the query's label — privatemail
 *       equals {@code label-only} (|difference| within {@link Decision#MARGIN}) and beats
 *       {@code shuffled-labels} (which removes r's label), at ε = 0.1;
 *   <li>{@code label-ids-collide}: under per-split numbering a test class shares its id with an
 *       unrelated public class, and that collision is what buys recall — the per-split run beats
 *       the joint-numbering run for privatemail and label-only (pairs {@code fig6/} with the
 *       claims run's {@code ids/} part, same seeds and queries);
 *   <li>{@code plain-gaussian}: PrivateMail beats the plain Gaussian mechanism in a public basis
 *       ({@code public-pca}) at every ε of the grid, with the ε at which either beats
 *       {@code random}.
 * </ul>
 */
final class ExplainClaims {
  private static final String SOURCE = "pmbench reading (docs/SPEC.md sections 7, 8, 10)";
  /** The subject and the mechanisms these rows compare it with, each found by the role it declares. */
  private static final String SUBJECT = ReportPages.subject();
  private static final String LABEL_ONLY = ReportPages.playing(Reporting.Role.LABEL_ONLY);
  private static final String SHUFFLED = ReportPages.playing(Reporting.Role.SHUFFLED_LABELS);
  private static final String CHANCE = ReportPages.playing(Reporting.Role.CHANCE);

  private ExplainClaims() {}

  /** The three rows, from the fig6 part and (when computed) the ids part. */
  static List<ClaimRow> rows(RunView fig6, RunView ids) {
    return List.of(labelIsTheRecall(fig6), labelIdsCollide(fig6, ids), plainGaussian(fig6));
  }

  private static ClaimRow labelIsTheRecall(RunView v) {
    double eps = EpsilonGrid.REFERENCE_EPSILON;
    String claim = "PrivateMail's recall is the query's label: " + SUBJECT + " equals " + LABEL_ONLY + " (within +-"
        + Decision.MARGIN + ") and beats " + SHUFFLED + ", at epsilon = " + eps;
    Optional<BootstrapInterval> vsLabel = Comparison.diff(v, SUBJECT, LABEL_ONLY, eps);
    Optional<BootstrapInterval> vsShuffled = Comparison.diff(v, SUBJECT, SHUFFLED, eps);
    if (vsLabel.isEmpty() || vsShuffled.isEmpty()) {
      return new ClaimRow("label-is-the-recall", claim, SOURCE, ClaimRow.CANNOT_TEST,
          "needs " + SUBJECT + ", " + LABEL_ONLY + " and " + SHUFFLED + " in fig6");
    }
    Decision equal = Decision.equivalent(vsLabel.get());
    Decision beats = Decision.beats(vsShuffled.get());
    return new ClaimRow("label-is-the-recall", claim, SOURCE, equal.and(beats).label(),
        Comparison.show(SUBJECT, Comparison.at(v, SUBJECT, eps)) + "; "
            + Comparison.showDiff(v, SUBJECT, LABEL_ONLY, eps) + ": equal " + equal.label() + "; "
            + Comparison.showDiff(v, SUBJECT, SHUFFLED, eps) + ": beats " + beats.label());
  }

  private static ClaimRow labelIdsCollide(RunView fig6, RunView ids) {
    double eps = EpsilonGrid.REFERENCE_EPSILON;
    String claim = "label ids collide under per-split numbering (the official pipeline): the per-split run beats the"
        + " joint-numbering run for " + SUBJECT + " and " + LABEL_ONLY + ", at epsilon = " + eps;
    if (ids == null) {
      return new ClaimRow("label-ids-collide", claim, SOURCE, ClaimRow.CANNOT_TEST,
          "the ids part (the other label numbering) was not computed: rerun claims with --parts ...,ids");
    }
    boolean fig6PerSplit = numbering(fig6).equals("per-split");
    RunView perSplit = fig6PerSplit ? fig6 : ids;
    RunView joint = fig6PerSplit ? ids : fig6;
    Decision all = Decision.REPRODUCED;
    List<String> evidence = new ArrayList<>();
    for (String m : List.of(SUBJECT, LABEL_ONLY)) {
      Optional<BootstrapInterval> d = Comparison.paired(perSplit.cellsAt(m, eps), joint.cellsAt(m, eps), Stats.K);
      Decision dm = d.map(Decision::beats).orElse(Decision.UNDECIDED);
      all = all.and(dm);
      evidence.add(d.map(i -> Comparison.text(m + " per-split", m + " joint", i)).orElse(m + ": not computed")
          + ": " + dm.label());
    }
    evidence.add(CHANCE + ": per-split " + Comparison.at(perSplit, CHANCE, eps).map(Stats::text).orElse("-") + ", joint "
        + Comparison.at(joint, CHANCE, eps).map(Stats::text).orElse("-"));
    return new ClaimRow("label-ids-collide", claim, SOURCE, all.label(), String.join("; ", evidence));
  }

  private static ClaimRow plainGaussian(RunView v) {
    Optional<String> gaussian = ReportPages.withRole(Reporting.Role.PLAIN_GAUSSIAN);
    String claim = "PrivateMail beats the plain Gaussian mechanism in a public basis (" + gaussian.orElse("none "
        + "registered") + ") at every epsilon";
    List<String> ms = v.gridStrings("mechanisms");
    if (gaussian.isEmpty() || !ms.contains(gaussian.get()) || !ms.contains(SUBJECT)) {
      return new ClaimRow("plain-gaussian", claim, SOURCE, ClaimRow.CANNOT_TEST, "needs " + SUBJECT + " and "
          + gaussian.orElse("a mechanism playing " + Reporting.Role.PLAIN_GAUSSIAN) + " in fig6");
    }
    String plain = gaussian.get();
    Decision all = Decision.REPRODUCED;
    List<String> each = new ArrayList<>();
    List<String> pcaAbove = new ArrayList<>();
    List<String> pmAbove = new ArrayList<>();
    for (double e : v.gridNumbers("epsilons")) {
      Optional<Decision> d = Comparison.beats(v, SUBJECT, plain, e);
      if (d.isEmpty()) {
        continue;
      }
      all = all.and(d.get());
      each.add("eps " + e + ": " + Comparison.showDiff(v, SUBJECT, plain, e) + " " + d.get().label());
      if (Comparison.beats(v, plain, CHANCE, e).orElse(Decision.UNDECIDED) == Decision.REPRODUCED) {
        pcaAbove.add(Double.toString(e));
      }
      if (Comparison.beats(v, SUBJECT, CHANCE, e).orElse(Decision.UNDECIDED) == Decision.REPRODUCED) {
        pmAbove.add(Double.toString(e));
      }
    }
    return new ClaimRow("plain-gaussian", claim, SOURCE, each.isEmpty() ? ClaimRow.CANNOT_TEST : all.label(),
        String.join("; ", each) + "; " + plain + " beats " + CHANCE + " at epsilon " + list(pcaAbove) + "; " + SUBJECT
            + " beats " + CHANCE + " at epsilon " + list(pmAbove));
  }

  private static String list(List<String> l) {
    return l.isEmpty() ? "none" : String.join(", ", l);
  }

  private static String numbering(RunView v) {
    return v.manifest().config().path("protocol").path("labelNumbering").asText("joint");
  }
}
