package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.attack.AttackRow.Release;
import io.pmbench.experiments.attack.AttackRow;
import io.pmbench.experiments.attack.DummiesAttack;
import io.pmbench.experiments.orchestration.ClaimParts;
import io.pmbench.reports.Interval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The claims row "dummies hide the query's class" (issue 22, deliverable 7) from the rows of
 * {@code pmbench attack-dummies} ({@link DummiesAttack}); the claims table reads them from the run's
 * {@code attack/attack.csv}.
 */
public final class DummiesClaim {
  /** The sub-directory of a claims run holding the attack's results. */
  public static final String PART = ClaimParts.ATTACK;

  private DummiesClaim() {}

  /** The row from {@code claimsDir/attack/attack.csv}, or "cannot test here" saying how to compute it. */
  public static ClaimRow of(Path claimsDir) {
    Path csv = claimsDir.resolve(PART).resolve("attack.csv");
    if (!java.nio.file.Files.exists(csv)) {
      return new ClaimRow(DummiesAttack.CLAIM_ID, "dummies hide the query's class (the server finds each class "
          + "equally likely)", "Algorithm 1 \"Obfuscation\", section 4", ClaimRow.CANNOT_TEST, "no " + PART
          + "/attack.csv in this run: run claims with the attack part (it needs dummy queries, which the "
          + "official-code pipeline has none of), or pmbench attack-dummies --out " + csv.getParent());
    }
    return row(csv);
  }

  /** The claims row "dummies hide the query's class" from a file written by {@code pmbench attack-dummies}. */
  public static ClaimRow row(Path attackCsv) {
    return row(AttackRow.readCsv(attackCsv));
  }

  /**
   * The claims row "dummies hide the query's class", judged on the client-shuffled release of
   * every mechanism that is the subject of the claims ({@link io.pmbench.core.mechanism.Reporting#subject()}) at ε = {@link DummiesAttack#CLAIM_EPSILON}, with the better of
   * the two class guesses ({@link AttackRow#classBest}): not reproduced when one interval lies
   * above 1/C + {@link DummiesAttack#CHANCE_MARGIN}; reproduced when every interval lies inside 1/C ± the
   * margin; otherwise {@link DummiesAttack#UNDECIDED}; "cannot test here" when no such row exists.
   */
  public static ClaimRow row(List<AttackRow> rows) {
    String claim = "dummies hide the query's class (the server finds each class equally likely)";
    String source = "Algorithm 1 \"Obfuscation\", section 4";
    List<AttackRow> judged = rows.stream().filter(r -> ReportPages.reporting(r.mechanism()).subject()
        && r.release() == Release.SHUFFLED && Math.abs(r.epsilon() - DummiesAttack.CLAIM_EPSILON) < 1e-12).toList();
    if (judged.isEmpty()) {
      String subjects = String.join(",", subjects());
      return new ClaimRow(DummiesAttack.CLAIM_ID, claim, source, ClaimRow.CANNOT_TEST, "no client-shuffled "
          + subjects + " row at eps " + DummiesAttack.CLAIM_EPSILON + "; run pmbench attack-dummies "
          + "--mechanisms " + subjects + " --epsilon " + DummiesAttack.CLAIM_EPSILON);
    }
    boolean above = judged.stream().anyMatch(r -> r.classBest().low() > r.classChance() + DummiesAttack.CHANCE_MARGIN);
    boolean inside = judged.stream().allMatch(r -> r.classBest().low() >= r.classChance() - DummiesAttack.CHANCE_MARGIN
        && r.classBest().high() <= r.classChance() + DummiesAttack.CHANCE_MARGIN);
    String verdict = above ? ClaimRow.NOT_REPRODUCED : inside ? ClaimRow.REPRODUCED : DummiesAttack.UNDECIDED;
    List<String> evidence = new ArrayList<>();
    for (AttackRow r : judged) {
      evidence.add(evidence(r, rows));
    }
    return new ClaimRow(DummiesAttack.CLAIM_ID, claim, source, verdict, String.join("; ", evidence));
  }

  /** The registered mechanisms that are the subject of the claims, in report order. */
  private static List<String> subjects() {
    return ReportPages.ordered(MechanismRegistry.discover().names()).stream()
        .filter(n -> ReportPages.reporting(n).subject()).toList();
  }

  private static String evidence(AttackRow r, List<AttackRow> all) {
    String text = String.format(Locale.ROOT, "%s at eps %s, rows shuffled by the client: the server guesses r's class"
            + " %s (%s guess) against chance 1/C = %.3f +- %.2f, and r's row %s against 1/m = %.3f",
        r.mechanism(), r.epsilon(), fmt(r.classBest()), r.classBestName(), r.classChance(), DummiesAttack.CHANCE_MARGIN,
        fmt(r.identify()), r.identifyChance());
    String asReleased = all.stream().filter(o -> o.mechanism().equals(r.mechanism()) && o.epsilon() == r.epsilon()
        && o.release() == Release.PROTOCOL).findFirst().map(DummiesClaim::asReleased).orElse("");
    return text + asReleased + String.format(Locale.ROOT, " (%d seeds x %d queries, %s, 95%% two-level bootstrap)",
        r.seeds().size(), r.queriesPerSeed(), r.dataset());
  }

  /**
   * The class guess when the server reads r at row 0; when even that is within chance + margin,
   * the release itself hides the class and the shuffled row says nothing about the dummies.
   */
  private static String asReleased(AttackRow o) {
    String text = "; as the protocol releases it (r at row 0) the class guess is " + fmt(o.classBest());
    return o.classBest().high() <= o.classChance() + DummiesAttack.CHANCE_MARGIN
        ? text + ", also at chance: the embedding itself hides r's class, so this row does not show that the dummies do"
        : text;
  }

  private static String fmt(Interval i) {
    return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", i.mean(), i.low(), i.high());
  }
}
