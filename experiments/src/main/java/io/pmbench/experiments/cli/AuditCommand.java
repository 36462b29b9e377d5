package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.experiments.audit.Audit;
import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditReport;
import io.pmbench.experiments.audit.AuditResults;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.audit.AuditSettings;
import io.pmbench.experiments.audit.Targets;
import io.pmbench.experiments.orchestration.RunPipeline;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench audit}: sensitivity audit and empirical ε lower bound of the private mechanisms. */
@Command(name = "audit", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Checks each private mechanism's privacy claim.",
    description = {"Checks each private mechanism's privacy claim on small data sets, through the mechanism's own "
        + "code (each noisy stage it opens to audit, one row per stage): searches neighbouring pairs for the "
        + "largest ||f(D) - f(D')|| against the claimed sensitivity (a ratio above 1 is a FAILED claim; the pair is "
        + "saved under DIR/pairs for --replay), then runs the noisy release many times on the worst pair and turns "
        + "a threshold test's Clopper-Pearson rates into a 95%% lower bound on the stage's epsilon; on the same runs "
        + "a trade-off curve (Gaussian DP for a Gaussian stage, the Laplace curve for a Laplace stage at its "
        + "claimed Delta, the (epsilon, delta) curve otherwise) is fitted to the errors at the midpoint threshold "
        + "and converted into a second 95%% lower bound (the f-DP columns; a claim fails when either bound exceeds "
        + "it). "
        + "Each stage is also audited at its claimed Delta (its noise on two means exactly Delta apart), and every "
        + "row reports tightness = lower bound / claimed epsilon, marking rows of low power. "
        + "Writes one cell per mechanism (DIR/cells, listed with its SHA-256 in DIR/run.json: a rerun resumes, "
        + "pmbench verify DIR checks them), DIR/audit.csv and DIR/report.html and prints the table. Under --noise-sampler secure a stage whose "
        + "one run draws more than " + AuditSettings.SECURE_HEAVY_DRAWS + " noise values (dp-dsne) runs at most "
            + AuditSettings.SECURE_HEAVY_TRIALS + " runs per side."})
public final class AuditCommand extends CliCommand {
  @Option(names = "--mechanism", split = ",", paramLabel = "NAME",
      description = "Comma list of private mechanisms, or 'all': every registered mechanism that reads epsilon and"
          + " opens noisy stages to audit (e.g. privatemail, private-rp, private-pca, public-pca). Default: all.")
  List<String> mechanisms = List.of("all");

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1", description = "Claimed epsilon. Default: ${DEFAULT-VALUE}.")
  double epsilon;

  @Option(names = "--delta", defaultValue = "1e-5", description = "Claimed delta. Default: ${DEFAULT-VALUE}.")
  double delta;

  @Option(names = "--trials", defaultValue = "20000", description = "Runs per data set. Default: ${DEFAULT-VALUE}.")
  int trials;

  @CommandLine.Mixin
  RootSeedOption root = new RootSeedOption();

  @Option(names = "--preset", defaultValue = "paper", paramLabel = "paper|official-code|corrected",
      description = "Fidelity preset of the audited mechanisms' parameters: its kernels and its calibration at"
          + " epsilon for every mechanism but privatemail (paper: CLASSIC below 1, ANALYTIC from 1; corrected:"
          + " ANALYTIC; official-code: OFFICIAL_CODE); privatemail is audited under each calibration."
          + " Default: ${DEFAULT-VALUE}.")
  String preset;

  @Option(names = "--noise-sampler", paramLabel = "standard|secure",
      description = "Noise sampler of the audited releases. Default: the preset's (secure for corrected,"
          + " standard otherwise).")
  String sampler;

  @Option(names = {"--out", "-o"}, defaultValue = "audit", paramLabel = "DIR",
      description = "Output folder. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = "--fresh", description = "Discard the cells and results of DIR and recompute every mechanism; "
      + "without it a rerun reuses the cells (one per mechanism) of the same settings, so a killed audit resumes, and "
      + "refuses DIR holding an audit of other settings.")
  boolean fresh;

  @Option(names = "--replay", paramLabel = "FILE", description = "Re-measure a saved pair instead of auditing.")
  Path replay;

  @Option(names = "--verbose", description = "Print stack traces of errors.")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = out();
    if (replay != null) {
      o.println(Audit.replay(replay));
      o.flush();
      return 0;
    }
    AuditSettings s = AuditSettings.defaults(root.seed, Preset.parse(preset)).withPrivacy(epsilon, delta)
        .withTrials(trials);
    if (sampler != null) {
      s = s.withSampler(NoiseSampler.parse(sampler));
    }
    List<String> names = mechanisms.size() == 1 && mechanisms.get(0).equals("all") ? Targets.mechanisms(s)
        : mechanisms;
    AuditFolder audit = new AuditFolder(out, s, names, fresh, r -> {
      o.println(r.summary());
      o.flush();
    });
    new RunPipeline(RunPipeline.Options.local(), err()).run(audit);
    List<AuditRow> rows = audit.rows();
    rows.stream().filter(r -> !r.verdict().equals("OK")).forEach(r -> o.println(AuditReport.failure(r)));
    o.println("Results: " + out.resolve(AuditResults.FILE).toAbsolutePath());
    o.println("Report: " + AuditReport.writePage(out, rows, audit.command()).toAbsolutePath());
    o.flush();
    return 0;
  }
}
