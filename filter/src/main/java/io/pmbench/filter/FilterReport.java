package io.pmbench.filter;

import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.ResultWriter;
import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.LineFigure;
import io.pmbench.reports.figures.Series;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.Provenance;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Writes a filter run into a folder, through the same report machinery as the figures
 * (tablesaw CSV via {@link ResultWriter#writeCsv}, XChart PNG + SVG via {@link Charts}, the
 * self-contained {@link HtmlReport}, {@link ProvenanceJson}), every file atomically:
 * <ul>
 *   <li>{@value #ACCURACY_CSV}: one row per (case, mechanism, budget, classifier) — the
 *       accuracy-versus-budget table of both mechanisms and both cases;
 *   <li>{@value #RENYI_CSV}: Theorem 3 for each trained filter, Theorem 2 for its Gaussian
 *       mechanism;
 *   <li>{@value #TRAINING_CSV}: the game's per-epoch trace; {@value #GAMMA_CSV}: every trained
 *       Γ; {@value #ENCODER_CSV}: the encoder's spectrum;
 *   <li>{@code filter-<case>-<classifier>.png/.svg}: accuracy against b (the paper's Figure 7b
 *       layout); {@value #REPORT}; {@code provenance.json}; {@value #TIMINGS_CSV} (wall-clock
 *       seconds — the only file that differs between identical runs).
 * </ul>
 */
public final class FilterReport {
  public static final String ACCURACY_CSV = "filter-accuracy.csv";
  public static final String RENYI_CSV = "filter-renyi.csv";
  public static final String TRAINING_CSV = "filter-training.csv";
  public static final String GAMMA_CSV = "filter-gamma.csv";
  public static final String ENCODER_CSV = "filter-encoder.csv";
  public static final String TIMINGS_CSV = "timings.csv";
  public static final String REPORT = "report.html";
  /** The encoders side by side, written by {@code --encoder vae,ppca} ({@link #writeComparison}). */
  public static final String ENCODERS_CSV = "filter-encoders.csv";

  /** The PPCA encoder's statement (BASELINES.md §7: "stated as such"); each run states its own ({@link Encoder#note}). */
  public static final String ENCODER_NOTE = PpcaEncoder.NOTE;

  /** The PPCA encoder's column of every CSV row; each run writes its own ({@link Encoder#column}). */
  public static final String ENCODER_COLUMN = PpcaEncoder.COLUMN;

  private FilterReport() {}

  /** What the run was, for the report and provenance. */
  public record RunInfo(String datasetSpec, String datasetName, String datasetSha256, Map<String, String> fileChecksums,
      String licence, String commandLine, Provenance provenance) {}

  /** Writes every file into {@code dir} and returns the report's path. */
  public static Path write(Path dir, FilterExperiment.Config cfg, FilterExperiment.Results res, RunInfo info)
      throws IOException {
    Map<Path, AtomicFiles.Content> csv = new LinkedHashMap<>();
    csv.put(dir.resolve(ACCURACY_CSV), out -> ResultWriter.writeCsv(accuracyTable(info.datasetName(), res), out));
    csv.put(dir.resolve(RENYI_CSV), out -> ResultWriter.writeCsv(renyiTable(res), out));
    csv.put(dir.resolve(TRAINING_CSV), out -> ResultWriter.writeCsv(trainingTable(res), out));
    csv.put(dir.resolve(GAMMA_CSV), out -> ResultWriter.writeCsv(gammaTable(res), out));
    csv.put(dir.resolve(ENCODER_CSV), out -> ResultWriter.writeCsv(encoderTable(res.encoder()), out));
    csv.put(dir.resolve(TIMINGS_CSV), out -> ResultWriter.writeCsv(timingsTable(res), out));
    csv.put(dir.resolve(ResultWriter.PROVENANCE_JSON), out -> ProvenanceJson.write(info.provenance(), out));
    AtomicFiles.writeAll(csv);

    HtmlReport html = new HtmlReport("pmbench filter: the generative privatisation filter vs the Gaussian mechanism ("
        + info.datasetName() + ")");
    intro(html, cfg, res, info);
    for (LabelTask task : cfg.cases()) {
      caseSection(html, dir, task, res);
    }
    privacySection(html, cfg, res);
    trainingSection(html, res);
    simplifications(html, cfg, res.encoder());
    html.heading(2, "Provenance and timings");
    html.pre(info.commandLine());
    html.paragraph("Data set " + info.datasetName() + " (SHA-256 " + info.datasetSha256() + "); " + info.licence());
    html.paragraph("Git commit " + info.provenance().gitCommit() + (info.provenance().gitDirty() ? " (dirty)" : "")
        + ", Java " + info.provenance().javaVersion() + ", " + info.provenance().availableProcessors()
        + " processors. Wall-clock seconds (not reproducible; also in " + TIMINGS_CSV + "):");
    List<List<String>> t = new ArrayList<>();
    res.seconds().forEach((k, v) -> t.add(List.of(k, String.format(Locale.ROOT, "%.1f", v))));
    html.table(List.of("stage", "seconds"), t);
    Path report = dir.resolve(REPORT);
    AtomicFiles.write(report, out -> out.write(html.render()));
    return report;
  }

  private static void intro(HtmlReport html, FilterExperiment.Config cfg, FilterExperiment.Results res,
      RunInfo info) {
    html.paragraph("Reproduces the comparison of Chen, Navidi & Rajagopal, 'Generating private data with user "
        + "customization' (docs/BASELINES.md section 7), Figure 7b (Case 2) and Figure 3c (Case 1): private- and "
        + "utility-label accuracy of classifiers trained afresh on released latents, against the distortion budget "
        + "b, for the min-max-trained linear filter z~ = z + Gamma [w; onehot(y)] and for the Gaussian mechanism "
        + "z + N(0, s^2 I) at the same expected distortion.");
    FilterExperiment.EncoderSummary e = res.encoder();
    html.callout(e.name().equals("ppca") ? "warn" : "note", e.note());
    html.heading(2, "Encoder");
    html.paragraph(e.name().equals("ppca") ? String.format(Locale.ROOT, "PPCA (Tipping and Bishop 1999) fitted on all %d training rows of %s "
        + "(%d dimensions) -> q = %d latent dimensions: noise variance sigma^2 = %.4g, %.1f%% of the variance in the "
        + "top %d components. The encoder's distribution of a row's latent is N(z, Sigma) with Sigma = sigma^2 M^-1 "
        + "(diagonal, the same for every row); tr(Sigma^-1) = %.4g. Latents are clipped to the radius R = %s "
        + "(%.2f%% of training and %.2f%% of test latents were longer).", e.trainRows(), info.datasetName(),
        e.inputDim(), e.latentDim(), e.noiseVariance(), 100 * e.explainedVariance(), e.latentDim(),
        e.precisionTrace(), RenyiStatement.fmt(e.clipRadius()), 100 * e.clippedTrain(), 100 * e.clippedTest())
        : String.format(Locale.ROOT, "%s, trained on the %d training rows of %s. The encoder's distribution of a row's "
        + "latent is N(mu(x), diag sigma^2(x)), a covariance per row; the distortion of a release is 1/2 |z~ - mu(x)|^2 "
        + "in the norm of that row's sigma^-2, and its expectation over the game's rows uses the mean precision (over "
        + "all of them for the noise, over each private class for the class shift). tr(mean precision) = %.4g. "
        + "Latents (mu) are clipped to the radius R = %s (%.2f%% of training and %.2f%% of test latents were longer).",
        e.column(), e.trainRows(), info.datasetName(), e.precisionTrace(), RenyiStatement.fmt(e.clipRadius()),
        100 * e.clippedTrain(), 100 * e.clippedTest()));
    html.paragraph("The scale of b: the distortion is D = E 1/2 |z~ - z|^2 in the Sigma^-1 norm, so its scale is set "
        + "by the encoder's posterior variances (here " + RenyiStatement.fmt(e.posteriorVariances()[0]) + " to "
        + RenyiStatement.fmt(e.posteriorVariances()[e.latentDim() - 1]) + " against latents of variance about 1). "
        + (e.name().equals("ppca") ? "The paper's VAE has other posterior variances, so its budgets (0 to about 5) "
        + "are not comparable with these; the budgets here span the range from no visible effect to the Gaussian "
        + "mechanism's destroying both labels." : "The budgets of a PPCA run (encoder ppca) are on another scale."));
    html.heading(2, "Does the paper's finding reproduce?");
    html.paragraph("Finding of Figure 7b: the filter keeps utility accuracy while private accuracy falls; the Gaussian "
        + "mechanism at the same distortion lowers both. Judged at the largest budget: 'keeps' = utility within "
        + Finding.KEEP + " of the unreleased latent's; 'falls' = private accuracy at least " + Finding.FALL
        + " lower; the Gaussian mechanism 'lowers' a label when its accuracy is at least " + Finding.KEEP
        + " lower. Reported beside the verdict: the caption's stronger claim that at the same distortion the "
        + "Gaussian mechanism leaves the private label more accurate than the filter does.");
    List<String> lines = new ArrayList<>();
    for (LabelTask task : cfg.cases()) {
      for (Evaluator.Kind k : Evaluator.Kind.values()) {
        Finding.of(res.accuracy(), task.name(), k.label).ifPresent(f -> lines.add(f.sentence()));
      }
    }
    html.list(lines);
  }

  private static void caseSection(HtmlReport html, Path dir, LabelTask task, FilterExperiment.Results res)
      throws IOException {
    html.heading(2, task.title());
    for (Evaluator.Kind k : Evaluator.Kind.values()) {
      List<FilterExperiment.AccuracyRow> rows = res.accuracy().stream()
          .filter(r -> r.caseName().equals(task.name()) && r.classifier().equals(k.label)).toList();
      if (rows.isEmpty()) {
        continue;
      }
      html.heading(3, task.name() + ", " + k.label + " classifiers");
      html.table(List.of("mechanism", "b", "D (closed form)", "KL of output law", "D (test, empirical)", "s",
          "private acc", "+- se", "utility acc", "+- se"), rows.stream().map(r -> List.of(r.mechanism(),
          num(r.budget()), num(r.distortion()), num(r.outputKl()), num(r.empiricalDistortion()), num(r.noiseScale()),
          acc(r.privateAccuracy()), acc(r.privateSe()), acc(r.utilityAccuracy()), acc(r.utilitySe()))).toList());
      FilterExperiment.AccuracyRow first = rows.get(0);
      html.paragraph(String.format(Locale.ROOT, "Majority-class accuracy on test: private %.3f, utility %.3f. "
          + "Standard errors over %d releases (fresh noise and fresh classifiers each).", first.privateChance(),
          first.utilityChance(), first.repeats()));
      Optional<LineFigure> fig = figure(task, k, rows);
      if (fig.isPresent()) {
        String stem = "filter-" + task.name() + "-" + k.label;
        byte[] png = Charts.write(Charts.chart(fig.get()), dir, stem);
        html.figure(png, stem, fig.get().title() + " (" + stem + ".png / .svg). Error bars: +- 1.96 standard errors.");
      }
    }
  }

  private static Optional<LineFigure> figure(LabelTask task, Evaluator.Kind k, List<FilterExperiment.AccuracyRow> rows) {
    List<Series> series = new ArrayList<>();
    for (String mech : List.of("filter", "gaussian")) {
      List<FilterExperiment.AccuracyRow> m = rows.stream().filter(r -> r.mechanism().equals(mech)).toList();
      if (m.isEmpty()) {
        continue;
      }
      series.add(series(mech + ": private (" + task.privateName() + ")", m, true));
      series.add(series(mech + ": utility (" + task.utilityName() + ")", m, false));
    }
    if (series.isEmpty()) {
      return Optional.empty();
    }
    List<LineFigure.Marker> markers = new ArrayList<>();
    return Optional.of(new LineFigure(task.name() + ": accuracy of fresh " + k.label + " classifiers vs budget b",
        "distortion budget b (log scale)", "test accuracy", true, series, markers));
  }

  private static Series series(String label, List<FilterExperiment.AccuracyRow> rows, boolean priv) {
    double[] x = new double[rows.size()];
    double[] y = new double[rows.size()];
    double[] lo = new double[rows.size()];
    double[] hi = new double[rows.size()];
    boolean intervals = true;
    for (int i = 0; i < rows.size(); i++) {
      FilterExperiment.AccuracyRow r = rows.get(i);
      x[i] = r.budget();
      y[i] = priv ? r.privateAccuracy() : r.utilityAccuracy();
      double se = priv ? r.privateSe() : r.utilitySe();
      intervals &= Double.isFinite(se);
      lo[i] = y[i] - 1.96 * se;
      hi[i] = y[i] + 1.96 * se;
    }
    return intervals ? new Series(label, x, y, lo, hi) : Series.of(label, x, y);
  }

  private static void privacySection(HtmlReport html, FilterExperiment.Config cfg, FilterExperiment.Results res) {
    html.heading(2, "Renyi-DP statements (Theorem 3; Mironov's (alpha, epsilon) order)");
    html.paragraph("The paper writes (epsilon, alpha); pmbench writes Mironov's (alpha, epsilon). Conditions: a "
        + "bounded latent (z clipped to R, so L = 2R), AA^T of full rank (refused when its smallest eigenvalue is at "
        + "most " + RenyiStatement.RANK_TOLERANCE + " times its largest), and it is a per-sample (local) guarantee "
        + "between any two records (z, y), (z', y') — not docs/SPEC.md section 1's add/remove-one-row notion — with Gamma "
        + "treated as fixed and public (training Gamma on the data is not accounted for). The proof's step 32e is "
        + "false in general (RenyiStatement javadoc); the stated epsilon still holds for d >= 4 because of a slack "
        + "factor d, and the direct bound (alpha/2)(L/sqrt(sigma_min) + max |v_j - v_k| in the (AA^T)^-1 norm)^2 "
        + "holds for every d. The (epsilon, delta)-DP column optimises alpha in Mironov's Proposition 3 (the "
        + "paper's Corollary 4) at delta = " + cfg.delta() + ".");
    List<List<String>> rows = new ArrayList<>();
    for (FilterExperiment.RenyiRow r : res.renyi()) {
      for (RenyiStatement s : List.of(r.filter(), r.gaussian())) {
        rows.add(List.of(r.caseName(), num(r.budget()), s.mechanism(), s.holds() ? "holds" : "refused",
            num(s.sigmaMin()), num(s.tau()), num(s.epsilon()), num(s.epsilonDirect()), num(s.dpEpsilon()),
            num(s.dpEpsilonDirect())));
      }
    }
    html.table(List.of("case", "b", "mechanism", "conditions", "sigma_min(AA^T) or s^2", "tau = |V|_1",
        "epsilon at alpha = " + cfg.renyiAlpha() + " (stated)", "epsilon (direct)", "(eps, delta)-DP eps (stated)",
        "(eps, delta)-DP eps (direct)"), rows);
    List<String> lines = new ArrayList<>();
    for (FilterExperiment.RenyiRow r : res.renyi()) {
      lines.add(r.caseName() + ", b = " + num(r.budget()) + ", filter: " + r.filter().line());
      lines.add(r.caseName() + ", b = " + num(r.budget()) + ", Gaussian: " + r.gaussian().line());
    }
    html.list(lines);
  }

  private static void trainingSection(HtmlReport html, FilterExperiment.Results res) {
    html.heading(2, "The min-max game");
    html.paragraph("Last epoch of each game (the full trace is in " + TRAINING_CSV + "; every trained Gamma in "
        + GAMMA_CSV + "). The adversary's and the utility classifier's cross-entropies are those of the game's own "
        + "classifiers on the releases of that epoch.");
    List<List<String>> rows = new ArrayList<>();
    Map<String, FilterExperiment.TraceRow> last = new LinkedHashMap<>();
    for (FilterExperiment.TraceRow t : res.traces()) {
      last.put(t.caseName() + "|" + t.budget(), t);
    }
    for (FilterExperiment.TraceRow t : last.values()) {
      MinMaxTrainer.EpochTrace e = t.epoch();
      rows.add(List.of(t.caseName(), num(t.budget()), Integer.toString(e.epoch() + 1), num(e.lambda()),
          num(e.distortion()), num(e.adversaryLoss()), num(e.utilityLoss())));
    }
    html.table(List.of("case", "b", "epochs", "lambda", "D", "adversary CE", "utility CE"), rows);
  }

  private static void simplifications(HtmlReport html, FilterExperiment.Config cfg,
      FilterExperiment.EncoderSummary encoder) {
    GameConfig g = cfg.game();
    html.heading(2, "Simplifications and choices (differences from the paper)");
    html.list(List.of(
        encoder.name().equals("ppca")
            ? ENCODER_NOTE + " Its encoder distribution is the PPCA posterior N(M^-1 W^T (x - mu), sigma^2 M^-1)."
            : encoder.note() + " Trained with the negative ELBO of section 6.2 (Bernoulli likelihood, KL to N(0, I)) "
                + "without eq. 14's decoder-Lipschitz term (the paper uses eq. 14 for its high-dimensional data); "
                + "the training schedule is pmbench's (the paper gives none for the VAE); see docs/filter.md.",
        "Latents are clipped to R = " + RenyiStatement.fmt(cfg.clipRadius()) + " before any mechanism (the paper does "
            + "not clip; Theorem 3 needs it).",
        "Distortion: the expectation over w of the same-covariance KL 1/2 |z~ - z|^2 in the Sigma^-1 norm (the "
            + "paper's implementation, section 6.3.1), in closed form rather than a batch estimate.",
        "Penalty: " + g.penalty().label() + (g.penalty() == GameConfig.Penalty.ONE_SIDED
            ? " — lambda max(D - b, 0) + lambda max(D - b, 0)^2, the penalty of the paper's constraint D <= b; eq. 17 "
                + "as printed has (D - b)^2, which also penalises unused budget (penalty two-sided; see docs/filter.md)"
            : " — eq. 17 as printed: lambda max(D - b, 0) + lambda (D - b)^2") + ". lambda starts at "
            + RenyiStatement.fmt(g.lambdaStart()) + ", halves every " + g.halvingEpochs() + " epochs (the paper's "
            + "500 of 1,000, scaled), floor " + RenyiStatement.fmt(g.lambdaFloor()) + ".",
        "Game length: " + g.epochs() + " epochs over " + (cfg.filterRows() == 0 ? "all" : cfg.filterRows())
            + " training rows (paper: 1,000 epochs over 60,000), batch " + g.batch() + ", Adam " + g.learningRate()
            + ", beta = " + g.beta() + ", noise dimension m = " + g.noiseDim() + ".",
        "Game classifiers " + (g.hidden() == 0 ? "linear (softmax regression; the paper's MNIST game uses "
            + "FC(15)-ELU-FC, game classifier mlp)" : "FC(" + g.hidden() + ")-ELU-FC as in the paper")
            + "; each takes " + g.adversarySteps() + " Adam step(s) per filter step (the paper alternates; with one step the filter learns shifts that a "
            + "fresh classifier reads, see docs/filter.md), after " + g.warmupEpochs() + " warm-up epochs.",
        "Scoring: fresh softmax regression and FC(" + cfg.eval().hidden() + ")-ELU-FC networks trained on "
            + (cfg.evalRows() == 0 ? "all" : cfg.evalRows()) + " released training rows for " + cfg.eval().epochs()
            + " epochs (Adam " + cfg.eval().learningRate() + ", inputs standardised), tested on every released "
            + "test row; " + cfg.repeats() + " repeats.",
        "The Gaussian mechanism's s is set so that its expected distortion equals the trained filter's (which may "
            + "be below b under the one-sided penalty)."));
  }

  // ---- tables ----

  static Table accuracyTable(String dataset, FilterExperiment.Results res) {
    List<FilterExperiment.AccuracyRow> rows = res.accuracy();
    Table t = Table.create("filter-accuracy");
    t.addColumns(StringColumn.create("dataset", rows.stream().map(r -> dataset).toList()),
        StringColumn.create("case", rows.stream().map(FilterExperiment.AccuracyRow::caseName).toList()),
        StringColumn.create("mechanism", rows.stream().map(FilterExperiment.AccuracyRow::mechanism).toList()),
        doubles("budget", rows, FilterExperiment.AccuracyRow::budget),
        doubles("distortion", rows, FilterExperiment.AccuracyRow::distortion),
        doubles("output_kl", rows, FilterExperiment.AccuracyRow::outputKl),
        doubles("empirical_distortion_test", rows, FilterExperiment.AccuracyRow::empiricalDistortion),
        doubles("noise_scale", rows, FilterExperiment.AccuracyRow::noiseScale),
        StringColumn.create("classifier", rows.stream().map(FilterExperiment.AccuracyRow::classifier).toList()),
        doubles("private_accuracy", rows, FilterExperiment.AccuracyRow::privateAccuracy),
        doubles("private_se", rows, FilterExperiment.AccuracyRow::privateSe),
        doubles("utility_accuracy", rows, FilterExperiment.AccuracyRow::utilityAccuracy),
        doubles("utility_se", rows, FilterExperiment.AccuracyRow::utilitySe),
        IntColumn.create("repeats", rows.stream().mapToInt(FilterExperiment.AccuracyRow::repeats).toArray()),
        doubles("private_chance", rows, FilterExperiment.AccuracyRow::privateChance),
        doubles("utility_chance", rows, FilterExperiment.AccuracyRow::utilityChance),
        StringColumn.create("encoder", rows.stream().map(r -> res.encoder().column()).toList()));
    return t;
  }

  static Table renyiTable(FilterExperiment.Results res) {
    List<String[]> keys = new ArrayList<>();
    List<RenyiStatement> s = new ArrayList<>();
    for (FilterExperiment.RenyiRow r : res.renyi()) {
      for (RenyiStatement st : List.of(r.filter(), r.gaussian())) {
        keys.add(new String[] {r.caseName(), Double.toString(r.budget())});
        s.add(st);
      }
    }
    Table t = Table.create("filter-renyi");
    t.addColumns(StringColumn.create("case", keys.stream().map(k -> k[0]).toList()),
        DoubleColumn.create("budget", keys.stream().mapToDouble(k -> Double.parseDouble(k[1])).toArray()),
        StringColumn.create("mechanism", s.stream().map(RenyiStatement::mechanism).toList()),
        StringColumn.create("holds", s.stream().map(x -> Boolean.toString(x.holds())).toList()),
        IntColumn.create("d", s.stream().mapToInt(RenyiStatement::dim).toArray()),
        DoubleColumn.create("clip_radius", s.stream().mapToDouble(RenyiStatement::clipRadius).toArray()),
        DoubleColumn.create("sigma_min", s.stream().mapToDouble(RenyiStatement::sigmaMin).toArray()),
        DoubleColumn.create("tau", s.stream().mapToDouble(RenyiStatement::tau).toArray()),
        DoubleColumn.create("alpha", s.stream().mapToDouble(RenyiStatement::alpha).toArray()),
        DoubleColumn.create("epsilon_stated", s.stream().mapToDouble(RenyiStatement::epsilon).toArray()),
        DoubleColumn.create("epsilon_direct", s.stream().mapToDouble(RenyiStatement::epsilonDirect).toArray()),
        DoubleColumn.create("delta", s.stream().mapToDouble(RenyiStatement::delta).toArray()),
        DoubleColumn.create("dp_epsilon_stated", s.stream().mapToDouble(RenyiStatement::dpEpsilon).toArray()),
        DoubleColumn.create("dp_epsilon_direct", s.stream().mapToDouble(RenyiStatement::dpEpsilonDirect).toArray()),
        StringColumn.create("statement", s.stream().map(RenyiStatement::line).toList()));
    return t;
  }

  static Table trainingTable(FilterExperiment.Results res) {
    List<FilterExperiment.TraceRow> rows = res.traces();
    Table t = Table.create("filter-training");
    t.addColumns(StringColumn.create("case", rows.stream().map(FilterExperiment.TraceRow::caseName).toList()),
        DoubleColumn.create("budget", rows.stream().mapToDouble(FilterExperiment.TraceRow::budget).toArray()),
        IntColumn.create("epoch", rows.stream().mapToInt(r -> r.epoch().epoch()).toArray()),
        DoubleColumn.create("lambda", rows.stream().mapToDouble(r -> r.epoch().lambda()).toArray()),
        DoubleColumn.create("distortion", rows.stream().mapToDouble(r -> r.epoch().distortion()).toArray()),
        DoubleColumn.create("adversary_ce", rows.stream().mapToDouble(r -> r.epoch().adversaryLoss()).toArray()),
        DoubleColumn.create("utility_ce", rows.stream().mapToDouble(r -> r.epoch().utilityLoss()).toArray()));
    return t;
  }

  static Table gammaTable(FilterExperiment.Results res) {
    List<String> cases = new ArrayList<>();
    List<Double> budgets = new ArrayList<>();
    List<Integer> rowIdx = new ArrayList<>();
    List<String> blocks = new ArrayList<>();
    List<Integer> colIdx = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (FilterExperiment.FilterRow f : res.filters()) {
      LinearFilter lf = f.filter();
      double[] g = lf.gamma();
      int width = lf.noiseDim() + lf.classes();
      for (int r = 0; r < lf.dim(); r++) {
        for (int c = 0; c < width; c++) {
          cases.add(f.caseName());
          budgets.add(f.budget());
          rowIdx.add(r);
          blocks.add(c < lf.noiseDim() ? "A" : "V");
          colIdx.add(c < lf.noiseDim() ? c : c - lf.noiseDim());
          values.add(g[r * width + c]);
        }
      }
    }
    Table t = Table.create("filter-gamma");
    t.addColumns(StringColumn.create("case", cases),
        DoubleColumn.create("budget", budgets.stream().mapToDouble(Double::doubleValue).toArray()),
        StringColumn.create("block", blocks), IntColumn.create("row", rowIdx.stream().mapToInt(i -> i).toArray()),
        IntColumn.create("column", colIdx.stream().mapToInt(i -> i).toArray()),
        DoubleColumn.create("value", values.stream().mapToDouble(Double::doubleValue).toArray()));
    return t;
  }

  static Table encoderTable(FilterExperiment.EncoderSummary e) {
    int q = e.latentDim();
    int[] comp = new int[q];
    for (int i = 0; i < q; i++) {
      comp[i] = i + 1;
    }
    double[] sigma2 = new double[q];
    java.util.Arrays.fill(sigma2, e.noiseVariance());
    Table t = Table.create("filter-encoder");
    if (!e.name().equals("ppca")) {
      t.addColumns(IntColumn.create("component", comp), DoubleColumn.create("latent_mean_variance", e.eigenvalues()),
          DoubleColumn.create("posterior_variance", e.posteriorVariances()));
      return t;
    }
    t.addColumns(IntColumn.create("component", comp), DoubleColumn.create("eigenvalue", e.eigenvalues()),
        DoubleColumn.create("noise_variance", sigma2),
        DoubleColumn.create("posterior_variance", e.posteriorVariances()));
    return t;
  }

  static Table timingsTable(FilterExperiment.Results res) {
    Table t = Table.create("timings");
    t.addColumns(StringColumn.create("stage", new ArrayList<>(res.seconds().keySet())),
        DoubleColumn.create("seconds", res.seconds().values().stream().mapToDouble(Double::doubleValue).toArray()));
    return t;
  }

  private static DoubleColumn doubles(String name, List<FilterExperiment.AccuracyRow> rows,
      java.util.function.ToDoubleFunction<FilterExperiment.AccuracyRow> f) {
    return DoubleColumn.create(name, rows.stream().mapToDouble(f).toArray());
  }

  static String num(double v) {
    return Double.isNaN(v) ? "" : RenyiStatement.fmt(v);
  }

  static String acc(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }

  /**
   * One row per (encoder, case, classifier, budget): the distortion the filter used and the private
   * and utility accuracy of the filter, the Gaussian mechanism at that distortion and the
   * unreleased latent — the paper's Figure 7b (Case 2) and 3c (Case 1) for each encoder.
   */
  static Table comparisonTable(FilterExperiment.Config cfg, Map<String, FilterExperiment.Results> byEncoder) {
    List<List<String>> rows = comparisonRows(cfg, byEncoder);
    String[] names = {"encoder", "case", "classifier", "budget", "distortion", "filter_private", "filter_utility",
        "gaussian_private", "gaussian_utility", "unreleased_private", "unreleased_utility"};
    Table t = Table.create("filter-encoders");
    for (int c = 0; c < names.length; c++) {
      int col = c;
      if (c < 3) {
        t.addColumns(StringColumn.create(names[c], rows.stream().map(r -> r.get(col)).toList()));
      } else {
        t.addColumns(DoubleColumn.create(names[c], rows.stream().mapToDouble(r -> Double.parseDouble(r.get(col)))
            .toArray()));
      }
    }
    return t;
  }

  private static List<List<String>> comparisonRows(FilterExperiment.Config cfg,
      Map<String, FilterExperiment.Results> byEncoder) {
    List<List<String>> rows = new ArrayList<>();
    byEncoder.forEach((encoder, res) -> {
      for (LabelTask task : cfg.cases()) {
        for (Evaluator.Kind k : Evaluator.Kind.values()) {
          FilterExperiment.AccuracyRow none = pick(res, task.name(), k.label, "none", 0);
          for (double b : cfg.budgets()) {
            FilterExperiment.AccuracyRow f = pick(res, task.name(), k.label, "filter", b);
            FilterExperiment.AccuracyRow g = pick(res, task.name(), k.label, "gaussian", b);
            rows.add(List.of(encoder, task.name(), k.label, Double.toString(b), Double.toString(f.distortion()),
                Double.toString(f.privateAccuracy()), Double.toString(f.utilityAccuracy()),
                Double.toString(g.privateAccuracy()), Double.toString(g.utilityAccuracy()),
                Double.toString(none.privateAccuracy()), Double.toString(none.utilityAccuracy())));
          }
        }
      }
    });
    return rows;
  }

  private static FilterExperiment.AccuracyRow pick(FilterExperiment.Results res, String caseName, String classifier,
      String mechanism, double budget) {
    return res.accuracy().stream().filter(r -> r.caseName().equals(caseName) && r.classifier().equals(classifier)
        && r.mechanism().equals(mechanism) && r.budget() == budget).findFirst().orElseThrow();
  }

  /** Writes {@value #ENCODERS_CSV} into {@code dir}. */
  public static void writeComparison(Path dir, FilterExperiment.Config cfg,
      Map<String, FilterExperiment.Results> byEncoder) throws IOException {
    AtomicFiles.write(dir.resolve(ENCODERS_CSV), out -> ResultWriter.writeCsv(comparisonTable(cfg, byEncoder), out));
  }

  /** The encoders side by side for the 2-layer scoring classifiers (all families: {@value #ENCODERS_CSV}). */
  public static String comparisonConsole(FilterExperiment.Config cfg, Map<String, FilterExperiment.Results> byEncoder) {
    StringBuilder sb = new StringBuilder("Encoders compared (mlp classifiers; private / utility accuracy)\n");
    sb.append(String.format(Locale.ROOT, "%-7s %-6s %7s %9s %15s %15s %15s%n", "encoder", "case", "b", "D", "filter",
        "gaussian", "unreleased"));
    for (List<String> r : comparisonRows(cfg, byEncoder)) {
      if (r.get(2).equals(Evaluator.Kind.MLP.label)) {
        sb.append(String.format(Locale.ROOT, "%-7s %-6s %7s %9s %7s/%-7s %7s/%-7s %7s/%-7s%n", r.get(0), r.get(1),
            num(Double.parseDouble(r.get(3))), num(Double.parseDouble(r.get(4))), acc3(r.get(5)), acc3(r.get(6)),
            acc3(r.get(7)), acc3(r.get(8)), acc3(r.get(9)), acc3(r.get(10))));
      }
    }
    return sb.toString();
  }

  private static String acc3(String v) {
    return acc(Double.parseDouble(v));
  }

  /** The console summary: the accuracy tables of both cases and the finding lines. */
  public static String console(FilterExperiment.Config cfg, FilterExperiment.Results res) {
    StringBuilder sb = new StringBuilder();
    sb.append(res.encoder().note()).append("\n\n");
    for (LabelTask task : cfg.cases()) {
      for (Evaluator.Kind k : Evaluator.Kind.values()) {
        sb.append(task.title()).append(" — ").append(k.label).append(" classifiers\n");
        sb.append(String.format(Locale.ROOT, "%-9s %9s %10s %9s %8s %8s %8s%n", "mechanism", "b", "D", "s", "private",
            "utility", "repeats"));
        for (FilterExperiment.AccuracyRow r : res.accuracy()) {
          if (r.caseName().equals(task.name()) && r.classifier().equals(k.label)) {
            sb.append(String.format(Locale.ROOT, "%-9s %9s %10s %9s %8.3f %8.3f %8d%n", r.mechanism(), num(r.budget()),
                num(r.distortion()), num(r.noiseScale()), r.privateAccuracy(), r.utilityAccuracy(), r.repeats()));
          }
        }
        sb.append('\n');
      }
    }
    for (LabelTask task : cfg.cases()) {
      for (Evaluator.Kind k : Evaluator.Kind.values()) {
        Finding.of(res.accuracy(), task.name(), k.label).ifPresent(f -> sb.append(f.sentence()).append('\n'));
      }
    }
    return sb.toString();
  }
}
