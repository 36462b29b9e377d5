package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The {@code pmbench filter} experiment (BASELINES.md §7): the seed paper's Figure 7b comparison
 * (and its Case-1 counterpart, Figure 3c) on a 10-class data set.
 *
 * <ol>
 *   <li>Fit the fixed {@link Encoder} with q latent dimensions — {@link PpcaEncoder}, or the
 *       paper's VAE ({@link VaeEncoder}) — on the training rows; encode train and test (the
 *       posterior mean, and the posterior variance that measures distortion); clip each latent to
 *       radius R (Theorem 3 needs a bounded latent).
 *   <li>For each case ({@link LabelTask}) and each budget b: train the filter by the min–max
 *       game ({@link MinMaxTrainer}) on a seeded sample of the training rows; release the
 *       evaluation rows and the test rows through it (fresh w); and release them through the
 *       Gaussian mechanism whose expected distortion equals the filter's ({@link
 *       GaussianKl#gaussianScale}).
 *   <li>Score every release ({@link Evaluator}): private- and utility-label accuracy on the
 *       released test rows of classifiers (linear and 2-layer) trained afresh on the released
 *       evaluation rows; repeated with fresh noise and fresh classifiers; mean and standard
 *       error over repeats. The unreleased latent ("none") is scored the same way.
 *   <li>State Theorem 3 for each trained filter and Theorem 2 for the matching Gaussian
 *       mechanism ({@link RenyiStatement}).
 * </ol>
 *
 * <p>Every random draw comes from a stream derived from the root seed and the (case, budget,
 * mechanism, repeat, purpose) path, and tasks run in parallel without sharing state, so the
 * results do not depend on the number of threads or their timing.
 */
public final class FilterExperiment {
  private FilterExperiment() {}

  /**
   * The experiment's configuration.
   *
   * @param latentDim q, the encoder's latent dimension (paper: 10 on MNIST)
   * @param clipRadius R, the radius latents are clipped to (positive infinity: no clipping, and
   *     Theorem 3 is refused)
   * @param budgets the distortion budgets b, ascending, each ≥ 0
   * @param game the min–max training
   * @param filterRows training rows the filter's game uses (a seeded sample), 0 for all
   * @param eval the fresh classifiers
   * @param evalRows released training rows the fresh classifiers are fitted on (a seeded
   *     sample), 0 for all
   * @param repeats releases (with fresh noise and fresh classifiers) per score
   * @param cases the label tasks, in report order
   * @param renyiAlpha the reported Rényi order α &gt; 1
   * @param delta δ of the (ε, δ) conversion
   * @param seed the root seed
   * @param threads worker threads (results do not depend on it)
   */
  public record Config(int latentDim, double clipRadius, List<Double> budgets, GameConfig game, int filterRows,
      EvalConfig eval, int evalRows, int repeats, List<LabelTask> cases, double renyiAlpha, double delta, long seed,
      int threads) {
    public Config {
      Preconditions.positive(latentDim, "latent dimension");
      Preconditions.require(clipRadius > 0, "clip radius", "> 0 (or infinite for no clipping)",
          clipRadius);
      budgets = List.copyOf(budgets);
      Preconditions.require(!budgets.isEmpty(), "budgets", "non-empty", budgets);
      for (int i = 0; i < budgets.size(); i++) {
        Preconditions.nonNegativeFinite(budgets.get(i), "budget b");
        Preconditions.require(i == 0 || budgets.get(i) > budgets.get(i - 1), "budgets",
            "strictly ascending", budgets);
      }
      Preconditions.require(filterRows >= 0, "filter rows", ">= 0 (0 = all)", filterRows);
      Preconditions.require(evalRows >= 0, "evaluation rows", ">= 0 (0 = all)", evalRows);
      Preconditions.positive(repeats, "repeats");
      cases = List.copyOf(cases);
      Preconditions.require(!cases.isEmpty(), "cases", "non-empty", cases);
      Preconditions.require(game.noiseDim() >= 1, "noise dimension", ">= 1", game.noiseDim());
      RenyiStatement.checkOrder(renyiAlpha, delta);
      Preconditions.positive(threads, "threads");
    }
  }

  /**
   * What the encoder is.
   *
   * @param name "ppca" or "vae"
   * @param column the encoder column of every CSV row
   * @param note the report's encoder statement
   * @param provenance the encoder's provenance (provenance.json)
   * @param inputDim D
   * @param latentDim q
   * @param trainRows rows it was fitted on
   * @param noiseVariance σ² (PPCA; NaN for the VAE)
   * @param eigenvalues PPCA: top q eigenvalues; VAE: the variance of each latent mean over the
   *     training rows
   * @param explainedVariance PPCA: fraction of the variance in the top q components (NaN for the VAE)
   * @param posteriorVariances diagonal of the encoder's covariance: PPCA σ²/λ_i; VAE 1 / the
   *     mean precision over the game's rows
   * @param precisionTrace tr(Σ⁻¹) (VAE: of the mean precision over the game's rows)
   * @param clipRadius R
   * @param clippedTrain fraction of training latents with ‖z‖ &gt; R (before clipping)
   * @param clippedTest likewise on test
   */
  public record EncoderSummary(String name, String column, String note, Map<String, Object> provenance,
      int inputDim, int latentDim, int trainRows, double noiseVariance, double[] eigenvalues,
      double explainedVariance, double[] posteriorVariances, double precisionTrace, double clipRadius,
      double clippedTrain, double clippedTest) {}

  /**
   * One score: a mechanism at a budget, scored by one classifier family.
   *
   * @param caseName "case1" or "case2"
   * @param mechanism "none" (the unreleased latent), "filter" or "gaussian"
   * @param budget b (0 for "none")
   * @param distortion the expected distortion in closed form (for "gaussian": set equal to the
   *     filter's)
   * @param outputKl the KL of the output law given x ({@link GaussianKl} class comment)
   * @param empiricalDistortion mean ½‖z̃ − z‖²_{Σ⁻¹} over the first test release (a check)
   * @param noiseScale s for "gaussian", NaN otherwise
   * @param classifier "linear" or "mlp"
   * @param privateAccuracy mean private-label test accuracy over repeats
   * @param privateSe its standard error (sd / √repeats; NaN for one repeat)
   * @param utilityAccuracy mean utility-label test accuracy
   * @param utilitySe its standard error
   * @param repeats number of repeats
   * @param privateChance majority-class accuracy of the private label on test
   * @param utilityChance majority-class accuracy of the utility label on test
   */
  public record AccuracyRow(String caseName, String mechanism, double budget, double distortion, double outputKl,
      double empiricalDistortion, double noiseScale, String classifier, double privateAccuracy, double privateSe,
      double utilityAccuracy, double utilitySe, int repeats, double privateChance, double utilityChance) {}

  /** Theorem 3 for the filter trained at (case, b) and Theorem 2 for its matching Gaussian mechanism. */
  public record RenyiRow(String caseName, double budget, RenyiStatement filter, RenyiStatement gaussian) {}

  /** One epoch of the game at (case, b). */
  public record TraceRow(String caseName, double budget, MinMaxTrainer.EpochTrace epoch) {}

  /** The Γ trained at (case, b). */
  public record FilterRow(String caseName, double budget, LinearFilter filter) {}

  /**
   * Everything the report needs.
   *
   * @param encoder the encoder
   * @param accuracy the scores, in (case, budget, mechanism, classifier) order
   * @param renyi the privacy statements, in (case, budget) order
   * @param traces the game's per-epoch trace
   * @param filters the trained filters
   * @param seconds wall-clock seconds per stage (not reproducible; reported apart)
   */
  public record Results(EncoderSummary encoder, List<AccuracyRow> accuracy, List<RenyiRow> renyi,
      List<TraceRow> traces, List<FilterRow> filters, Map<String, Double> seconds) {}

  /** Latents (clipped), the encoder's posterior variances and labels of one split. */
  private record Split(double[] z, double[] variance, int[] classes) {
    int rows() {
      return classes.length;
    }

    Split select(int[] idx, int d) {
      double[] out = new double[idx.length * d];
      double[] var = new double[idx.length * d];
      int[] c = new int[idx.length];
      for (int i = 0; i < idx.length; i++) {
        System.arraycopy(z, idx[i] * d, out, i * d, d);
        System.arraycopy(variance, idx[i] * d, var, i * d, d);
        c[i] = classes[idx[i]];
      }
      return new Split(out, var, c);
    }
  }

  /**
   * How distortion is measured: Σ for the diagnostics (the shared covariance, or 1 / the mean
   * precision), P = Σ⁻¹ for the Gaussian mechanism's scale, and whether each row has its own Σ.
   */
  private record Metric(double[] cov, double[] precision, boolean perRow) {}

  /** Mean ½‖released − z‖² in the encoder's norm over rows (the empirical check of D). */
  @FunctionalInterface
  private interface Empirical {
    double of(double[] z, double[] released);
  }

  /** A mechanism as a function of (latents, private labels, noise stream). */
  @FunctionalInterface
  private interface Release {
    double[] apply(double[] z, int[] privateLabels, SplittableRandom rng);
  }

  private record TaskOut(List<AccuracyRow> accuracy, List<RenyiRow> renyi, List<TraceRow> traces,
      List<FilterRow> filters, double seconds) {}

  /** Runs the experiment on {@code data} with the PPCA encoder; {@code log} receives one line per finished stage. */
  public static Results run(FeatureSet data, Config cfg, Consumer<String> log) {
    return run(data, cfg, set -> PpcaEncoder.fit(set.train().features(), cfg.latentDim(), cfg.threads()), log);
  }

  /**
   * Runs the experiment on {@code data} with the encoder {@code encoderSource} fits or loads (its
   * latent dimension must be the configuration's).
   */
  public static Results run(FeatureSet data, Config cfg, Function<FeatureSet, Encoder> encoderSource,
      Consumer<String> log) {
    Preconditions.require(data.numClasses() == LabelTask.CLASS_IDS, "data set classes",
        "10 (the cases are defined on class ids 0..9, as in MNIST and Fashion-MNIST)", data.numClasses());
    Preconditions.require(cfg.latentDim() < data.dimension(), "latent dimension",
        "< the data dimension " + data.dimension(),
        cfg.latentDim());
    Map<String, Double> seconds = new TreeMap<>();
    long t0 = System.nanoTime();
    Encoder encoder = encoderSource.apply(data);
    Preconditions.require(encoder.latentDim() == cfg.latentDim() && encoder.inputDim() == data.dimension(),
        "encoder", data.dimension() + " -> " + cfg.latentDim() + " dimensions",
        encoder.inputDim() + " -> " + encoder.latentDim());
    seconds.put("encoder fit", (System.nanoTime() - t0) / 1e9);
    int d = cfg.latentDim();
    Split train = encode(encoder, data.train());
    Split test = encode(encoder, data.test());
    double clippedTrain = clip(train.z(), d, cfg.clipRadius());
    double clippedTest = clip(test.z(), d, cfg.clipRadius());
    Split filterSplit = sample(train, cfg.filterRows(), d, Seeds.stream(cfg.seed(), "filter", "filter-rows"));
    Split evalSplit = sample(train, cfg.evalRows(), d, Seeds.stream(cfg.seed(), "filter", "eval-rows"));
    Metric metric = metric(encoder, filterSplit, d);
    double[] cov = metric.cov();
    double[] precision = metric.precision();
    double[] postVar = new double[d];
    for (int i = 0; i < d; i++) {
      postVar[i] = cov[i * d + i];
    }
    EncoderSummary summary = summary(encoder, data, train, postVar, GaussianKl.trace(precision), cfg.clipRadius(),
        clippedTrain, clippedTest);
    seconds.put("encoder fit + encode", (System.nanoTime() - t0) / 1e9);
    log.accept(encoderLine(summary, seconds.get("encoder fit + encode")));

    List<Callable<TaskOut>> tasks = new ArrayList<>();
    for (LabelTask task : cfg.cases()) {
      tasks.add(() -> none(task, evalSplit, test, metric, d, cfg, log));
      for (double b : cfg.budgets()) {
        tasks.add(() -> budget(task, b, filterSplit, evalSplit, test, metric, d, cfg, log));
      }
    }
    List<TaskOut> outs = runAll(tasks, cfg.threads());
    List<AccuracyRow> acc = new ArrayList<>();
    List<RenyiRow> renyi = new ArrayList<>();
    List<TraceRow> traces = new ArrayList<>();
    List<FilterRow> filters = new ArrayList<>();
    double taskSeconds = 0;
    for (TaskOut o : outs) {
      acc.addAll(o.accuracy());
      renyi.addAll(o.renyi());
      traces.addAll(o.traces());
      filters.addAll(o.filters());
      taskSeconds += o.seconds();
    }
    seconds.put("tasks (sum over threads)", taskSeconds);
    seconds.put("total", (System.nanoTime() - t0) / 1e9);
    return new Results(summary, acc, renyi, traces, filters, seconds);
  }

  private static TaskOut none(LabelTask task, Split eval, Split test, Metric metric, int d, Config cfg,
      Consumer<String> log) {
    long t = System.nanoTime();
    List<AccuracyRow> rows = score(task, "none", 0, 0, 0, Double.NaN, (z, y, rng) -> z.clone(), eval, test,
        empirical(metric, test, d), cfg);
    double s = (System.nanoTime() - t) / 1e9;
    log.accept(String.format(java.util.Locale.ROOT, "%s none: %s (%.1f s)", task.name(), brief(rows), s));
    return new TaskOut(rows, List.of(), List.of(), List.of(), s);
  }

  private static TaskOut budget(LabelTask task, double b, Split train, Split eval, Split test, Metric metric, int d,
      Config cfg, Consumer<String> log) {
    long t = System.nanoTime();
    double[] cov = metric.cov();
    double[] precision = metric.precision();
    int[] y = task.privateLabels(train.classes());
    int[] u = task.utilityLabels(train.classes());
    SplittableRandom game = Seeds.stream(cfg.seed(), "filter", task.name(), "b=" + b, "game");
    MinMaxTrainer.Result trained = metric.perRow()
        ? MinMaxTrainer.train(train.z(), y, u, d, task.privateClasses(), 2,
            DistortionMetric.rowAverages(train.variance(), y, task.privateClasses(), d), b, cfg.game(), game)
        : MinMaxTrainer.train(train.z(), y, u, d, task.privateClasses(), 2, cov, b, cfg.game(), game);
    LinearFilter f = trained.filter();
    double distortion = trained.distortion();
    double[] freq = MinMaxTrainer.frequencies(y, task.privateClasses());
    List<AccuracyRow> rows = new ArrayList<>(score(task, "filter", b, distortion,
        GaussianKl.filterOutputKl(f, cov, freq), Double.NaN, f::release, eval, test, empirical(metric, test, d), cfg));
    double s = GaussianKl.gaussianScale(distortion, precision);
    rows.addAll(score(task, "gaussian", b, GaussianKl.gaussianDistortion(s, precision),
        GaussianKl.gaussianOutputKl(s, cov), s, (z, labels, rng) -> GaussianMechanism.release(z, s, rng), eval, test,
        empirical(metric, test, d), cfg));
    RenyiRow renyi = new RenyiRow(task.name(), b,
        RenyiStatement.filter(f, cfg.clipRadius(), cfg.renyiAlpha(), cfg.delta()),
        RenyiStatement.gaussian(d, s, cfg.clipRadius(), cfg.renyiAlpha(), cfg.delta()));
    List<TraceRow> traces = trained.trace().stream().map(e -> new TraceRow(task.name(), b, e)).toList();
    double sec = (System.nanoTime() - t) / 1e9;
    log.accept(String.format(java.util.Locale.ROOT, "%s b=%s: D = %.4g, s = %.4g; %s (%.1f s)", task.name(), b,
        distortion, s, brief(rows), sec));
    return new TaskOut(rows, List.of(renyi), traces, List.of(new FilterRow(task.name(), b, f)), sec);
  }

  /** Scores one mechanism with both classifier families over the repeats. */
  private static List<AccuracyRow> score(LabelTask task, String mechanism, double b, double distortion,
      double outputKl, double noiseScale, Release release, Split eval, Split test, Empirical empiricalDistortion,
      Config cfg) {
    int d = test.z().length / Math.max(1, test.rows());
    int[] evalPrivate = task.privateLabels(eval.classes());
    int[] evalUtility = task.utilityLabels(eval.classes());
    int[] testPrivate = task.privateLabels(test.classes());
    int[] testUtility = task.utilityLabels(test.classes());
    Evaluator.Kind[] kinds = Evaluator.Kind.values();
    double[][] priv = new double[kinds.length][cfg.repeats()];
    double[][] util = new double[kinds.length][cfg.repeats()];
    double empirical = Double.NaN;
    for (int r = 0; r < cfg.repeats(); r++) {
      Object[] path = {"filter", task.name(), "b=" + b, mechanism, "repeat=" + r};
      double[] relEval = release.apply(eval.z(), evalPrivate, Seeds.stream(cfg.seed(), concat(path, "release-train")));
      double[] relTest = release.apply(test.z(), testPrivate, Seeds.stream(cfg.seed(), concat(path, "release-test")));
      if (r == 0) {
        empirical = empiricalDistortion.of(test.z(), relTest);
      }
      for (int k = 0; k < kinds.length; k++) {
        priv[k][r] = Evaluator.accuracy(relEval, evalPrivate, relTest, testPrivate, d, task.privateClasses(), kinds[k],
            cfg.eval(), Seeds.stream(cfg.seed(), concat(path, kinds[k].label, "private")));
        util[k][r] = Evaluator.accuracy(relEval, evalUtility, relTest, testUtility, d, 2, kinds[k], cfg.eval(),
            Seeds.stream(cfg.seed(), concat(path, kinds[k].label, "utility")));
      }
    }
    double pc = Evaluator.chance(evalPrivate, testPrivate, task.privateClasses());
    double uc = Evaluator.chance(evalUtility, testUtility, 2);
    List<AccuracyRow> rows = new ArrayList<>();
    for (int k = 0; k < kinds.length; k++) {
      rows.add(new AccuracyRow(task.name(), mechanism, b, distortion, outputKl, empirical, noiseScale, kinds[k].label,
          mean(priv[k]), standardError(priv[k]), mean(util[k]), standardError(util[k]), cfg.repeats(), pc, uc));
    }
    return rows;
  }

  private static Object[] concat(Object[] path, Object... more) {
    Object[] out = Arrays.copyOf(path, path.length + more.length);
    System.arraycopy(more, 0, out, path.length, more.length);
    return out;
  }

  private static String brief(List<AccuracyRow> rows) {
    StringBuilder sb = new StringBuilder();
    for (AccuracyRow r : rows) {
      if (r.classifier().equals("mlp")) {
        sb.append(String.format(java.util.Locale.ROOT, "%s%s private %.3f utility %.3f", sb.length() > 0 ? "; " : "",
            r.mechanism(), r.privateAccuracy(), r.utilityAccuracy()));
      }
    }
    return sb.toString() + " [mlp]";
  }

  private static Split encode(Encoder encoder, LabelledSet set) {
    Encoder.Posterior p = encoder.posterior(set.features());
    return new Split(p.mean(), p.variance(), set.labels().clone());
  }

  /**
   * The shared covariance and its precision (PPCA, as before the VAE), or for a covariance per row
   * the mean precision P̄ over the game's rows and Σ = P̄⁻¹ for the diagnostics.
   */
  private static Metric metric(Encoder encoder, Split game, int d) {
    java.util.Optional<double[]> shared = encoder.sharedCovariance();
    if (shared.isPresent()) {
      return new Metric(shared.get(), GaussianKl.precision(shared.get()), false);
    }
    double[] precision = DistortionMetric.rowAverages(game.variance(), new int[game.rows()], 1, d).noise();
    double[] cov = new double[d * d];
    for (int i = 0; i < d; i++) {
      cov[i * d + i] = 1 / precision[i * d + i];
    }
    return new Metric(cov, precision, true);
  }

  private static Empirical empirical(Metric metric, Split test, int d) {
    return metric.perRow() ? (z, rel) -> meanDistortionPerRow(z, rel, test.variance(), d)
        : (z, rel) -> meanDistortion(z, rel, metric.precision(), d);
  }

  private static EncoderSummary summary(Encoder encoder, FeatureSet data, Split train, double[] postVar,
      double precisionTrace, double clipRadius, double clippedTrain, double clippedTest) {
    int d = encoder.latentDim();
    if (encoder instanceof PpcaEncoder p) {
      return new EncoderSummary(p.name(), p.column(), p.note(), p.provenance(), p.inputDim(), d, data.train().size(),
          p.noiseVariance(), p.eigenvalues(), p.explainedVarianceFraction(), postVar, precisionTrace, clipRadius,
          clippedTrain, clippedTest);
    }
    double[] spread = new double[d];
    int n = train.rows();
    for (int c = 0; c < d; c++) {
      double m = 0;
      for (int r = 0; r < n; r++) {
        m += train.z()[r * d + c];
      }
      m /= n;
      double v = 0;
      for (int r = 0; r < n; r++) {
        double x = train.z()[r * d + c] - m;
        v += x * x;
      }
      spread[c] = v / n;
    }
    return new EncoderSummary(encoder.name(), encoder.column(), encoder.note(), encoder.provenance(),
        encoder.inputDim(), d, data.train().size(), Double.NaN, spread, Double.NaN, postVar, precisionTrace, clipRadius,
        clippedTrain, clippedTest);
  }

  private static String encoderLine(EncoderSummary e, double seconds) {
    String head = e.name().equals("ppca")
        ? String.format(java.util.Locale.ROOT, "PPCA encoder: %d -> %d dims, sigma^2 = %.3g, %.1f%% of the variance",
            e.inputDim(), e.latentDim(), e.noiseVariance(), 100 * e.explainedVariance())
        : String.format(java.util.Locale.ROOT, "VAE encoder: %d -> %d dims, posterior variances %.3g to %.3g "
            + "(1 / mean precision)", e.inputDim(), e.latentDim(),
            java.util.Arrays.stream(e.posteriorVariances()).min().orElse(Double.NaN),
            java.util.Arrays.stream(e.posteriorVariances()).max().orElse(Double.NaN));
    return String.format(java.util.Locale.ROOT, "%s, tr(Sigma^-1) = %.4g, %.2f%% of train latents clipped to R = %s "
        + "(%.1f s)", head, e.precisionTrace(), 100 * e.clippedTrain(), e.clipRadius(), seconds);
  }

  /**
   * Scales every row of {@code z} with ‖z‖ &gt; R onto the sphere of radius R (in place);
   * returns the fraction of rows scaled. An infinite R leaves z unchanged.
   */
  static double clip(double[] z, int d, double radius) {
    int n = z.length / d;
    int clipped = 0;
    for (int r = 0; r < n; r++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        s += z[r * d + c] * z[r * d + c];
      }
      double norm = Math.sqrt(s);
      if (norm > radius) {
        clipped++;
        for (int c = 0; c < d; c++) {
          z[r * d + c] *= radius / norm;
        }
      }
    }
    return n == 0 ? 0 : (double) clipped / n;
  }

  private static Split sample(Split s, int rows, int d, SplittableRandom rng) {
    if (rows == 0 || rows >= s.rows()) {
      return s;
    }
    return s.select(Seeds.sampleWithoutReplacement(s.rows(), rows, rng), d);
  }

  static double meanDistortion(double[] z, double[] released, double[] precision, int d) {
    int n = z.length / d;
    double[] delta = new double[d];
    double s = 0;
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < d; c++) {
        delta[c] = released[r * d + c] - z[r * d + c];
      }
      s += GaussianKl.meanShift(delta, precision);
    }
    return s / n;
  }

  /** Mean over rows of ½ Σ_c (released − z)_c² / variance_c of the row (a diagonal covariance per row). */
  static double meanDistortionPerRow(double[] z, double[] released, double[] variance, int d) {
    int n = z.length / d;
    double s = 0;
    for (int r = 0; r < n; r++) {
      double row = 0;
      for (int c = 0; c < d; c++) {
        double delta = released[r * d + c] - z[r * d + c];
        row += delta * delta / variance[r * d + c];
      }
      s += 0.5 * row;
    }
    return s / n;
  }

  static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  static double standardError(double[] v) {
    if (v.length < 2) {
      return Double.NaN;
    }
    double m = mean(v);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    return Math.sqrt(s / (v.length - 1) / v.length);
  }

  private static <T> List<T> runAll(List<Callable<T>> tasks, int threads) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()));
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> c : tasks) {
        futures.add(pool.submit(c));
      }
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        out.add(f.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("filter experiment interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException("filter experiment failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
