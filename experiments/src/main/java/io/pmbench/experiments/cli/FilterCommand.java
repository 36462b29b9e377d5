package io.pmbench.experiments.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.datasets.builtin.FashionMnist;
import io.pmbench.filter.EncoderChoice;
import io.pmbench.filter.EvalConfig;
import io.pmbench.filter.FilterExperiment;
import io.pmbench.filter.FilterReport;
import io.pmbench.filter.GameConfig;
import io.pmbench.filter.LabelTask;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.GitInfo;
import io.pmbench.runs.ProvenanceJson;
import io.pmbench.runs.Provenance;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code pmbench filter}: the generative privatisation filter against the Gaussian mechanism (BASELINES.md §7). */
@Command(name = "filter", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Reproduces the privatisation filter of Chen et al.",
    description = {"Reproduces the generative privatisation filter of Chen, Navidi & Rajagopal (docs/BASELINES.md section 7): "
        + "the paper's VAE latent (or PPCA), the linear filter z~ = z + Gamma [w; onehot(y)] trained by the paper's min-max game under a "
        + "KL distortion budget b, and the Gaussian mechanism at the same distortion. Writes filter-accuracy.csv "
        + "(private/utility accuracy vs b, both mechanisms, both cases), filter-renyi.csv (Theorem 3), figures "
        + "(PNG, SVG), report.html and provenance.json, then prints the tables and whether the paper's finding holds. "
        + "Each encoder is a cell (cells/, listed with every result file's SHA-256 in run.json): a rerun resumes, "
        + "pmbench verify DIR checks the folder."})
public final class FilterCommand extends CliCommand {
  /** The experiment name in run.json and the cells' names. */
  static final String EXPERIMENT = "filter";

  @Option(names = "--dataset", defaultValue = FashionMnist.NAME, paramLabel = "SPEC",
      description = "A 10-class data set (see `pmbench datasets`), e.g. idx:DIR for MNIST. Default: ${DEFAULT-VALUE}.")
  String dataset;

  @Option(names = "--budgets", defaultValue = "10,30,100,300,1000,3000", split = ",", paramLabel = "B",
      description = "Distortion budgets b (ascending). Default: ${DEFAULT-VALUE}.")
  List<Double> budgets;

  @Option(names = "--cases", defaultValue = "case1,case2", split = ",", paramLabel = "CASE",
      description = "case1 (private: class id) and/or case2 (private: class >= 5, utility: even). Default: ${DEFAULT-VALUE}.")
  List<String> cases;

  @Option(names = "--case1-utility", defaultValue = "auto", paramLabel = "C1,C2,..",
      description = "Case 1's utility class set: 'auto' = 5,7,9 (footwear) on fashion-mnist, 0,6,8,9 (circle) "
          + "otherwise. Default: ${DEFAULT-VALUE}.")
  String case1Utility;

  @Option(names = "--latent-dim", defaultValue = "10", description = "Encoder latent dimension q. Default: ${DEFAULT-VALUE}.")
  int latentDim;

  @Option(names = "--encoder", paramLabel = "vae|ppca|vae,ppca",
      description = "The fixed encoder: vae = the paper's VAE encoder 784-300-300-2q, trained once (TensorFlow Java, "
          + "module learn) and stored under --vae-model; ppca = probabilistic PCA (the numbers before the VAE); "
          + "vae,ppca = both, each in its own subfolder, and filter-encoders.csv comparing them. "
          + "Default: vae,ppca (the VAE, compared with PPCA) when the learn module is on the class path "
          + "(java -jar learn/target/pmbench-learn.jar) or a trained model for the data set is at hand "
          + "(--vae-model, or the one bundled for fashion-mnist), else ppca with a one-line note.")
  String encoder;

  @Option(names = "--vae-model", paramLabel = "FILE",
      description = "The VAE's model file: loaded if it exists, else trained and written there. Default: "
          + EncoderChoice.MODEL_ROOT + "/<dataset>-<sha>-q<q>-e<epochs>-seed<seed>.vae.")
  Path vaeModel;

  @Option(names = "--vae-epochs", defaultValue = "30", paramLabel = "N",
      description = "Training epochs of the VAE (Adam 0.001, batch 128). Default: ${DEFAULT-VALUE}.")
  int vaeEpochs;

  @Option(names = "--clip-radius", defaultValue = "auto", paramLabel = "R|auto|none",
      description = "Radius latents are clipped to: auto = 2 sqrt(q) (twice the PPCA prior's typical norm), none = no "
          + "clipping (Theorem 3 is then refused). Default: ${DEFAULT-VALUE}.")
  String clipRadius;

  @Option(names = "--epochs", defaultValue = "60", description = "Epochs of the min-max game. Default: ${DEFAULT-VALUE}.")
  int epochs;

  @Option(names = "--filter-rows", defaultValue = "10000", paramLabel = "N",
      description = "Training rows the game uses (a seeded sample; 0 = all). Default: ${DEFAULT-VALUE}.")
  int filterRows;

  @Option(names = "--adversary-steps", defaultValue = "5", paramLabel = "K",
      description = "Adam steps of each game classifier per filter step. Default: ${DEFAULT-VALUE}.")
  int adversarySteps;

  @Option(names = "--game-classifier", defaultValue = "mlp", paramLabel = "mlp|linear",
      description = "The game's adversary and utility classifier: mlp = FC(15)-ELU-FC (the paper's), linear = "
          + "softmax regression. Default: ${DEFAULT-VALUE}.")
  String gameClassifier;

  @Option(names = "--penalty", defaultValue = "one-sided", paramLabel = "one-sided|two-sided",
      description = "Budget penalty: one-sided = lambda max(D-b,0) + lambda max(D-b,0)^2 (the constraint D <= b); "
          + "two-sided = eq. 17 as printed, lambda max(D-b,0) + lambda (D-b)^2. Default: ${DEFAULT-VALUE}.")
  String penalty;

  @Option(names = "--beta", defaultValue = "2", description = "Weight beta of the utility loss. Default: ${DEFAULT-VALUE}.")
  double beta;

  @Option(names = "--eval-rows", defaultValue = "20000", paramLabel = "N",
      description = "Released training rows the fresh classifiers are fitted on (0 = all). Default: ${DEFAULT-VALUE}.")
  int evalRows;

  @Option(names = "--eval-epochs", defaultValue = "10", description = "Epochs of each fresh classifier. Default: ${DEFAULT-VALUE}.")
  int evalEpochs;

  @Option(names = "--eval-hidden", defaultValue = "32",
      description = "Hidden ELU units of the fresh 2-layer classifier. Default: ${DEFAULT-VALUE}.")
  int evalHidden;

  @Option(names = "--repeats", defaultValue = "3",
      description = "Releases (fresh noise, fresh classifiers) per score. Default: ${DEFAULT-VALUE}.")
  int repeats;

  @Option(names = "--alpha", defaultValue = "2", description = "Renyi order alpha reported. Default: ${DEFAULT-VALUE}.")
  double alpha;

  @Option(names = "--delta", defaultValue = "1e-5", description = "delta of the (epsilon, delta) conversion. Default: ${DEFAULT-VALUE}.")
  double delta;

  @CommandLine.Mixin
  RootSeedOption root = new RootSeedOption();

  @Option(names = "--threads", paramLabel = "N", description = "Worker threads (results do not depend on it). "
      + "Default: the number of processors.")
  Integer threads;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder. Default: pmbench-results/filter-<dataset>-<tag> (<dataset>: a short name of the "
          + "data set; <tag>: the settings' fingerprint, so a rerun of the same settings resumes).")
  Path out;

  @Option(names = "--fresh", description = "Discard the cells and results of the output folder and recompute; without "
      + "it a rerun reuses each encoder finished under the same settings and refuses a folder of other settings.")
  boolean fresh;

  @CommandLine.Mixin
  VerboseOption verbose = new VerboseOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter err = cmd.commandLine().getErr();
    PrintWriter outWriter = cmd.commandLine().getOut();
    Instant start = Instant.now();
    long cpuStart = cpuNanos();
    config(FashionMnist.NAME); // checks the options before the data set is loaded
    java.util.function.Consumer<String> log = line -> {
      synchronized (err) {
        err.println("pmbench filter: " + line);
        err.flush();
      }
    };
    List<String> encoders = encoder == null ? null : EncoderChoice.resolveAll(encoder, log);
    err.println("pmbench filter: loading " + dataset + " ...");
    err.flush();
    FeatureSet data = DatasetRegistry.standard().load(dataset);
    FilterExperiment.Config cfg = config(data.name());
    if (encoders == null) {
      // the VAE is the encoder; PPCA runs beside it so that the report compares the two
      encoders = EncoderChoice.defaultFor(data, cfg.latentDim(), vaeOptions(), log).equals("vae")
          ? List.of("vae", "ppca") : List.of("ppca");
    }
    err.printf(Locale.ROOT, "pmbench filter: %s, %d train / %d test rows of %d; cases %s; budgets %s; %d threads%n",
        data.name(), data.train().size(), data.test().size(), data.dimension(), cases, budgets, cfg.threads());
    err.flush();
    Manifest manifest = manifest(data, cfg, encoders);
    Path root = out != null ? out : defaultOut(data.name(), manifest);
    ResultCells cells = ResultCells.open(root, manifest, fresh);
    Map<String, FilterExperiment.Results> all = new LinkedHashMap<>();
    for (String name : encoders) {
      Path dir = encoders.size() == 1 ? root : root.resolve(name);
      String cell = EXPERIMENT + "-" + name;
      java.util.Optional<List<String>> stored = cells.stored(cell);
      if (stored.isPresent()) {
        log.accept(name + ": finished in an earlier run, reused (" + dir + "; --fresh recomputes it)");
        all.put(name, new FilterExperiment.Results(null, accuracyRows(stored.get()), List.of(), List.of(), List.of(),
            Map.of()));
        continue;
      }
      FilterExperiment.Results res = runEncoder(name, data, cfg, log, dir, start, cpuStart);
      try (java.util.stream.Stream<Path> files = Files.list(dir)) {
        for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
          if (!f.getFileName().toString().equals(CellStore.MANIFEST) && !AtomicFiles.isTemporary(f)) {
            cells.recordResult(root.relativize(f).toString());
          }
        }
      }
      cells.store(cell, accuracyLines(res.accuracy()));
      all.put(name, res);
      start = Instant.now();
      cpuStart = cpuNanos();
    }
    if (encoders.size() > 1) {
      FilterReport.writeComparison(root, cfg, all);
      cells.recordResult(FilterReport.ENCODERS_CSV);
      outWriter.println(FilterReport.comparisonConsole(cfg, all));
      outWriter.println("Encoders compared: " + root.resolve(FilterReport.ENCODERS_CSV).toAbsolutePath());
      outWriter.flush();
    }
    return 0;
  }

  private EncoderChoice.VaeOptions vaeOptions() {
    return new EncoderChoice.VaeOptions(java.util.Optional.ofNullable(vaeModel), vaeEpochs, root.seed);
  }

  /** Runs the experiment with encoder {@code name}, writes its folder {@code dir} and prints its tables. */
  private FilterExperiment.Results runEncoder(String name, FeatureSet data, FilterExperiment.Config cfg,
      java.util.function.Consumer<String> log, Path dir, Instant start, long cpuStart) throws java.io.IOException {
    PrintWriter outWriter = cmd.commandLine().getOut();
    FilterExperiment.Results res = FilterExperiment.run(data, cfg, EncoderChoice.source(name, cfg,
        vaeOptions(), log), log);
    Map<String, Double> seconds = new LinkedHashMap<>(res.seconds());
    seconds.put("process CPU (all threads)", (cpuNanos() - cpuStart) / 1e9);
    seconds.put("wall clock (load to report)", (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1e3);
    res = new FilterExperiment.Results(res.encoder(), res.accuracy(), res.renyi(), res.traces(), res.filters(),
        seconds);
    String commandLine = Pmbench.invocation(cmd.commandLine());
    Provenance prov = Provenance.of(commandLine, provenanceConfig(cfg, res), List.of(root.seed), data.name(), data.sha256(),
        data.fileChecksums(), GitInfo.ofCode(FilterCommand.class, Path.of("").toAbsolutePath()), start, Instant.now());
    Path report = FilterReport.write(dir, cfg, res, new FilterReport.RunInfo(dataset, data.name(), data.sha256(),
        data.fileChecksums(), data.licence(), commandLine, prov));
    outWriter.println(FilterReport.console(cfg, res));
    outWriter.printf(Locale.ROOT, "Wall clock %.1f s, process CPU %.1f s.%n", seconds.get("wall clock (load to report)"),
        seconds.get("process CPU (all threads)"));
    outWriter.println("Results: " + dir.toAbsolutePath());
    outWriter.println("  " + FilterReport.ACCURACY_CSV + ", " + FilterReport.RENYI_CSV + ", " + FilterReport.TRAINING_CSV
        + ", " + FilterReport.GAMMA_CSV + ", " + FilterReport.ENCODER_CSV + ", filter-*.png/.svg, "
        + report.getFileName() + ", provenance.json, " + FilterReport.TIMINGS_CSV);
    outWriter.flush();
    return res;
  }

  /** The configuration from the options, for the data set named {@code dataName}. */
  FilterExperiment.Config config(String dataName) {
    double radius = switch (clipRadius.strip()) {
      case "auto" -> 2 * Math.sqrt(latentDim);
      case "none" -> Double.POSITIVE_INFINITY;
      default -> parseRadius(clipRadius);
    };
    java.util.Optional<int[]> utility = case1Utility.strip().equals("auto") ? java.util.Optional.empty()
        : java.util.Optional.of(parseClasses(case1Utility));
    List<LabelTask> tasks = new ArrayList<>();
    for (String c : cases) {
      try {
        tasks.add(LabelTask.named(c, dataName, utility));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--" + e.getMessage(), e);
      }
    }
    int nThreads = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    GameConfig game = GameConfig.paper(epochs, latentDim, adversarySteps, GameConfig.Penalty.parse(penalty));
    game = new GameConfig(beta, game.epochs(), game.batch(), game.learningRate(), game.lambdaStart(),
        game.halvingEpochs(), game.lambdaFloor(), gameHidden(game.hidden()), game.warmupEpochs(), game.noiseDim(),
        game.initScale(), game.adversarySteps(), game.penalty());
    return new FilterExperiment.Config(latentDim, radius, budgets, game, filterRows,
        new EvalConfig(evalEpochs, 128, 3e-3, evalHidden), evalRows, repeats, tasks, alpha, delta, root.seed, nThreads);
  }

  /** Hidden units of the game's classifiers: the paper's {@code paperHidden} for mlp, 0 for linear. */
  private int gameHidden(int paperHidden) {
    return switch (gameClassifier.strip()) {
      case "mlp" -> paperHidden;
      case "linear" -> 0;
      default -> throw new IllegalArgumentException("--game-classifier must be mlp or linear. Provided value: "
          + gameClassifier);
    };
  }

  private static double parseRadius(String s) {
    try {
      double r = Double.parseDouble(s.strip());
      if (r > 0 && Double.isFinite(r)) {
        return r;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException("--clip-radius must be a positive number, auto or none. Provided value: " + s);
  }

  private static int[] parseClasses(String s) {
    try {
      return java.util.Arrays.stream(s.strip().split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--case1-utility must be 'auto' or a comma list of class ids. Provided value: "
          + s);
    }
  }

  private Map<String, Object> provenanceConfig(FilterExperiment.Config cfg, FilterExperiment.Results res) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("experiment", "filter");
    m.put("dataset", dataset);
    m.put("encoder", res.encoder().provenance());
    m.put("filter", cfg);
    return m;
  }

  /**
   * The configuration the cells depend on (data set, the filter's settings but its thread count,
   * the VAE's training settings) as a {@link Manifest}; the grid is the encoders.
   */
  private Manifest manifest(FeatureSet data, FilterExperiment.Config cfg, List<String> encoders) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("datasetName", data.name());
    m.put("datasetSha256", data.sha256());
    m.put("filter", cfg);
    m.put("vaeEpochs", vaeEpochs);
    m.put("vaeModel", vaeModel == null ? "default" : vaeModel.toString());
    ObjectNode config = (ObjectNode) ProvenanceJson.toNode(m);
    ((ObjectNode) config.get("filter")).remove("threads"); // results do not depend on it
    return new Manifest(EXPERIMENT, config, ProvenanceJson.toNode(Map.of("encoders", encoders)),
        Pmbench.invocation(cmd.commandLine()));
  }

  /** One line per score, every number as {@link Double#toString} prints it (read back exactly by {@link #accuracyRows}). */
  static List<String> accuracyLines(List<FilterExperiment.AccuracyRow> rows) {
    return rows.stream().map(r -> String.join(",", r.caseName(), r.mechanism(), Double.toString(r.budget()),
        Double.toString(r.distortion()), Double.toString(r.outputKl()), Double.toString(r.empiricalDistortion()),
        Double.toString(r.noiseScale()), r.classifier(), Double.toString(r.privateAccuracy()),
        Double.toString(r.privateSe()), Double.toString(r.utilityAccuracy()), Double.toString(r.utilitySe()),
        Integer.toString(r.repeats()), Double.toString(r.privateChance()), Double.toString(r.utilityChance())))
        .toList();
  }

  /** The scores of {@link #accuracyLines}. */
  static List<FilterExperiment.AccuracyRow> accuracyRows(List<String> lines) {
    return lines.stream().map(l -> l.split(",", -1)).map(c -> new FilterExperiment.AccuracyRow(c[0], c[1],
        Double.parseDouble(c[2]), Double.parseDouble(c[3]), Double.parseDouble(c[4]), Double.parseDouble(c[5]),
        Double.parseDouble(c[6]), c[7], Double.parseDouble(c[8]), Double.parseDouble(c[9]), Double.parseDouble(c[10]),
        Double.parseDouble(c[11]), Integer.parseInt(c[12]), Double.parseDouble(c[13]), Double.parseDouble(c[14])))
        .toList();
  }

  /**
   * {@code pmbench-results/filter-<short data-set name>-<first 8 hex digits of the fingerprint>}:
   * one folder level whatever the spec ({@link RunFolders#shortName}); the same settings name the
   * same folder, so a rerun resumes it.
   */
  private static Path defaultOut(String dataName, Manifest manifest) {
    return Path.of(RunFolders.ROOT, EXPERIMENT + "-" + RunFolders.shortName(dataName) + "-"
        + manifest.fingerprint().substring(0, 8));
  }

  private static long cpuNanos() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return 0;
  }
}
