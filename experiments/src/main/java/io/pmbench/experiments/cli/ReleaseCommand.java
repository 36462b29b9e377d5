package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.GalleryIndexKind;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.runs.AtomicFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code pmbench release}: what a real client runs — one query's privatised embedding with
 * {@code --noise-source system} noise, and its privacy statement.
 *
 * <p>Randomness: the public set P is the protocol's for {@code --seed} (the server must know it);
 * the privacy noise comes from an OS-seeded DRBG through the exact discrete samplers
 * ({@link NoiseOrigin#SYSTEM}); the client's other secrets — the dummy rows P_r and the
 * mechanism's internal randomness (PrivateMail's Q) — come from a stream seeded by that DRBG, so
 * nothing of the release is a function of public values. Nothing is reproducible, by design.
 */
@Command(name = "release", mixinStandardHelpOptions = true,
    header = "Releases one query's privatised embedding with unpredictable noise (a real client's run).",
    description = {"Embeds one query (a .npy row, or a CSV line whose last column is its label) with the public set "
        + "P of --dataset and --seed as the protocol draws it, and writes the client's release (one row per row of "
        + "D = [r; P_r; P], row 0 the query) and its privacy statement (JSON). The noise comes from an OS-seeded "
        + "DRBG (--noise-source system) with the exact discrete samplers; dummies and internal randomness from a "
        + "stream that DRBG seeds. Bad input: one line, exit 2."})
public final class ReleaseCommand extends CliCommand {
  @Option(names = "--query", required = true, paramLabel = "FILE",
      description = "The query's features: a .npy of one row (shape (1, d)) or a CSV of one line, the "
          + "label in the last column.")
  Path query;

  @Option(names = "--label", paramLabel = "ID",
      description = "The query's class id, as the data set numbers its labels (required for .npy; a CSV carries it).")
  Integer label;

  @Option(names = "--dataset", defaultValue = "fashion-mnist", paramLabel = "SPEC",
      description = "The data set whose train split holds the public set (as for run). Default: ${DEFAULT-VALUE}.")
  String dataset;

  @Mixin
  DataDirOption dataDir = new DataDirOption();

  @Option(names = "--seed", defaultValue = "1", description = "Run seed choosing P as the protocol does. Default: "
      + "${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--public", defaultValue = "1000", paramLabel = "N", description = "Size of P. Default: "
      + "${DEFAULT-VALUE}.")
  int nPublic;

  @Option(names = "--mechanism", defaultValue = "privatemail", paramLabel = "NAME",
      description = "A differentially private mechanism. Default: ${DEFAULT-VALUE}.")
  String mechanism;

  @Option(names = "--preset", defaultValue = "corrected", paramLabel = "NAME",
      description = "Fidelity preset (docs/SPEC.md section 8). Default: ${DEFAULT-VALUE}.")
  String preset;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "1", description = "epsilon. Default: ${DEFAULT-VALUE}.")
  double epsilon;

  @Option(names = "--delta", defaultValue = "1e-5", description = "delta. Default: ${DEFAULT-VALUE}.")
  double delta;

  @Option(names = "--k", defaultValue = "2", description = "Embedding dimension k. Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--option", paramLabel = "KEY=VALUE",
      description = "An option of the mechanism (repeatable; `pmbench mechanisms NAME` lists them).")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--out", defaultValue = "release.csv", paramLabel = "FILE",
      description = "The release: .csv (one row per line) or .npy (float64). The statement goes beside it as "
          + "<name>.privacy.json. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Mixin
  VerboseOption verbose = new VerboseOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    Preset p = Preset.parse(preset);
    params(p, 1, 0); // every parameter checked before anything is loaded
    EmbeddingMechanism m = MechanismRegistry.discover().get(mechanism);
    MechanismOptions.check(options, List.of(m));
    ReleaseFiles.Kind kind = ReleaseFiles.Kind.of(out);
    QueryInput input = QueryInput.read(query, label == null ? OptionalInt.empty() : OptionalInt.of(label));
    err.println("pmbench release: loading " + dataset + " ...");
    err.flush();
    FeatureSet data = DatasetRegistry.standard().load(dataset, dataDir.options());
    MechanismParams params = params(p, data.defaults().sigma(), data.defaults().alpha()).forMechanism(m.name());
    m.validate(params);
    if (nPublic > data.train().size()) {
      throw new IllegalArgumentException("--public must be <= the train split's " + data.train().size()
          + " rows. Provided value: " + nPublic);
    }
    ProtocolRunner runner = new ProtocolRunner(data, new ProtocolConfig(nPublic, 1, p.dummies(), new int[] {1},
        GalleryIndexKind.EXACT, LabelNumbering.JOINT));
    float[] row = input.row(data.dimension());
    ProtocolRunner.Sides sides = runner.sides(m, params, seed);
    SecureRandom drbg = NoiseOrigin.drbg();
    ClientData d = runner.clientData(runner.context(seed), row, input.label(), new SplittableRandom(drbg.nextLong()));
    ClientRelease release = sides.client().embed(d, new SplittableRandom(drbg.nextLong()));
    Guarantee g = release.claim().guarantee();
    if (g != Guarantee.APPROXIMATE_DP && g != Guarantee.PURE_DP) {
      throw new IllegalArgumentException("--mechanism must be differentially private at these settings (its claim: "
          + release.claim().summary() + "). Provided value: " + mechanism);
    }
    Path statement = ReleaseFiles.statementPath(out);
    kind.write(out, release.embedding());
    AtomicFiles.write(statement, w -> ReleaseFiles.statement(w, release, m.name(), params,
        new ReleaseFiles.Origin(dataset, data.sha256(), seed, nPublic, d.publicOffset())));
    PrintWriter stdout = out();
    stdout.println("pmbench release: " + release.embedding().rows() + " x " + release.embedding().dim()
        + " release of " + m.name() + ", " + release.claim().summary() + ", in " + out + "; statement in "
        + statement + "; " + NoiseOrigin.SYSTEM_STATEMENT);
    stdout.flush();
    return 0;
  }

  /** The mechanism parameters at (ε, δ): the preset's, σ and α given, system noise. */
  private MechanismParams params(Preset p, double sigma, double alpha) {
    if (nPublic < 2) {
      throw new IllegalArgumentException("--public must be >= 2. Provided value: " + nPublic);
    }
    Map<String, String> opts = GridOptions.withNoiseSource(options, NoiseOrigin.SYSTEM.cliName());
    return p.builder(sigma, alpha).k(k).options(opts).build(epsilon, delta);
  }
}
