package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.runs.GitInfo;
import io.pmbench.runs.Provenance;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything an experiment shares across its cells: the loaded data set, preset and parameter
 * builder, δ, protocol, seeds, the mechanism registry and where the run goes.
 *
 * @param datasetSpec the data set as given on the command line
 * @param data the loaded feature set
 * @param preset the fidelity preset
 * @param params the preset builder carrying every override (read only through {@link #params})
 * @param delta δ of every private mechanism
 * @param protocol the protocol settings
 * @param seeds run seeds, in order
 * @param registry the mechanisms
 * @param out the run directory
 * @param parallel cells run at once
 * @param fresh discard cells of another configuration
 * @param commandLine the command line as typed
 * @param git the checkout's commit
 */
public record GridSetup(
    String datasetSpec,
    FeatureSet data,
    Preset preset,
    Preset.Builder params,
    double delta,
    ProtocolConfig protocol,
    List<Long> seeds,
    MechanismRegistry registry,
    Path out,
    int parallel,
    boolean fresh,
    String commandLine,
    GitInfo git) {
  public GridSetup {
    seeds = List.copyOf(seeds);
  }

  /**
   * The setup a worker of a distributed engine computes {@code grid}'s cells under: the driver's
   * configuration around the data set it shipped; the run directory, parallelism and command line
   * stay the driver's business.
   */
  public static GridSetup of(Grid grid, FeatureSet data, MechanismRegistry registry, GitInfo git) {
    return new GridSetup(grid.datasetSpec(), data, grid.preset(), grid.params(), grid.delta(), grid.protocol(),
        grid.seeds(), registry, Path.of(RunFolders.ROOT), 1, false, "", git);
  }

  /** The configuration of this setup's cells as one serialisable value. */
  public Grid grid() {
    return new Grid(datasetSpec, preset, params, delta, protocol, seeds);
  }

  /** The same setup writing into another directory (a part of a larger run). */
  public GridSetup withOut(Path dir) {
    return new GridSetup(datasetSpec, data, preset, params, delta, protocol, seeds, registry, dir, parallel, fresh,
        commandLine, git);
  }

  /** The same setup under another protocol (e.g. the other label numbering, for the claims' {@code ids} part). */
  public GridSetup withProtocol(ProtocolConfig other) {
    return new GridSetup(datasetSpec, data, preset, params, delta, other, seeds, registry, out, parallel, fresh,
        commandLine, git);
  }

  /** The parameters at ε (the preset's calibration rule applies per ε unless forced). */
  public MechanismParams params(double epsilon) {
    return params.build(epsilon, delta);
  }

  /** Queries per cell under this protocol. */
  public int queriesPerCell() {
    int n = data.test().size();
    return protocol.nQueries() == ProtocolConfig.ALL_QUERIES ? n : Math.min(n, protocol.nQueries());
  }

  /**
   * The configuration a cell's numbers depend on, besides its key: data set (spec, name,
   * content SHA-256), preset, δ, protocol and the mechanism parameters. The parameters (every
   * knob, the options as given) are recorded once per regime of the noise calibration rule
   * ({@link Preset.Builder#describe(double, boolean)}): below ε = 1 and from ε = 1, where
   * {@code paper} switches CLASSIC to ANALYTIC; the two entries keep the names and contents they
   * always had, so the fingerprints of existing run directories stay valid.
   * The protocol's label numbering is listed when it is not {@code joint} (runs made before it
   * existed were joint, and their fingerprints stay valid).
   */
  public Map<String, Object> config(Map<String, ?> experimentExtras) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dataset", datasetSpec);
    m.put("datasetName", data.name());
    m.put("datasetSha256", data.sha256());
    m.put("preset", preset.cliName());
    m.put("delta", delta);
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("nPublic", protocol.nPublic());
    p.put("nQueries", protocol.nQueries() == ProtocolConfig.ALL_QUERIES ? "all" : protocol.nQueries());
    p.put("dummies", protocol.dummies());
    p.put("ks", protocol.ks());
    p.put("index", protocol.index().cliName());
    if (protocol.labelNumbering() != LabelNumbering.JOINT) {
      p.put("labelNumbering", protocol.labelNumbering().cliName()); // absent = joint, as in runs made before it
    }
    m.put("protocol", p);
    m.put("paramsBelowEpsilonOne", params.describe(delta, false));
    m.put("paramsAtEpsilonOneAndAbove", params.describe(delta, true));
    m.put("experiment", new TreeMap<>(experimentExtras));
    return m;
  }

  /**
   * The first 8 hex digits of the fingerprint of {@link #config} (without experiment extras),
   * which names the default run directory ({@link RunFolders}).
   */
  public String configTag() {
    return Manifest.of("", config(Map.of()), Map.of(), "").fingerprint().substring(0, 8);
  }

  /**
   * The run's settings as the first console lines and the report state them: data set and its
   * σ, α (and where the defaults come from), preset, label numbering, dummies, client Q and the
   * run directory.
   *
   * @param defaultsSource where the data set's default σ, α come from, in words
   */
  public String settingsLine(boolean sigmaGiven, boolean alphaGiven, String defaultsSource) {
    MechanismParams p = params(0.5);
    String shortName = RunFolders.shortName(datasetSpec);
    String source = sigmaGiven && alphaGiven ? "" : " [defaults: " + defaultsSource + "]";
    return String.format(java.util.Locale.ROOT,
        "data set %s; sigma %s%s, alpha %s%s%s; preset %s; label numbering %s; dummy queries %s; client Q %s; "
            + "results in %s",
        shortName.equals(datasetSpec.strip()) ? shortName : shortName + " (" + datasetSpec.strip() + ")",
        fmt(p.sigma()), sigmaGiven ? " (--sigma)" : " (default)", fmt(p.alpha()),
        alphaGiven ? " (--alpha)" : " (default)", source, preset.cliName(), protocol.labelNumbering().cliName(),
        protocol.dummies() ? "on" : "off", p.sharedClientQ() ? "one per seed, shared by every query" : "one per query",
        out);
  }

  /**
   * Where the private mechanisms' noise comes from, as one line every console run and report
   * opens with: {@code noise source seeded: noise reproducible from public seeds — a benchmark, not
   * a release}, or the {@code system} statement.
   */
  public String noiseLine() {
    NoiseOrigin o = params(0.5).noiseOrigin();
    return "noise source " + o.cliName() + ": " + o.statement();
  }

  /** The protocol in words: public set, queries per seed, the K of Recall@K and the index. */
  public String protocolText() {
    String queries = protocol.nQueries() == ProtocolConfig.ALL_QUERIES ? "every test row as a query"
        : protocol.nQueries() + " queries per seed";
    return String.format(java.util.Locale.ROOT, "public set of %d train rows, %s, Recall@%s, %s k-NN index",
        protocol.nPublic(), queries, java.util.Arrays.stream(protocol.ks()).mapToObj(Integer::toString)
            .collect(java.util.stream.Collectors.joining(",")), protocol.index().cliName());
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** Provenance of this run, ended now. */
  public Provenance provenance(Map<String, ?> config, Instant start) {
    return Provenance.of(commandLine, config, seeds, data.name(), data.sha256(), data.fileChecksums(), git, start,
        Instant.now());
  }
}
