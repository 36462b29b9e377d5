package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.datasets.builtin.FashionMnist;
import io.pmbench.experiments.filtering.FilterFolder;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.filter.EncoderChoice;
import io.pmbench.filter.EvalConfig;
import io.pmbench.filter.FilterExperiment;
import io.pmbench.filter.GameConfig;
import io.pmbench.filter.LabelTask;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    long cpuStart = FilterFolder.cpuNanos();
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
    FilterFolder folder = new FilterFolder(data, cfg, new FilterFolder.Request(dataset, encoders, vaeOptions(),
        Pmbench.invocation(cmd.commandLine()), java.util.Optional.ofNullable(out), fresh), log, outWriter, start,
        cpuStart);
    new RunPipeline(RunPipeline.Options.local(), err).run(folder);
    return 0;
  }

  private EncoderChoice.VaeOptions vaeOptions() {
    return new EncoderChoice.VaeOptions(java.util.Optional.ofNullable(vaeModel), vaeEpochs, root.seed);
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
}
