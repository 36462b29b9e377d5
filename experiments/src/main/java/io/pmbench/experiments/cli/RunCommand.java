package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.sweep.RunSpec;
import io.pmbench.experiments.sweep.Summaries;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.reports.CellSummary;
import io.pmbench.reports.GitInfo;
import io.pmbench.reports.Provenance;
import io.pmbench.reports.ResultWriter;
import io.pmbench.reports.ResultsTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmbench run}: one grid of (mechanism × ε × seed) on one data set. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs the retrieval protocol (SPEC.md sections 1-2) for every mechanism x epsilon x seed and",
        "writes results.csv (one row per cell), summary.csv (mean and 95% interval over seeds),",
        "timings.csv and provenance.json into the output folder, then prints the summary table."})
public final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_MECHANISMS = "features,smlq,privatemail,label-only,random";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Option(names = "--dataset", defaultValue = "fashion-mnist", paramLabel = "SPEC",
      description = "Data set: a registered name or name:argument (see `pmbench datasets`). Default: ${DEFAULT-VALUE}.")
  String dataset;

  @Option(names = "--mechanisms", defaultValue = DEFAULT_MECHANISMS, split = ",", paramLabel = "NAME",
      description = "Comma list of mechanisms, or 'all' (see `pmbench mechanisms`). Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = "--preset", defaultValue = "paper", paramLabel = "NAME",
      description = "Fidelity preset: paper, official-code or corrected (SPEC.md section 8). Under paper, "
          + "epsilon < 1 uses CLASSIC noise and epsilon >= 1 ANALYTIC. Default: ${DEFAULT-VALUE}.")
  String preset;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.1", split = ",", paramLabel = "EPS",
      description = "Comma list of epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Option(names = "--delta", defaultValue = "1e-5", description = "delta of every private mechanism. Default: ${DEFAULT-VALUE}.")
  double delta;

  @Option(names = "--seeds", defaultValue = "3", paramLabel = "N|S1,S2,..",
      description = "Number of seeds (runs seeds 1..N) or an explicit comma list. Default: ${DEFAULT-VALUE}.")
  String seeds;

  @Option(names = "--queries", defaultValue = "1000", paramLabel = "N|all",
      description = "Queries per seed: a seeded sample of N gallery rows, or 'all'. Default: ${DEFAULT-VALUE}.")
  String queries;

  @Option(names = "--public", defaultValue = "1000", paramLabel = "N",
      description = "Size of the public set P drawn from train. Default: ${DEFAULT-VALUE}.")
  int nPublic;

  @Option(names = {"--recall-at", "-K"}, defaultValue = "1,2,4,8", split = ",", paramLabel = "K",
      description = "Comma list of K for Recall@K. Default: ${DEFAULT-VALUE}.")
  List<Integer> ks;

  @Option(names = "--no-dummies", description = "Switch off the dummy queries P_r (on by default).")
  boolean noDummies;

  @Option(names = "--sigma", paramLabel = "S", description = "Kernel bandwidth sigma. Default: the data set's Table 2 value.")
  Double sigma;

  @Option(names = "--alpha", paramLabel = "A", description = "Label weight alpha. Default: the data set's Table 2 value.")
  Double alpha;

  @Option(names = "--k", defaultValue = "2", description = "Embedding dimension k. Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--sigma-q", defaultValue = "1e-8", description = "Std of the initial embedding Q. Default: ${DEFAULT-VALUE}.")
  double sigmaQ;

  @Option(names = "--iterations", defaultValue = "5", description = "T, post-processing iterations. Default: ${DEFAULT-VALUE}.")
  int iterations;

  @Option(names = "--calibration", paramLabel = "NAME",
      description = "Force one noise calibration at every epsilon: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  NoiseCalibration calibration;

  @Option(names = "--label-kernel", paramLabel = "NAME",
      description = "Label kernel: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  LabelKernel labelKernel;

  @Option(names = "--feature-kernel-scale", paramLabel = "NAME",
      description = "Feature kernel scale: ${COMPLETION-CANDIDATES}. Default: the preset's.")
  FeatureKernelScale featureKernelScale;

  @Option(names = "--option", paramLabel = "KEY=VALUE",
      description = "A mechanism-specific option (repeatable), e.g. --option method=PPCA.")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder. Default: pmbench-results/<dataset>-<UTC time>.")
  Path out;

  @Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = cmd.commandLine().getErr();
    PrintWriter outWriter = cmd.commandLine().getOut();
    Instant start = Instant.now();
    MechanismRegistry registry = MechanismRegistry.discover();
    List<String> names = mechanisms.size() == 1 && mechanisms.get(0).equals("all") ? registry.names() : mechanisms;
    names.forEach(registry::get); // unknown names fail here, listing the known ones
    Preset p = Preset.parse(preset);
    ProtocolConfig protocol = new ProtocolConfig(nPublic, parseQueries(queries), !noDummies,
        ks.stream().mapToInt(Integer::intValue).toArray());
    List<Long> seedList = parseSeeds(seeds);
    err.println("pmbench: loading " + dataset + " ...");
    err.flush();
    FeatureSet data = DatasetRegistry.standard().load(dataset);
    Preset.Builder builder = p.builder(sigma != null ? sigma : data.defaults().sigma(),
        alpha != null ? alpha : data.defaults().alpha()).k(k).sigmaQ(sigmaQ).iterations(iterations).options(options);
    if (calibration != null) {
      builder.calibration(calibration);
    }
    if (labelKernel != null) {
      builder.labelKernel(labelKernel);
    }
    if (featureKernelScale != null) {
      builder.featureKernelScale(featureKernelScale);
    }
    RunSpec spec = new RunSpec(dataset, names, p, epsilons, delta, seedList, protocol, builder);
    Path dir = out != null ? out : defaultOut(data.name(), start);
    err.printf("pmbench: %s, %d train / %d test rows of %d, %d classes; %d cells (%s x eps %s x seeds %s), %s%n",
        data.name(), data.train().size(), data.test().size(), data.dimension(), data.numClasses(), spec.cells(),
        names, epsilons, seedList, protocol);
    err.flush();
    List<CellResult> results;
    try (Progress progress = Progress.start(err, "pmbench run", (long) spec.cells() * expectedQueries(protocol, data))) {
      results = Sweep.run(spec, data, registry, progress);
    }
    List<CellSummary> rows = new ArrayList<>();
    for (CellResult r : results) {
      rows.add(Summaries.of(r, p.cliName()));
    }
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("dataset", dataset);
    config.put("mechanisms", names);
    config.put("preset", p.cliName());
    config.put("epsilons", epsilons);
    config.put("delta", delta);
    config.put("protocol", protocol.toString());
    config.put("params", Sweep.params(spec, data, epsilons.get(0)).describe());
    config.put("paramsNote", "params shown at the first epsilon; the calibration follows the preset's rule per epsilon");
    Provenance prov = Provenance.of(String.join(" ", cmd.commandLine().getParseResult().originalArgs()), config,
        seedList, data.name(), data.sha256(), data.fileChecksums(), GitInfo.detect(Path.of("").toAbsolutePath()), start,
        Instant.now());
    ResultWriter.ResultFiles files = ResultWriter.write(dir, rows, prov);
    outWriter.println(ResultsTable.toConsole(ResultsTable.aggregate(rows)));
    outWriter.println("Results: " + files.results().getParent().toAbsolutePath());
    outWriter.println("  " + files.results().getFileName() + " (per seed), " + files.summary().getFileName()
        + " (over seeds), " + files.timings().getFileName() + ", " + files.provenance().getFileName());
    outWriter.flush();
    return 0;
  }

  private static int expectedQueries(ProtocolConfig protocol, FeatureSet data) {
    int n = data.test().size();
    return protocol.nQueries() == ProtocolConfig.ALL_QUERIES ? n : Math.min(n, protocol.nQueries());
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

  private static Path defaultOut(String dataset, Instant start) {
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
    return Path.of("pmbench-results", dataset + "-" + stamp);
  }
}
