package io.pmbench.filter;

import io.pmbench.core.ParameterException;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code pmbench filter --encoder vae|ppca}: which encoder a run uses and where the VAE comes from.
 *
 * <p>Without {@code --encoder} the run uses the VAE when its trainer (module {@code learn}, built
 * with {@code -Plearn}) is on the class path or a trained model for the data set is at hand (the
 * model file, or one bundled with pmbench: the built-in {@code fashion-mnist}'s, under
 * {@link #BUNDLED}), and PPCA otherwise, saying so in one line. {@code
 * --encoder vae} loads the model file ({@code --vae-model}, by default {@link #defaultModel}) if
 * it exists — checked against the data set and q, refused with one line if corrupt — and
 * otherwise trains it with the {@link VaeTrainer} and stores it there (with a {@code .txt} of its
 * provenance beside it), so later runs do not retrain. Without the trainer and without a stored
 * model it fails with one line saying how to enable it.
 */
public final class EncoderChoice {
  /** Where trained VAEs are stored by default (like {@code learned/NAME-learned} of features learn). */
  public static final String MODEL_ROOT = "learned/vae";

  /** Class-path folder of the models bundled with pmbench, named as {@link #defaultModel} names them. */
  public static final String BUNDLED = "/io/pmbench/filter/vae/";

  /** How to get the trainer, for messages. */
  public static final String ENABLE = "build the learn module (mvn -B -Plearn -pl learn -am -DskipTests package) and "
      + "run java -jar learn/target/pmbench-learn.jar filter ...";

  private EncoderChoice() {}

  /**
   * The VAE settings of a run.
   *
   * @param model the model file, or empty for {@link #defaultModel}
   * @param epochs training epochs when the model has to be trained
   * @param seed the training seed
   */
  public record VaeOptions(Optional<Path> model, int epochs, long seed) {}

  /** The VAE trainer on the class path, if any. */
  public static Optional<VaeTrainer> trainer() {
    return ServiceLoader.load(VaeTrainer.class).findFirst();
  }

  /**
   * The encoder name for option value {@code option}: "vae" or "ppca" as given; for an absent
   * option (null) "vae" when the trainer is on the class path, else "ppca" after one line to
   * {@code note}.
   */
  public static String resolve(String option, Consumer<String> note) {
    if (option == null) {
      if (trainer().isPresent()) {
        return "vae";
      }
      note.accept("encoder ppca: the VAE trainer is not on the class path (to use the paper's VAE, " + ENABLE + ")");
      return "ppca";
    }
    String o = option.strip().toLowerCase(Locale.ROOT);
    if (!o.equals("vae") && !o.equals("ppca")) {
      throw new ParameterException("encoder", "${encoder} must be vae or ppca. Provided value: " + option);
    }
    return o;
  }

  /**
   * The default encoder for {@code data} (no {@code --encoder}): "vae" when the trainer is on the
   * class path or a model for {@code data} is at hand ({@link #modelAtHand}), else "ppca" after one
   * line to {@code note}.
   */
  public static String defaultFor(FeatureSet data, int latentDim, VaeOptions vae, Consumer<String> note) {
    return modelAtHand(data, latentDim, vae) ? "vae" : resolve(null, note);
  }

  /** Whether a stored model answers {@code --encoder vae} for {@code data} without training. */
  static boolean modelAtHand(FeatureSet data, int latentDim, VaeOptions vae) {
    Path file = vae.model().orElse(defaultModel(data, latentDim, vae.epochs(), vae.seed()));
    return Files.exists(file)
        || (vae.model().isEmpty() && EncoderChoice.class.getResource(BUNDLED + file.getFileName()) != null);
  }

  /** The model bundled with pmbench under the file name of {@code file}, if there is one. */
  static Optional<VaeEncoder> bundled(Path file) {
    String name = BUNDLED + file.getFileName();
    try (var in = EncoderChoice.class.getResourceAsStream(name)) {
      return in == null ? Optional.empty() : Optional.of(VaeEncoder.parse(in.readAllBytes(), "classpath:" + name));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled VAE model classpath:" + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * The encoders of option value {@code option}: one name, or "vae,ppca" for both (each once, in
   * the order given); absent (null): {@link #resolve}'s default.
   */
  public static java.util.List<String> resolveAll(String option, Consumer<String> note) {
    if (option == null) {
      return java.util.List.of(resolve(null, note));
    }
    java.util.List<String> names = new java.util.ArrayList<>();
    for (String part : option.split(",")) {
      String name = resolve(part, note);
      if (names.contains(name)) {
        throw new ParameterException("encoder", "${encoder} must name each encoder once. Provided value: "
            + option);
      }
      names.add(name);
    }
    return names;
  }

  /** The encoder source of {@link FilterExperiment#run(FeatureSet, FilterExperiment.Config, Function, Consumer)}. */
  public static Function<FeatureSet, Encoder> source(String name, FilterExperiment.Config cfg, VaeOptions vae,
      Consumer<String> log) {
    if (name.equals("ppca")) {
      return data -> PpcaEncoder.fit(data.train().features(), cfg.latentDim(), cfg.threads());
    }
    return data -> vae(data, cfg.latentDim(), vae, log);
  }

  /**
   * {@code learned/vae/<name>-<first 12 hex of the data set's SHA-256>-q<q>-e<epochs>-seed<seed>.vae}.
   */
  public static Path defaultModel(FeatureSet data, int latentDim, int epochs, long seed) {
    String name = data.name().replaceAll("[^A-Za-z0-9._-]+", "_");
    name = name.substring(0, Math.min(40, name.length()));
    return Path.of(MODEL_ROOT, String.format(Locale.ROOT, "%s-%s-q%d-e%d-seed%d.vae", name,
        data.sha256().substring(0, Math.min(12, data.sha256().length())), latentDim, epochs, seed));
  }

  /** Loads the stored VAE or trains and stores it (class comment). */
  static VaeEncoder vae(FeatureSet data, int latentDim, VaeOptions opts, Consumer<String> log) {
    Path file = opts.model().orElse(defaultModel(data, latentDim, opts.epochs(), opts.seed()));
    Optional<VaeEncoder> bundled = Files.exists(file) || opts.model().isPresent() ? Optional.empty() : bundled(file);
    if (Files.exists(file) || bundled.isPresent()) {
      VaeEncoder e = bundled.orElseGet(() -> VaeEncoder.read(file));
      String trainedOn = e.header().getOrDefault("dataset_sha256", "?");
      if (!trainedOn.equals(data.sha256()) || e.latentDim() != latentDim || e.inputDim() != data.dimension()) {
        throw new ParameterException("vaeModel", "VAE model " + file + " was trained for data set SHA-256 " + trainedOn
            + " with " + e.inputDim() + " -> " + e.latentDim() + " dimensions, not this run's " + data.sha256() + " with "
            + data.dimension() + " -> " + latentDim + "; pass another ${vaeModel} or delete it to retrain");
      }
      log.accept("VAE encoder " + e.architecture() + " loaded from " + e.source() + " (trained "
          + e.header().getOrDefault("epochs", "?") + " epochs, " + e.header().getOrDefault("wall_seconds", "?")
          + " s; not retrained)");
      return e;
    }
    VaeTrainer trainer = trainer().orElseThrow(() -> new ParameterException("encoder", "${encoder} vae: no trained model at "
        + file + " and the VAE trainer is not on the class path; " + ENABLE + ", or use ${encoder} ppca"));
    VaeTrainer.Config cfg = VaeTrainer.Config.paper(latentDim, opts.epochs(), opts.seed());
    log.accept("VAE encoder " + cfg.architecture(data.dimension()) + ": training " + cfg.epochs() + " epochs on "
        + data.train().size() + " rows with " + trainer.description() + " (stored in " + file + ")");
    VaeEncoder trained = trainer.train(data.train().features(), cfg, log);
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("dataset", data.name());
    extra.put("dataset_sha256", data.sha256());
    extra.put("train_rows", Integer.toString(data.train().size()));
    VaeEncoder stored = trained.withHeader(extra);
    try {
      stored.write(file);
      StringBuilder txt = new StringBuilder();
      stored.header().forEach((k, v) -> txt.append(k).append(" = ").append(v).append('\n'));
      AtomicFiles.write(Path.of(file + ".txt"), out -> out.write(txt.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the VAE model " + file + ": " + e.getMessage(), e);
    }
    return VaeEncoder.read(file);
  }
}
