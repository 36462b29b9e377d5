package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.kernel.Bandwidth;
import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.protocol.GalleryIndexKind;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.orchestration.CostEstimate;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.orchestration.ServerLayoutDefault;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.RunFolders;
import io.pmbench.runs.GitInfo;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every grid command shares (data set, preset, protocol, parameters, output). */
public final class GridOptions {
  @Option(names = "--dataset", defaultValue = "fashion-mnist", paramLabel = "SPEC", order = 1,
      description = "Data set: a registered name, name:argument (e.g. npz:FILE, npy:TRAIN_X,TRAIN_Y,TEST_X,TEST_Y) or "
          + "a descriptor FILE.yaml|FILE.json (see `pmbench datasets`). Default: ${DEFAULT-VALUE}.")
  String dataset;

  @Mixin
  DataDirOption dataDir = new DataDirOption();

  @Option(names = "--preset", defaultValue = "paper", paramLabel = "NAME", order = 3,
      description = "Fidelity preset: paper, official-code or corrected (docs/SPEC.md section 8). Under paper, "
          + "epsilon < 1 uses CLASSIC noise and epsilon >= 1 ANALYTIC. Default: ${DEFAULT-VALUE}.")
  String preset;

  @Option(names = "--delta", defaultValue = "1e-5", order = 5,
      description = "delta of every private mechanism. Default: ${DEFAULT-VALUE}.")
  double delta;

  @Option(names = "--seeds", defaultValue = "3", paramLabel = "N|S1,S2,..", order = 6,
      description = "Number of seeds (runs seeds 1..N) or an explicit comma list. Default: ${DEFAULT-VALUE}.")
  String seeds;

  @Option(names = "--queries", defaultValue = "1000", paramLabel = "N|all", order = 7,
      description = "Queries per seed: a seeded sample of N gallery rows, or 'all'. Default: ${DEFAULT-VALUE}.")
  String queries;

  @Option(names = "--public", defaultValue = "1000", paramLabel = "N", order = 8,
      description = "Size of the public set P drawn from train. Default: ${DEFAULT-VALUE}.")
  int nPublic;

  @Option(names = {"--recall-at", "-K"}, defaultValue = "1,2,4,8", split = ",", paramLabel = "K", order = 9,
      description = "Comma list of K for Recall@K. Default: ${DEFAULT-VALUE}.")
  List<Integer> ks;

  @Option(names = "--index", defaultValue = "exact", paramLabel = "exact|ivf", order = 10,
      description = "k-NN index of the retrieval step: exact, or ivf (approximate inverted file for large galleries; "
          + "its recall loss is measured by the benchmarks, results are marked IVF). Default: ${DEFAULT-VALUE}.")
  String index;

  @Option(names = "--dummies", negatable = true, order = 10,
      description = "Switch the dummy queries P_r on or off. Default: on, except under official-code (its pipeline "
          + "has none).")
  Boolean dummies;

  @Option(names = "--label-numbering", paramLabel = "joint|per-split", order = 10,
      description = "How class ids are numbered: joint (one id per class over both splits) or per-split (each "
          + "split 0..C-1 on its own, as the official code does). Default: per-split under official-code, joint "
          + "otherwise.")
  String labelNumbering;

  @Option(names = "--budget", paramLabel = "DURATION", order = 21,
      description = "Refuse a grid whose estimated time (printed before it starts, from measured costs per query) "
          + "is longer, e.g. 30m or 2h. Default: no limit.")
  String budget;

  @Option(names = "--recheck", paramLabel = "N", order = 22,
      description = "Before reusing the cells already in the run directory, compute the first N queries of each "
          + "again with this code and compare gallery rows, hits and nearest neighbours with the stored ones. A cell "
          + "that differs (its code changed its numbers without a new mechanism revision) stops the run before "
          + "anything is computed, with one line per cell and exit code 1. Default: no recheck.")
  Integer recheck;

  /** Stop after {@code --recheck}: compute and write nothing (what {@code pmbench verify --recheck} runs, on a copy). */
  @Option(names = "--recheck-only", hidden = true)
  boolean recheckOnly;

  /** Queries the pilot times per mechanism when {@code --pilot} is not given. */
  static final int DEFAULT_PILOT = 3;

  @Option(names = "--pilot", paramLabel = "N", order = 21,
      description = "Time N queries of one cell per mechanism on this machine before the grid starts (kept: the "
          + "grid resumes those cells) and estimate from them, setup included; 0 estimates from the stored runs' "
          + "costs only. Default: 3, for grids those costs put at a minute or more.")
  Integer pilot;

  @Option(names = "--sigma", paramLabel = "S|auto", order = 11,
      description = "Kernel bandwidth sigma, or auto: the median distance between train rows (the median "
          + "heuristic, docs/usage.md). Default: the data set's (see `pmbench datasets`); for your own files 6, "
          + "CIFAR-100's Table 2 value.")
  String sigma;

  /** {@code --sigma auto}. */
  static final String SIGMA_AUTO = "auto";

  /** σ as given: a number, or empty for {@code auto}; absent when not given. */
  private java.util.Optional<java.util.OptionalDouble> sigmaGiven() {
    if (sigma == null) {
      return java.util.Optional.empty();
    }
    if (sigma.strip().equalsIgnoreCase(SIGMA_AUTO)) {
      return java.util.Optional.of(java.util.OptionalDouble.empty());
    }
    try {
      return java.util.Optional.of(java.util.OptionalDouble.of(Double.parseDouble(sigma.strip())));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--sigma must be a number > 0 or auto. Provided value: " + sigma, e);
    }
  }

  /** σ for {@code data}: the given number, the median heuristic for auto, else the data set's default. */
  double sigmaFor(FeatureSet data) {
    return sigmaGiven().map(g -> g.isPresent() ? g.getAsDouble()
        : Bandwidth.medianHeuristic(data.train().features())).orElse(data.defaults().sigma());
  }

  @Option(names = "--alpha", paramLabel = "A", order = 12,
      description = "Label weight alpha. Default: the data set's (see `pmbench datasets`); for your own files 0.6, "
          + "CIFAR-100's Table 2 value.")
  Double alpha;

  @Option(names = "--k", defaultValue = "2", order = 13, description = "Embedding dimension k. Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--sigma-q", defaultValue = "1e-8", order = 14,
      description = "Std of the initial embedding Q. Default: ${DEFAULT-VALUE}.")
  double sigmaQ;

  @Option(names = "--iterations", defaultValue = "5", order = 15,
      description = "T, post-processing iterations. Default: ${DEFAULT-VALUE}.")
  int iterations;

  @Option(names = "--calibration", paramLabel = "NAME", order = 16,
      description = "Force one noise calibration at every epsilon: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  NoiseCalibration calibration;

  @Option(names = "--label-kernel", paramLabel = "NAME", order = 17,
      description = "Label kernel: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  LabelKernel labelKernel;

  @Option(names = "--feature-kernel-scale", paramLabel = "NAME", order = 18,
      description = "Feature kernel scale: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  FeatureKernelScale featureKernelScale;

  @Option(names = "--option", paramLabel = "KEY=VALUE", order = 19,
      description = "A mechanism option (repeatable): KEY applies to every mechanism of the command that declares it, "
          + "MECHANISM.KEY to that one only, e.g. --option method=PPCA or --option dp-dsne.iterations=500. "
          + "Unknown keys and bad values are refused; `pmbench mechanisms NAME` lists a mechanism's options.")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--noise-source", defaultValue = "seeded", paramLabel = "seeded|system", order = 19,
      description = "Where the private mechanisms' noise comes from: seeded (from the run's public seeds: "
          + "reproducible, a benchmark, not a release) or system (an OS-seeded DRBG with the exact discrete "
          + "samplers: results not reproducible; a run directory keeps one source). Default: ${DEFAULT-VALUE}.")
  String noiseSource;

  @Option(names = "--out", paramLabel = "DIR", order = 20,
      description = "Run directory (finished cells, the finished queries of a part-done cell and slow server "
          + "embeddings are kept there; rerunning the same command resumes). "
          + "Default: pmbench-results/[<command>-]<dataset>-<config>, where <dataset> is a short name of the "
          + "data set and <config> 8 hex digits of the configuration's fingerprint (no time: the same command "
          + "finds the same folder).")
  Path out;

  @Option(names = "--parallel", paramLabel = "N", order = 21,
      description = "Cells run at once (queries within a cell are parallel anyway; each server embedding is built "
          + "once, and cells waiting for it do not block cells needing another). Default: the number of processors, at most 4.")
  Integer parallel;

  @Option(names = "--fresh", order = 22,
      description = "Discard the cells already in the run directory (needed when the configuration changed).")
  boolean fresh;

  @Option(names = "--accept-modified", order = 22,
      description = "Resume even when cells already in the run directory do not verify (pmbench verify DIR names them).")
  boolean acceptModified;

  @Option(names = "--verbose", order = 23, description = "Print stack traces with errors.")
  boolean verbose;

  @Option(names = "--engine", defaultValue = Engine.LOCAL, paramLabel = "NAME", order = 24,
      description = "Where missing cells are computed: local (threads of this process) or spark (one Spark task per "
          + "cell; needs the pmbench-spark jar, see docs/usage.md). Cells are the same on either; a run resumes on either. "
          + "Default: ${DEFAULT-VALUE}.")
  String engine;

  @Option(names = "--master", paramLabel = "URL", order = 25,
      description = "Spark master for --engine spark, e.g. local[2] or spark://host:7077. Default: the one "
          + "spark-submit passes.")
  String master;

  /** What the last {@link #setup} chose as the server layout ({@link ServerLayoutDefault#note}), or empty. */
  private String serverLayoutNote = "";

  /**
   * What the run pipeline needs of these options: the engine computing the missing cells, whether a
   * modified run may be resumed, and whether σ and α were given; {@code optionMechanisms} are the
   * mechanisms whose options in effect provenance.json lists.
   */
  RunPipeline.Options pipeline(List<String> optionMechanisms) {
    requireRecheck(recheck);
    if (recheckOnly && recheck == null) {
      throw new IllegalArgumentException("--recheck-only needs --recheck N. Provided value: no --recheck");
    }
    return new RunPipeline.Options(engine, master, acceptModified, sigma != null, alpha != null, optionMechanisms,
        serverLayoutNote,
        budget == null ? java.util.Optional.empty() : java.util.Optional.of(CostEstimate.parseDuration(budget)),
        pilot == null ? DEFAULT_PILOT : pilot, pilot != null, recheck == null ? 0 : recheck, recheckOnly);
  }

  /** {@code --recheck N} (here and on {@code pmbench verify}): absent, or at least 1. */
  static void requireRecheck(Integer recheck) {
    if (recheck != null && recheck < 1) {
      throw new IllegalArgumentException("--recheck must be at least 1. Provided value: " + recheck);
    }
  }

  /**
   * Checks every {@code --option} against the mechanisms the command runs
   * ({@link MechanismOptions#check}): an unknown key, an ambiguous plain key or a bad value fails
   * with one line naming the mechanisms and their valid keys.
   */
  void checkOptions(List<EmbeddingMechanism> meant) {
    MechanismOptions.check(options, meant);
  }

  /**
   * Loads the data set and resolves every option ({@code command} names the default folder),
   * checking every option and each of the command's {@code epsilons} before the data set is loaded
   * (a bad value fails in a moment, not after the load); {@code meant} are the command's mechanisms.
   */
  GridSetup setup(String command, String commandLine, PrintWriter err, MechanismRegistry registry,
      List<Double> epsilons, List<EmbeddingMechanism> meant) {
    checkBeforeLoading(epsilons);
    err.println("pmbench: loading " + dataset + " ...");
    err.flush();
    return setup(command, commandLine, registry, DatasetRegistry.standard().load(dataset, dataDir.options()),
        GitInfo.ofCode(GridOptions.class, Path.of("").toAbsolutePath()), meant);
  }

  /** As the six-argument form, for a command running every registered mechanism. */
  GridSetup setup(String command, String commandLine, MechanismRegistry registry, FeatureSet data, GitInfo git) {
    return setup(command, commandLine, registry, data, git, registry.names().stream().map(registry::get).toList());
  }

  /**
   * Resolves every option around an already loaded data set (a worker of a distributed engine
   * gets it from the driver), the server layout by the gallery's size unless given
   * ({@link ServerLayoutDefault}, for the {@code meant} mechanisms).
   */
  GridSetup setup(String command, String commandLine, MechanismRegistry registry, FeatureSet data, GitInfo git,
      List<EmbeddingMechanism> meant) {
    Preset p = Preset.parse(preset);
    ProtocolConfig protocol = protocol(p);
    List<Long> seedList = parseSeeds(seeds);
    int par = parallelism();
    ServerLayoutDefault layout = ServerLayoutDefault.of(options, data.test().size(), meant);
    serverLayoutNote = layout.note();
    Preset.Builder builder = builder(p, sigmaFor(data), alpha != null ? alpha : data.defaults().alpha(),
        layout.options());
    GridSetup s = new GridSetup(dataset, data, p, builder, delta, protocol, seedList, registry,
        out != null ? out : Path.of(RunFolders.ROOT), par, fresh, commandLine, git);
    return out != null ? s : s.withOut(RunFolders.defaultOut(command, dataset, s.configTag()));
  }

  /**
   * Every check that needs no data: preset, protocol, seeds, parallelism, engine, the privacy
   * budget at each of {@code epsilons} (the one place ε and δ are validated, {@link PrivacyBudget}),
   * and the other mechanism parameters once (σ and α the given ones, else stand-ins: the data set's
   * defaults are valid by construction). Messages name the option.
   */
  void checkBeforeLoading(List<Double> epsilons) {
    Preset p = Preset.parse(preset);
    protocol(p);
    parseSeeds(seeds);
    parallelism();
    io.pmbench.experiments.sweep.Engines.requireAvailable(engine, master);
    if (budget != null) {
      CostEstimate.parseDuration(budget);
    }
    if (pilot != null && pilot < 0) {
      throw new IllegalArgumentException("--pilot must be a count of queries >= 0 (0 turns the pilot off). Provided "
          + "value: " + pilot);
    }
    Preset.Builder b = builder(p, sigmaGiven().flatMap(g -> g.isPresent() ? java.util.Optional.of(g.getAsDouble())
        : java.util.Optional.empty()).orElse(1.0), alpha != null ? alpha : 0, options);
    List<PrivacyBudget> budgets = (epsilons.isEmpty() ? List.of(0.5) : epsilons).stream()
        .map(eps -> b.budget(eps, delta)).toList(); // where ε and δ enter: validated here, once
    b.build(budgets.get(0)); // every other knob (ε-independent), checked once
  }

  private Preset.Builder builder(Preset p, double s, double a, Map<String, String> mechanismOptions) {
    Preset.Builder builder = p.builder(s, a).k(k).sigmaQ(sigmaQ).iterations(iterations)
        .options(withNoiseSource(mechanismOptions, noiseSource));
    if (calibration != null) {
      builder.calibration(calibration);
    }
    if (labelKernel != null) {
      builder.labelKernel(labelKernel);
    }
    if (featureKernelScale != null) {
      builder.featureKernelScale(featureKernelScale);
    }
    return builder;
  }

  /**
   * {@code options} with {@code --noise-source}: under {@code system}, {@code noiseSource=system}
   * and (unless given) {@code noiseSampler=secure}; under {@code seeded} nothing is added, so the
   * fingerprints of runs made before the option existed stay valid and a run directory can never
   * mix the two sources.
   */
  static Map<String, String> withNoiseSource(Map<String, String> options, String noiseSource) {
    NoiseOrigin origin;
    try {
      origin = NoiseOrigin.parse(noiseSource);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--noise-source must be one of seeded, system. Provided value: "
          + noiseSource, e);
    }
    if (origin == NoiseOrigin.SEEDED) {
      return options;
    }
    Map<String, String> out = new LinkedHashMap<>(options);
    out.put(NoiseOrigin.OPTION, origin.cliName());
    out.putIfAbsent(NoiseSampler.OPTION, NoiseSampler.SECURE.cliName());
    return out;
  }

  /** The protocol: the preset's dummies and label numbering unless {@code --[no-]dummies} or {@code --label-numbering}. */
  private ProtocolConfig protocol(Preset p) {
    LabelNumbering numbering;
    try {
      numbering = labelNumbering == null ? p.labelNumbering() : LabelNumbering.parse(labelNumbering);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--label-numbering must be joint or per-split. Provided value: "
          + labelNumbering, e);
    }
    return new ProtocolConfig(nPublic, parseQueries(queries), dummies == null ? p.dummies() : dummies,
        ks.stream().mapToInt(Integer::intValue).toArray(), GalleryIndexKind.parse(index), numbering);
  }

  private int parallelism() {
    int par = parallel != null ? parallel : Math.min(4, Runtime.getRuntime().availableProcessors());
    if (par < 1) {
      throw new IllegalArgumentException("--parallel must be >= 1. Provided value: " + par);
    }
    return par;
  }

  static int parseQueries(String s) {
    if (s.equals("all")) {
      return ProtocolConfig.ALL_QUERIES;
    }
    try {
      int n = Integer.parseInt(s.trim());
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--queries must be a positive count or 'all'. Provided value: " + s);
    }
  }

  static List<Long> parseSeeds(String s) {
    List<Long> out = new ArrayList<>();
    try {
      if (s.contains(",")) {
        for (String part : s.split(",")) {
          out.add(Long.parseLong(part.trim()));
        }
      } else {
        int n = Integer.parseInt(s.trim());
        if (n < 1) {
          throw new NumberFormatException();
        }
        for (long i = 1; i <= n; i++) {
          out.add(i);
        }
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--seeds must be a positive count or a comma list of seeds. Provided value: " + s);
    }
    if (out.stream().distinct().count() != out.size()) {
      throw new IllegalArgumentException("--seeds must not repeat a seed. Provided value: " + s);
    }
    return out;
  }
}
