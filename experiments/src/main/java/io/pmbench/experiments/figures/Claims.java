package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.Reporting;
import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditResults;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.orchestration.ClaimParts;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.GridEntries;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.BootstrapInterval;
import io.pmbench.reports.Decision;
import io.pmbench.reports.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The claims table (SPEC.md §9): one row per claim of the paper, each "reproduced", "not
 * reproduced", "undecided (n too small)" or "cannot test here" with the numbers behind it,
 * derived from the cells of the run's sub-directories {@code fig3/}, {@code fig5/}, {@code fig6/}
 * and {@code fig7/} (each a resumable run of its own).
 *
 * <p>Every comparison of two mechanisms is a paired difference A − B of Recall@8 on the same
 * seeds and queries with its 95% two-level bootstrap interval ({@link Comparison#paired}),
 * judged by {@link Decision#beats} ("A beats B": reproduced when the interval lies above 0, not
 * reproduced when it lies at or below {@link Decision#MARGIN}, otherwise undecided) as SPEC.md
 * §10 prescribes; the evidence column prints each difference with its interval and sample size.
 */
public final class Claims implements Experiment {
  /** The mechanism the claims are about, from its {@code Reporting} (PrivateMail). */
  private static final String SUBJECT = ReportPages.subject();
  /** The mechanisms the readings compare the subject with, each found by the role it declares. */
  private static final String LABEL_ONLY = ReportPages.playing(Reporting.Role.LABEL_ONLY);
  private static final String FEATURES = ReportPages.playing(Reporting.Role.RAW_FEATURES);
  private static final String NO_NOISE = ReportPages.playing(Reporting.Role.NON_PRIVATE_EMBEDDING);
  private static final String CHANCE = ReportPages.playing(Reporting.Role.CHANCE);
  /** Sub-directories holding the figure runs. */
  public static final List<String> PARTS = ClaimParts.FIGURES;
  /**
   * The sub-directory of the run's label-reading mechanisms at the reference ε under the other
   * label numbering (SPEC.md §8): the "label ids collide" claim pairs it with fig6.
   */
  public static final String IDS_PART = ClaimParts.IDS;
  /** The paper's iteration count for convergence (Figure 3: "5 to 7 iterations"). */
  public static final int PAPER_CONVERGENCE_ITERATIONS = 7;
  private static final String FIG5_STABLE = "fig5-k-alpha-stable";
  private static final String FIG5_SIGMA = "fig5-sigma-search";
  private static final String FIG5_SOURCE = "Figure 5, Effect of k, alpha, sigma";
  private static final String CEILING_SOURCE = "issue 35: the mechanism's privacy claim; Appendix B's neighbours";


  @Override
  public ExperimentKind kind() {
    return ExperimentKind.CLAIMS;
  }

  @Override
  public Map<String, Object> grid(GridSetup s) {
    return GridEntries.of(Map.entry("parts", PARTS), Map.entry("seeds", s.seeds()));
  }

  @Override
  public List<Sweep.Task> tasks(GridSetup setup, Cells cells) {
    return List.of();
  }

  /** The views of the parts that exist (rendering each part's own report first when asked). */
  static Map<String, RunView> parts(Path dir, boolean render) throws IOException {
    Map<String, RunView> out = new LinkedHashMap<>();
    for (Map.Entry<String, Path> p : ClaimParts.existing(dir).entrySet()) {
      if (render) {
        Reports.render(p.getValue());
      }
      out.put(p.getKey(), Reports.view(p.getValue()));
    }
    return out;
  }

  /** Every claim row, from whichever parts exist. */
  public static List<ClaimRow> rows(Map<String, RunView> parts) {
    List<ClaimRow> rows = new ArrayList<>();
    RunView f3 = parts.get("fig3");
    RunView f5 = parts.get("fig5");
    RunView f6 = parts.get("fig6");
    RunView f7 = parts.get("fig7");
    rows.add(f3 == null ? missing("fig3-convergence", "SMLQ converges in 5 to 7 iterations", "Figure 3, section 4")
        : convergence(f3));
    rows.add(f3 == null ? missing("theorem1-monotone", "v(X_t) never increases (monotonic convergence)",
        "Theorem 1, Appendix C") : monotone(f3));
    if (f6 == null) {
      rows.add(missing("fig6-vs-private", "PrivateMail beats every private baseline", "Figure 6, Evaluation"));
    } else {
      rows.addAll(fig6Rows(f6));
      rows.addAll(ceilingRows(Ceilings.points(f6)));
      rows.addAll(ExplainClaims.rows(f6, parts.get(IDS_PART)));
    }
    rows.addAll(f5 == null ? List.of(missing(FIG5_STABLE, "tuning of k and alpha is stable", FIG5_SOURCE),
        missing(FIG5_SIGMA, "sigma needs a grid search", FIG5_SOURCE)) : fig5Rows(f5));
    rows.add(f7 == null ? missing("fig7-alignment", "alignment improves as less noise is added", "Figure 7")
        : alignment(f7));
    rows.addAll(dataRows(parts.values().stream().flatMap(v -> v.cells().keySet().stream())
        .map(CellKey::dataset).findFirst()));
    return rows;
  }

  /** The paper's data sets with the prefix pmbench's image layouts give their feature sets' names. */
  private static final Map<String, String> PAPER_SETS = new LinkedHashMap<>(Map.of(
      "CUB-200-2011", "cub200", "CARS196", "cars196", "CIFAR-100", "cifar100"));

  /**
   * One row per data set of the paper: "cannot test here" without the paper's CGD / ResNet-50
   * feature files; on a run over that data set's images with features of another network (a
   * feature set pmbench extracted, named e.g. {@code cifar100-squeezenet1-1}) it says "judged on
   * stand-in features", names the network ({@link #standIn}) and points to the rows that judge
   * the paper's statements on those features; it never claims the paper's own features were tested.
   */
  static List<ClaimRow> dataRows(Optional<String> runSet) {
    List<ClaimRow> rows = new ArrayList<>();
    for (String ds : List.of("CUB-200-2011", "CARS196", "CIFAR-100")) {
      String id = "data-" + ds.toLowerCase(Locale.ROOT);
      String claim = "Figures 3, 5, 6 and 7 on " + ds;
      String missing = "the paper's CGD / ResNet-50 feature files for " + ds + " are not available here "
          + "(docs/DATASETS.md section 4.4)";
      Optional<String> here = runSet.filter(n -> n.toLowerCase(Locale.ROOT).startsWith(PAPER_SETS.get(ds)));
      rows.add(here.isPresent()
          ? new ClaimRow(id, claim, "Figures 3, 5, 6, 7", ClaimRow.STAND_IN, "this run is on " + ds + " images with "
              + "stand-in features: " + standIn(here.get()) + " (feature set " + here.get() + "), not the paper's "
              + "CGD / ResNet-50 features; the rows " + String.join(", ", STAND_IN_ROWS) + " judge the paper's "
              + "Figure 6 statements on these features (and the fig5-* rows Figure 5's, when fig5 was computed); "
              + "none of them tests the paper's own features: " + missing)
          : new ClaimRow(id, claim, "Figures 3, 5, 6, 7", ClaimRow.CANNOT_TEST, missing
              + "; bring them with --dataset npy:... and rerun claims"));
    }
    return rows;
  }

  /** The rows that judge Figure 6's statements, named by a stand-in data row. */
  private static final List<String> STAND_IN_ROWS = List.of("fig6-vs-private", "fig6-vs-private-all-eps",
      "fig6-order", "fig6-above-chance", "fig6-approaches-nonprivate", "fig6-meets-nonprivate");

  /**
   * The network behind a feature set pmbench extracted, read from its name as {@code features
   * extract} and {@code features learn} write it ({@code <set>-squeezenet1-1}, then
   * {@code -head<d>} for a learned projection head): e.g. "SqueezeNet 1.1 ImageNet-pretrained
   * features (fire9, 512-d) through a learned 64-d projection head trained on the train classes".
   */
  static String standIn(String featureSet) {
    String n = featureSet.toLowerCase(Locale.ROOT);
    String net = n.contains("squeezenet1-1") ? "SqueezeNet 1.1 ImageNet-pretrained features (fire9, 512-d)"
        : "another network's features (named in the feature set's descriptor)";
    Matcher head = Pattern.compile("-head(\\d+)$").matcher(n);
    return head.find() ? net + " through a learned " + head.group(1) + "-d projection head trained on the train classes"
        : net;
  }

  /**
   * One row per audited (mechanism, calibration, stage) of the run's {@code audit/} sub-folder
   * ({@link io.pmbench.experiments.audit.AuditFolder}): "privacy claim holds under audit" is
   * reproduced when neither the sensitivity search nor the ε lower bound contradicts the stated
   * (ε, δ), not reproduced when one does; one "cannot test here" row without an audit.
   */
  public static List<ClaimRow> auditRows(Optional<List<AuditRow>> audit) {
    String source = "the mechanism's stated (epsilon, delta); pmbench audit (issue 9)";
    if (audit.isEmpty() || audit.get().isEmpty()) {
      return List.of(new ClaimRow("audit", "privacy claims hold under audit", source, ClaimRow.CANNOT_TEST,
          "no audit/ folder in this run (run claims with the audit part, or pmbench audit --out DIR/audit)"));
    }
    List<ClaimRow> rows = new ArrayList<>();
    for (AuditRow r : audit.get()) {
      boolean atDelta = r.pair().equals(io.pmbench.experiments.audit.Audit.AT_CLAIMED_DELTA);
      String id = ("audit-" + r.mechanism() + "-" + r.calibration() + "-" + r.stage() + (atDelta ? "-at-claimed-delta"
          : "")).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "");
      rows.add(new ClaimRow(id, "privacy claim holds under audit: " + r.mechanism() + " (" + r.calibration() + ", "
          + r.stage() + (atDelta ? ", its calibration at the claimed Delta" : "") + ") is (epsilon, delta)-DP as "
          + "stated", source, r.verdict().equals("OK") ? ClaimRow.REPRODUCED
          : ClaimRow.NOT_REPRODUCED, String.format(Locale.ROOT, "Delta ratio %.4f (worst %.4g vs claimed %.4g); epsilon "
          + "lower bound %.3f [95%% one-sided, point estimate %s] vs claimed epsilon %s at delta %s; %d runs "
          + "per side, %s sampler; tightness %.3f%s (power %s); %s", r.sensitivityRatio(), r.worstSensitivity(),
          r.claimedSensitivity(), r.epsilonLower(), pointEstimate(r.epsilonPoint()), r.claimedEpsilon(), r.delta(),
          r.trials(), r.sampler(), r.tightness(), fdpEvidence(r), r.power(), r.verdict())));
    }
    return rows;
  }

  /** The f-DP bound's part of an audit row's evidence ("" for a row of a table written before it). */
  static String fdpEvidence(AuditRow r) {
    return r.fdp().map(f -> String.format(Locale.ROOT, "; %s fit: %s >= %.4f, epsilon lower bound %.3f [95%% "
        + "one-sided], tightness %.3f", f.curve().cliName(), f.curve().parameterName(), f.parameterLower(),
        f.epsilonLower(), f.epsilonLower() / r.claimedEpsilon())).orElse("");
  }

  /**
   * The ε point estimate as the claims table prints it: an infinite one (a measured error rate of
   * the threshold test is 0, so the rates alone bound nothing) says so instead of "Infinity"
   * beside a lower bound of 0; the lower bound is the audit's result.
   */
  static String pointEstimate(double epsilonPoint) {
    return Double.isInfinite(epsilonPoint) ? "unbounded: an error rate measured 0"
        : String.format(Locale.ROOT, "%.3f", epsilonPoint);
  }

  /** The run's audit rows ({@code dir/audit/audit.csv}), if it has them. */
  static Optional<List<AuditRow>> audit(Path dir) throws IOException {
    Path file = dir.resolve(AuditFolder.SUBFOLDER).resolve(AuditResults.FILE);
    return Files.exists(file) ? Optional.of(AuditResults.read(file)) : Optional.empty();
  }

  private static ClaimRow missing(String id, String claim, String source) {
    return new ClaimRow(id, claim, source, ClaimRow.CANNOT_TEST, "the part of the run this claim needs was not computed");
  }

  private static ClaimRow convergence(RunView v) {
    FigureReadings.IterationSummary s = FigureReadings.iterations(v);
    String claim = "SMLQ converges in 5 to 7 iterations (Recall@8 stops changing)";
    if (s.convergedAt() == 0) {
      return new ClaimRow("fig3-convergence", claim, "Figure 3, section 4", ClaimRow.CANNOT_TEST, "no finished fig3 cells");
    }
    int max = s.recall().size();
    String evidence = String.format(Locale.ROOT, "Recall@8 within %.2f of its t = %d value (%s) from t = %d on; "
        + "R@8 at t = 1: %s, t = 6 (1 + T): %s", FigureReadings.CONVERGENCE_TOLERANCE, max, s.recall().get(max - 1)
        .map(Stats::text).orElse("-"), s.convergedAt(), s.recall().get(0).map(Stats::text).orElse("-"),
        max >= 6 ? s.recall().get(5).map(Stats::text).orElse("-") : "-");
    return new ClaimRow("fig3-convergence", claim, "Figure 3, section 4",
        s.convergedAt() <= PAPER_CONVERGENCE_ITERATIONS ? ClaimRow.REPRODUCED : ClaimRow.NOT_REPRODUCED, evidence);
  }

  private static ClaimRow monotone(RunView v) {
    FigureReadings.IterationSummary s = FigureReadings.iterations(v);
    boolean ok = s.serverIncreases() == 0 && s.clientIncreases() == 0;
    return new ClaimRow("theorem1-monotone", "the SMLQ update never increases v(X_t)", "Theorem 1, Appendix C",
        s.clientQueries() == 0 ? ClaimRow.CANNOT_TEST : ok ? ClaimRow.REPRODUCED : ClaimRow.NOT_REPRODUCED,
        String.format(Locale.ROOT, "server: %d increases over %d seeds x %d iterations (largest relative change "
            + "%.3g); client: %d of %d queries increased at some iteration", s.serverIncreases(), v.seeds().size(),
            s.recall().size(), s.largestRelativeIncrease(), s.clientIncreases(), s.clientQueries()));
  }

  /**
   * Private baselines: mechanisms other than the subject of the claims
   * ({@link io.pmbench.core.mechanism.Reporting#subject()}) whose cells at ε claim (ε, δ)- or ε-DP.
   */
  private static List<String> privateBaselines(RunView v, double eps) {
    List<String> out = new ArrayList<>();
    for (String m : v.gridStrings("mechanisms")) {
      if (ReportPages.reporting(m).subject()) {
        continue;
      }
      List<CellRecord> cs = v.cellsAt(m, eps);
      if (cs.stream().anyMatch(c -> c.ok() && (c.claim().guarantee().equals("APPROXIMATE_DP")
          || c.claim().guarantee().equals("PURE_DP")))) {
        out.add(m);
      }
    }
    return out;
  }

  /** "privatemail beats every private baseline at ε": the worst of the pairwise verdicts. */
  private static Decision beatsAll(RunView v, List<String> baselines, double eps) {
    Decision all = Decision.REPRODUCED;
    for (String b : baselines) {
      all = all.and(Comparison.beats(v, SUBJECT, b, eps).orElse(Decision.UNDECIDED));
    }
    return all;
  }

  /**
   * The paired interval of the chance control − {@code b} at ε when it lies above 0 (baseline
   * {@code b} retrieves below chance: beating it says nothing about a privacy-utility trade-off);
   * empty otherwise, or when the chance control was not computed.
   */
  private static Optional<BootstrapInterval> belowChanceBy(RunView v, String b, double eps) {
    return Comparison.diff(v, CHANCE, b, eps).filter(d -> Decision.beats(d) == Decision.REPRODUCED);
  }

  /** True when baseline {@code b} retrieves below chance at ε ({@link #belowChanceBy}). */
  static boolean retrievesBelowChance(RunView v, String b, double eps) {
    return belowChanceBy(v, b, eps).isPresent();
  }

  /** The note beside {@code b}'s comparison when it retrieves below chance at ε, so the row's reader knows; else empty. */
  static String belowChance(RunView v, String b, double eps) {
    return belowChanceBy(v, b, eps).map(d -> " (note: " + b + " retrieves below chance, " + Comparison.text(CHANCE, b, d)
        + ": beating it shows no utility)").orElse("");
  }

  private static List<ClaimRow> fig6Rows(RunView v) {
    List<ClaimRow> rows = new ArrayList<>();
    double eps = EpsilonGrid.REFERENCE_EPSILON;
    Optional<BootstrapInterval> pm = Comparison.at(v, SUBJECT, eps);
    String src = "Figure 6, Evaluation";
    // 1. PrivateMail beats every private baseline at epsilon = 0.1 (Table 2's epsilon).
    List<String> baselines = privateBaselines(v, eps);
    List<String> refused = new ArrayList<>();
    for (String m : v.gridStrings("mechanisms")) {
      if (v.cellsAt(m, eps).stream().anyMatch(c -> !c.ok())) {
        refused.add(m + " (" + v.cellsAt(m, eps).stream().filter(c -> !c.ok()).findFirst().orElseThrow()
            .message() + ")");
      }
    }
    String claim = "PrivateMail has a better privacy-utility trade-off than every private baseline (at epsilon = 0.1)";
    if (pm.isEmpty() || baselines.isEmpty()) {
      rows.add(new ClaimRow("fig6-vs-private", claim, src, ClaimRow.CANNOT_TEST, pm.isEmpty() ? SUBJECT + " not computed"
          : "no private baseline registered or computed at epsilon = 0.1" + (refused.isEmpty() ? ""
              : "; refused: " + String.join("; ", refused))));
    } else {
      List<String> each = new ArrayList<>();
      for (String b : baselines) {
        each.add(Comparison.showDiff(v, SUBJECT, b, eps) + ": " + ClaimRow.verdict(Comparison.beats(v, SUBJECT, b, eps))
            + belowChance(v, b, eps));
      }
      rows.add(new ClaimRow("fig6-vs-private", claim, src, beatsAll(v, baselines, eps).label(),
          Comparison.show(SUBJECT, pm) + "; " + String.join("; ", each) + (refused.isEmpty() ? ""
              : "; refused at this epsilon: " + String.join("; ", refused))));
    }
    // 2. At every epsilon of the grid.
    List<String> perEps = new ArrayList<>();
    Decision everyEps = Decision.REPRODUCED;
    int tested = 0;
    boolean anyBelow = false;
    for (double e : v.gridNumbers("epsilons")) {
      List<String> bs = privateBaselines(v, e);
      if (Comparison.at(v, SUBJECT, e).isEmpty() || bs.isEmpty()) {
        continue;
      }
      tested++;
      Decision d = beatsAll(v, bs, e);
      everyEps = everyEps.and(d);
      List<String> below = bs.stream().filter(b -> retrievesBelowChance(v, b, e)).toList();
      anyBelow |= !below.isEmpty();
      perEps.add("eps " + e + ": " + d.label() + (below.isEmpty() ? "" : " (below chance: " + String.join(", ", below)
          + ")"));
    }
    rows.add(new ClaimRow("fig6-vs-private-all-eps", "PrivateMail beats every private baseline at every epsilon "
        + "(substantially at high privacy)", src, tested == 0 ? ClaimRow.CANNOT_TEST : everyEps.label(), tested == 0
        ? "no private baseline computed" : tested + " epsilons; " + String.join(", ", perEps) + (anyBelow ? "; below "
        + "chance: baselines that retrieve below the " + CHANCE + " control at that epsilon (paired interval of "
        + CHANCE + " - baseline above 0), so beating them shows no utility" : "")));
    // 3. Features matter: privatemail vs label-only.
    List<String> diffs = new ArrayList<>();
    for (double e : v.gridNumbers("epsilons")) {
      Comparison.diff(v, SUBJECT, LABEL_ONLY, e).ifPresent(d -> diffs.add("eps " + e + ": " + d.text() + " "
          + Decision.beats(d).label()));
    }
    rows.add(new ClaimRow("features-matter", "the released features carry retrieval utility: " + SUBJECT + " beats the "
        + LABEL_ONLY + " control at epsilon = 0.1 (the paired 95% interval of " + SUBJECT + " - " + LABEL_ONLY
        + " lies above 0; "
        + "implicit in the paper: PrivateMail's L_Y uses the labels)", "docs/SPEC.md section 5.4; Figure 6",
        ClaimRow.verdict(Comparison.beats(v, SUBJECT, LABEL_ONLY, eps)), Comparison.show(SUBJECT, pm) + "; "
        + Comparison.show(LABEL_ONLY, Comparison.at(v, LABEL_ONLY, eps)) + "; " + Comparison.showDiff(v, SUBJECT, LABEL_ONLY, eps)
        + "; per epsilon: " + String.join(", ", diffs)));
    // 4. features > smlq >= privatemail.
    Optional<Decision> order = Comparison.beats(v, FEATURES, NO_NOISE, eps)
        .flatMap(f -> Comparison.beats(v, SUBJECT, NO_NOISE, eps).map(p -> f.and(p.not())));
    Optional<Decision> smlqAboveChance = Comparison.beats(v, NO_NOISE, CHANCE, eps);
    String chance = smlqAboveChance.isPresent() && smlqAboveChance.get() != Decision.REPRODUCED
        ? "; note: " + NO_NOISE + " itself does not beat the " + CHANCE + " control ("
            + Comparison.showDiff(v, NO_NOISE, CHANCE, eps) + "), so comparisons with " + NO_NOISE
            + " are between chance-level embeddings" : "";
    rows.add(new ClaimRow("fig6-order", "non-private CGD features > non-private SMLQ >= PrivateMail (at epsilon = 0.1)",
        src, ClaimRow.verdict(order), Comparison.showDiff(v, FEATURES, NO_NOISE, eps) + "; " + Comparison.showDiff(v, SUBJECT, NO_NOISE, eps)
        + " (" + NO_NOISE + " >= " + SUBJECT + " holds unless " + SUBJECT + " beats " + NO_NOISE + ")" + chance));
    // 5. Above chance.
    rows.add(new ClaimRow("fig6-above-chance", "PrivateMail retrieves better than chance at epsilon = 0.1 (implicit)", src,
        ClaimRow.verdict(Comparison.beats(v, SUBJECT, CHANCE, eps)), Comparison.show(SUBJECT, pm) + "; "
        + Comparison.showDiff(v, SUBJECT, CHANCE, eps)));
    // 6. Approaches the non-private SMLQ at the largest epsilon.
    List<Double> es = v.gridNumbers("epsilons");
    double big = es.get(es.size() - 1);
    rows.add(new ClaimRow("fig6-approaches-nonprivate", "PrivateMail approaches the non-private methods as epsilon grows "
        + "(reaches them on CIFAR-100)", src, ClaimRow.verdict(Comparison.beats(v, NO_NOISE, SUBJECT, big).map(Decision::not)),
        "at epsilon = " + big + ": " + Comparison.showDiff(v, NO_NOISE, SUBJECT, big) + " (reproduced when " + NO_NOISE
        + " does not beat " + SUBJECT + ": the interval of " + NO_NOISE + " - " + SUBJECT + " lies at or below "
        + Decision.MARGIN + ")"
        + chance));
    rows.add(meetsNonPrivate(v, chance));
    return rows;
  }

  /**
   * The non-private methods of Figure 6 that pmbench registers, by their declared roles: the raw
   * features, the subject without noise, and the non-private baselines (t-SNE).
   */
  private static final List<String> NON_PRIVATE = ReportPages.withAnyRole(java.util.EnumSet.of(
      Reporting.Role.RAW_FEATURES, Reporting.Role.NON_PRIVATE_EMBEDDING, Reporting.Role.NON_PRIVATE_BASELINE));

  /**
   * "It even meets the non-private performance on CIFAR-100 at much higher levels of privacy
   * (lower ε's)" (Evaluation, below Figure 6): at ε = 0.1, for every non-private method computed,
   * the paired interval of (that method − PrivateMail) lies at or below {@link Decision#MARGIN};
   * the worst of those verdicts, with every ε of the grid in the evidence.
   */
  private static ClaimRow meetsNonPrivate(RunView v, String chance) {
    double eps = EpsilonGrid.REFERENCE_EPSILON;
    String claim = "PrivateMail even meets the non-private performance at much higher levels of privacy "
        + "(stated for CIFAR-100; judged at epsilon = " + eps + ")";
    List<String> computed = NON_PRIVATE.stream().filter(m -> Comparison.diff(v, m, SUBJECT, eps).isPresent()).toList();
    if (computed.isEmpty()) {
      return new ClaimRow("fig6-meets-nonprivate", claim, "Evaluation, Figure 6", ClaimRow.CANNOT_TEST,
          "neither " + SUBJECT + " nor a non-private method (" + String.join(", ", NON_PRIVATE) + ") computed at epsilon = " + eps);
    }
    Decision all = Decision.REPRODUCED;
    List<String> each = new ArrayList<>();
    for (String m : computed) {
      Decision d = Comparison.beats(v, m, SUBJECT, eps).map(Decision::not).orElse(Decision.UNDECIDED);
      all = all.and(d);
      List<String> perEps = new ArrayList<>();
      for (double e : v.gridNumbers("epsilons")) {
        Comparison.beats(v, m, SUBJECT, e).ifPresent(b -> perEps.add(e + ": " + b.not().label()));
      }
      each.add(Comparison.showDiff(v, m, SUBJECT, eps) + ": " + d.label() + " (per epsilon: " + String.join(", ", perEps)
          + ")");
    }
    return new ClaimRow("fig6-meets-nonprivate", claim, "Evaluation, Figure 6", all.label(), String.join("; ", each)
        + " (reproduced when no non-private method beats " + SUBJECT + ": each interval of method - " + SUBJECT + " lies at "
        + "or below " + Decision.MARGIN + ")" + chance);
  }

  /**
   * One row per (mechanism, ε) whose cells state a guarantee with a ceiling (issue 35): Recall@8
   * − min(1, e<sup>ε′</sup>·R_indep@8 + δ′) as a paired §10 interval, judged "exceeds the DP
   * ceiling" (the interval lies above 0: evidence the release is not DP for the query as stated),
   * "within the DP ceiling" (it lies at or below {@link Decision#MARGIN}) or undecided; one
   * "cannot test here" row per mechanism whose cells keep no top-K lists. A claim that assumes
   * the labels public also gets its features-only reading in the evidence.
   */
  static List<ClaimRow> ceilingRows(List<Ceilings.Point> points) {
    List<ClaimRow> rows = new ArrayList<>();
    java.util.Set<String> unavailable = new java.util.HashSet<>();
    for (Ceilings.Point p : Ceilings.distinct(points)) {
      if (!p.replacement().bounded() || p.recall().isEmpty()) {
        continue;
      }
      if (p.excess().isEmpty()) {
        if (unavailable.add(p.mechanism())) {
          rows.add(new ClaimRow(("dp-ceiling-" + p.mechanism()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"),
              p.mechanism() + " stays under the ceiling its stated guarantee (" + p.guarantee() + ") puts on Recall@"
                  + Stats.K + " for the whole query (features and label)", CEILING_SOURCE, ClaimRow.CANNOT_TEST,
              "cells stored before pmbench-cell/2 keep no top-K lists, so R_indep and the ceiling cannot be computed"
                  + " from them: rerun into a new directory (or with --fresh) to judge this"));
        }
        continue;
      }
      String id = ("dp-ceiling-" + p.mechanism() + "-eps-" + p.epsilon()).toLowerCase(Locale.ROOT)
          .replaceAll("[^a-z0-9]+", "-");
      String claim = p.mechanism() + " at epsilon = " + p.epsilon() + " stays under the ceiling its stated guarantee"
          + " (" + p.guarantee() + ") puts on Recall@" + Stats.K + " for the whole query (features and label)";
      String evidence = Ceilings.text(p) + "; " + p.replacement().explanation()
          + (p.labelsPublic() ? "; " + Ceilings.featuresOnlyReading(p) : "");
      rows.add(new ClaimRow(id, claim, CEILING_SOURCE, p.verdict().orElseThrow(), evidence));
    }
    return rows;
  }

  private static List<ClaimRow> fig5Rows(RunView v) {
    List<FigureReadings.Curve> curves = FigureReadings.curves(v);
    StringBuilder ranges = new StringBuilder();
    boolean stable = true;
    boolean computed = true;
    double kaMax = 0;
    double sigmaMin = Double.POSITIVE_INFINITY;
    for (FigureReadings.Curve c : curves) {
      double r = c.range();
      computed &= Double.isFinite(r);
      ranges.append(String.format(Locale.ROOT, "%s/%s %.3f; ", c.knob(), c.mechanism(), r));
      if (!c.knob().equals("sigma")) {
        stable &= r <= FigureReadings.STABLE_RANGE;
        kaMax = Math.max(kaMax, r);
      } else {
        sigmaMin = Math.min(sigmaMin, r);
      }
    }
    String ev = "range (max - min of mean Recall@8) per parameter: " + ranges;
    return List.of(
        new ClaimRow(FIG5_STABLE, "tuning of k and alpha is stable (Recall@8 varies by at most "
            + FigureReadings.STABLE_RANGE + ")", FIG5_SOURCE, !computed ? ClaimRow.CANNOT_TEST
            : stable ? ClaimRow.REPRODUCED : ClaimRow.NOT_REPRODUCED, ev),
        new ClaimRow(FIG5_SIGMA, "sigma needs a grid search (Recall@8 varies more over sigma than over k and "
            + "alpha)", FIG5_SOURCE, !computed ? ClaimRow.CANNOT_TEST : sigmaMin > kaMax
            ? ClaimRow.REPRODUCED : ClaimRow.NOT_REPRODUCED, ev));
  }

  private static ClaimRow alignment(RunView v) {
    List<CellRecord> panels = FigureReadings.panels(v);
    List<Double> residuals = new ArrayList<>();
    StringBuilder ev = new StringBuilder();
    for (CellRecord c : panels) {
      if (c.ok()) {
        double r = c.extras().get("alignmentResidual")[0];
        residuals.add(r);
        ev.append(String.format(Locale.ROOT, "%s: %.3f; ", FigureReadings.panelName(c), r));
      }
    }
    boolean decreasing = residuals.size() >= 2;
    for (int i = 1; i < residuals.size(); i++) {
      decreasing &= residuals.get(i) <= residuals.get(i - 1);
    }
    return new ClaimRow("fig7-alignment", "alignment improves as less noise is added (residual falls as epsilon grows)",
        "Figure 7", residuals.size() < 2 ? ClaimRow.CANNOT_TEST : decreasing ? ClaimRow.REPRODUCED : ClaimRow.NOT_REPRODUCED,
        "alignment residual (one query, first seed): " + ev);
  }

  @Override
  public void render(RunView v, HtmlReport html) throws IOException {
    Map<String, RunView> parts = parts(v.dir(), true);
    List<ClaimRow> rows = new ArrayList<>(rows(parts));
    rows.add(DummiesClaim.of(v.dir()));
    rows.addAll(auditRows(audit(v.dir())));
    List<List<String>> table = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (ClaimRow r : rows) {
      table.add(List.of(r.id(), r.claim(), r.source(), r.verdict(), r.evidence()));
      classes.add(r.verdict().equals(ClaimRow.REPRODUCED) ? "good" : r.verdict().equals(ClaimRow.NOT_REPRODUCED) ? "bad" : "na");
    }
    ReportPages.writeCsv(v.dir().resolve("claims.csv"), List.of("id", "claim", "source", "verdict", "evidence"),
        table);
    RunView main = parts.getOrDefault("fig6", parts.values().stream().findFirst().orElse(v));
    ReportPages.intro(main, html, "Each claim of the PrivateMail paper that this harness can test, judged on the "
        + "cells of this run (sub-directories " + String.join(", ", parts.keySet()) + "). The table says what the "
        + "numbers show, not what the paper says.");
    html.heading(2, "Claims");
    for (Map.Entry<String, RunView> e : parts.entrySet()) {
      Reports.incomplete(e.getValue()).ifPresent(line -> html.callout("warn", e.getKey() + ": " + line));
    }
    html.table(List.of("id", "claim", "source", "verdict", "evidence"), table, classes);
    html.callout("warn", ReportPages.LABEL_CAVEAT);
    html.heading(2, "Table 2: defaults used");
    html.table(Table2.HEADER, Table2.rows(main.manifest().config()));
    Table2.write(v.dir().resolve("table2.csv"), main.manifest().config());
    for (Map.Entry<String, RunView> e : parts.entrySet()) {
      html.heading(2, e.getKey() + " (see " + e.getKey() + "/report.html)");
      for (String png : pngs(e.getValue().dir())) {
        html.figure(Files.readAllBytes(e.getValue().dir().resolve(png)), png, png);
      }
      if (e.getKey().equals("fig6")) {
        html.pre(Experiments.of(e.getValue().manifest()).console(e.getValue()));
      }
    }
    List<CellRecord> all = new ArrayList<>();
    parts.values().forEach(p -> all.addAll(p.cells().values()));
    ReportPages.privacy(html, all);
    ReportPages.preset(main, html);
    html.heading(2, "Reproducing this report");
    html.pre(v.manifest().commandLine());
    html.pre("pmbench report " + v.dir());
    html.paragraph("Each part is a resumable run of its own; its report.html lists its configuration, seeds, data "
        + "checksums and commit.");
  }

  private static List<String> pngs(Path dir) throws IOException {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png")).sorted().toList();
    }
  }

  @Override
  public String console(RunView v) {
    List<ClaimRow> rows;
    StringBuilder sb = new StringBuilder();
    try {
      Map<String, RunView> parts = parts(v.dir(), false);
      rows = new ArrayList<>(rows(parts));
      rows.add(DummiesClaim.of(v.dir()));
      rows.addAll(auditRows(audit(v.dir())));
      for (Map.Entry<String, RunView> e : parts.entrySet()) {
        Reports.incomplete(e.getValue()).ifPresent(line -> sb.append(e.getKey()).append(": ").append(line).append('\n'));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    for (ClaimRow r : rows) {
      sb.append(String.format(Locale.ROOT, "%-28s %-23s %s%n    %s%n", r.id(), r.verdict(), r.claim(), r.evidence()));
    }
    return sb.toString();
  }
}
