package io.pmbench.experiments.audit;

import io.pmbench.reports.HtmlReport;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The "Audit" section of an HTML report (every run report whose folder holds an audit, see
 * {@link AuditFolder#locate}), and the report page of {@code pmbench audit} itself: the audit
 * table, the failed claims stated plainly, and what the numbers mean.
 */
public final class AuditReport {
  /** The report file of an audit folder. */
  public static final String REPORT = "report.html";

  static final List<String> HEADER = List.of("mechanism", "calibration", "stage", "sampler", "claimed epsilon",
      "delta", "claimed Delta", "worst ||f(D) - f(D')||", "Delta ratio", "epsilon lower bound (95%)",
      "epsilon point estimate", "trials", "tightness", "f-DP curve", "f-DP parameter lower bound (95%)",
      "f-DP epsilon lower bound (95%)", "f-DP tightness", "power", "verdict", "pair");

  private AuditReport() {}

  /** One table row of {@code r}. */
  static List<String> cells(AuditRow r) {
    return List.of(r.mechanism(), r.calibration(), r.stage(), r.sampler(), num(r.claimedEpsilon()), num(r.delta()),
        num(r.claimedSensitivity()), num(r.worstSensitivity()), num(r.sensitivityRatio()), num(r.epsilonLower()),
        num(r.epsilonPoint()), Integer.toString(r.trials()), num(r.tightness()),
        r.fdp().map(f -> f.curve().cliName()).orElse("-"),
        r.fdp().map(f -> f.curve().parameterName() + " >= " + num(f.parameterLower())).orElse("-"),
        r.fdp().map(f -> num(f.epsilonLower())).orElse("-"), r.fdpTightness().map(AuditReport::num).orElse("-"),
        r.power(), r.verdict(),
        r.pairFile().equals("-") ? r.pair() : r.pair() + " (" + r.pairFile() + ")");
  }

  /**
   * Adds the "Audit" section for {@code rows} (read from {@code source}); nothing when there are
   * no rows.
   */
  public static void section(HtmlReport html, List<AuditRow> rows, Path source) {
    if (rows.isEmpty()) {
      return;
    }
    html.heading(2, "Audit");
    html.paragraph("pmbench audit (" + source + "): each noisy stage of each private mechanism, run through the "
        + "mechanism's own code on small data sets (40 rows of dimension 5). The sensitivity search looks for the "
        + "neighbouring pair (D, D') with the largest ||f(D) - f(D')||; a Delta ratio above 1 means the claimed "
        + "sensitivity is wrong. The noisy release is then run many times on that pair and a threshold test's "
        + "Clopper-Pearson rates give a lower bound on epsilon at 95% confidence (Jagielski et al. 2020, Nasr et "
        + "al. 2021); a bound above the claimed epsilon means the (epsilon, delta) claim is false. On the same runs "
        + "a trade-off curve (f-DP, Dong, Roth and Su 2019) is fitted at the threshold halfway between the two "
        + "noiseless releases, fixed before any run: Gaussian DP for a Gaussian stage, the Laplace curve for a "
        + "Laplace stage audited at its claimed Delta, the (epsilon, delta) curve otherwise. The test's errors "
        + "(false positives plus false negatives over both sides' runs) get a one-sided 95% Clopper-Pearson upper "
        + "bound; no test of a release on the curve errs less on average than the curve's fixed point, which "
        + "bounds its parameter (mu or epsilon), and mu becomes epsilon at the stage's delta by the exact GDP "
        + "duality (Nasr et al. 2023). The f-DP bound assumes the release has the curve's shape "
        + "(true for additive Gaussian or Laplace noise of any scale); the Clopper-Pearson bound assumes nothing. "
        + "Each exceeds an honest claim with probability at most 5%; the verdict fails a claim when either does. "
        + "An audit can "
        + "only refute a claim: OK means no pair or test contradicted it. Each stage is also audited " + "\""
        + Audit.AT_CLAIMED_DELTA + "\": its noise on two means exactly the claimed Delta apart, the most a "
        + "neighbouring pair may differ, so the bound can approach the claim. Tightness = lower bound / claimed "
        + "epsilon: how much of the claim the audit could have refuted; above 1 the claim is refuted. Power is "
        + "low when both tightnesses are below " + AuditRow.LOW_TIGHTNESS + " or the trials could not prove the "
        + "claimed epsilon even with no test error (a search row at a Delta ratio of 0.01 has almost no power). "
        + "A table written before the f-DP bound shows '-' in its columns.");
    List<List<String>> table = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (AuditRow r : rows) {
      table.add(cells(r));
      classes.add(r.verdict().equals("OK") ? "good" : "bad");
    }
    html.table(HEADER, table, classes);
    for (AuditRow r : rows) {
      if (!r.verdict().equals("OK")) {
        html.callout("warn", failure(r));
      }
    }
  }

  /** A plain statement of a failed claim with its numbers. */
  public static String failure(AuditRow r) {
    return String.format(Locale.ROOT, "FAILED CLAIM: %s (%s, %s) claims epsilon = %s at delta = %s; %s: Delta "
        + "ratio %.4f, epsilon lower bound %.3f (95%%, Clopper-Pearson)%s from %d runs per side; the pair is saved "
        + "in %s.", r.mechanism(), r.calibration(), r.stage(), num(r.claimedEpsilon()), num(r.delta()), r.verdict(),
        r.sensitivityRatio(), r.epsilonLower(), r.fdp().map(f -> String.format(Locale.ROOT, ", %.3f (95%%, %s)",
            f.epsilonLower(), f.curve().cliName())).orElse(""), r.trials(), r.pairFile());
  }

  /** Writes {@code dir/report.html} of an audit folder: the section and the command that reproduces it. */
  public static Path writePage(Path dir, List<AuditRow> rows, String command) throws IOException {
    HtmlReport html = new HtmlReport("Privacy audit of the private mechanisms");
    section(html, rows, dir.resolve(AuditResults.FILE));
    html.heading(2, "Reproducing this report");
    html.pre(command);
    html.pre("pmbench report " + dir);
    html.paragraph("Replay a saved pair's sensitivity check with pmbench audit --replay " + dir.resolve("pairs")
        + "/FILE.pair.");
    Path file = dir.resolve(REPORT);
    AtomicFiles.write(file, out -> out.write(html.render()));
    return file;
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.4g", v);
  }
}
