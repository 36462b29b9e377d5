package io.pmbench.learn;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.experiments.learn.FeatureLearner;
import io.pmbench.experiments.learn.LearnRequest;
import io.pmbench.experiments.learn.TrainingListener;
import io.pmbench.runs.CodeVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.tensorflow.TensorFlow;

/**
 * {@code pmbench features learn} with TensorFlow Java: trains the default {@link TrainingConfig}
 * (a CNN on images) or, with {@code --head k}, the default {@link HeadConfig} (a linear head on
 * frozen features), {@code --epochs} overriding the epoch count, on the train split, and writes
 * the {@link LearnedDataset}.
 */
public final class TensorFlowLearner implements FeatureLearner {
  @Override
  public String description() {
    return "TensorFlow Java " + javaApiVersion() + " (native " + TensorFlow.version() + ")";
  }

  @Override
  public Path learn(FeatureSet data, LearnRequest request, TrainingListener listener) throws IOException {
    if (request.head().isPresent()) {
      return learnHead(data, request, listener);
    }
    TrainingConfig defaults = TrainingConfig.defaults(data.train().size(), Trainer.side(data));
    TrainingConfig cfg = request.epochs().isPresent() ? defaults.withEpochs(request.epochs().getAsInt()) : defaults;
    long start = System.nanoTime();
    Trainer.Outcome o = Trainer.train(data, cfg, request.seed(), listener);
    double seconds = (System.nanoTime() - start) / 1e9;
    return LearnedDataset.write(request.out(), request.name(), data, o, "features of a CNN trained on its train split",
        List.of(), provenance(data, request, cfg.toString(), cfg.epochs(), o, seconds));
  }

  private static Path learnHead(FeatureSet data, LearnRequest request, TrainingListener listener) throws IOException {
    HeadConfig defaults = HeadConfig.defaults(request.head().getAsInt(), request.hidden().orElse(0),
        data.train().size());
    HeadConfig cfg = request.epochs().isPresent() ? defaults.withEpochs(request.epochs().getAsInt()) : defaults;
    long start = System.nanoTime();
    HeadTrainer.Selection chosen = null;
    if (request.selectEpochs().isPresent()) {
      chosen = HeadTrainer.selectEpochs(data, cfg, request.selectEpochs().getAsInt(), request.seed(), listener);
      cfg = cfg.withEpochs(chosen.epochs());
      listener.message(chosen.epochs() + " epochs chosen on the held-out train classes; training on every train class");
    }
    Trainer.Outcome o = HeadTrainer.train(data, cfg, request.seed(), listener);
    double seconds = (System.nanoTime() - start) / 1e9;
    Map<String, Object> p = provenance(data, request, cfg.toString(), cfg.epochs(), o, seconds);
    p.put("input", FROZEN);
    p.put("determinism", "initial weights and proxies drawn in Java from the seed; batch order from the seed; one "
        + "TensorFlow thread; every Adam update after every gradient: a rerun with the same seed, oneDNN setting and "
        + "CPU writes bit-identical files");
    if (chosen != null) {
      Map<String, Object> sel = new LinkedHashMap<>();
      sel.put("rule", "epochs = the first maximum of Recall@1 on held-out train classes (every "
          + HeadTrainer.HELD_OUT_EVERY + "th, drawn from the seed) of a head trained on the other train classes; the "
          + "test split is not read");
      sel.put("max_epochs", request.selectEpochs().getAsInt());
      sel.put("held_out_classes", chosen.heldOutClasses());
      sel.put("held_out_rows", chosen.heldOutRows());
      sel.put("held_out_recall_at_1", chosen.heldOutRecall());
      sel.put("epochs", chosen.epochs());
      p.put("epoch_selection", sel);
    }
    List<String> header = List.of(
        "source: " + data.name() + " (--dataset " + request.datasetSpec() + "), sha256 " + data.sha256(),
        "input: " + FROZEN,
        "head: " + o.architecture(),
        "trained on: train split only (" + data.train().size() + " rows, " + o.classes() + " classes); test split "
            + "only projected",
        "training: " + cfg + ", seed " + request.seed() + (chosen == null ? "" : "; epochs chosen by Recall@1 on "
            + chosen.heldOutClasses().length + " held-out train classes in 1.." + request.selectEpochs().getAsInt()));
    return LearnedDataset.write(request.out(), request.name(), data, o, "projections of its features by a "
        + (cfg.hidden() == 0 ? "linear head" : "one-hidden-layer head") + " trained on its train split's classes",
        header, p);
  }

  /** What the head's input is, in words (descriptor and provenance). */
  static final String FROZEN = "frozen features: the source set's rows, not changed by training (only the head and "
      + "its proxies are trained)";

  /** The version of tensorflow-core-api, from its jar's Maven properties. */
  static String javaApiVersion() {
    try (InputStream in = TensorFlow.class.getResourceAsStream(
        "/META-INF/maven/org.tensorflow/tensorflow-core-api/pom.properties")) {
      Properties props = new Properties();
      if (in != null) {
        props.load(in);
      }
      return props.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  static Map<String, Object> provenance(FeatureSet data, LearnRequest request, String training, int epochs,
      Trainer.Outcome o, double seconds) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("command", request.invocation());
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("spec", request.datasetSpec());
    source.put("name", data.name());
    source.put("sha256", data.sha256());
    source.put("train_rows", data.train().size());
    source.put("test_rows", data.test().size());
    source.put("trained_on", "train split only (" + o.classes() + " classes); test split only embedded");
    p.put("dataset", source);
    p.put("seed", request.seed());
    p.put("architecture", o.architecture());
    p.put("parameters", o.parameters());
    p.put("training", training);
    p.put("epochs", epochs);
    p.put("loss_curve", o.lossCurve());
    p.put("epoch_seconds", o.epochSeconds());
    p.put("wall_seconds", seconds);
    p.put("tensorflow", TensorFlow.version() + " (native library), TensorFlow Java " + javaApiVersion());
    p.put("threads", EmbeddingNet.threadSettings());
    p.put("determinism", "initial weights drawn in Java from the seed; batch order and shifts from the seed; one "
        + "TensorFlow thread; every Adam update after every gradient: a rerun with the same seed, oneDNN setting and "
        + "CPU writes bit-identical files");
    p.put("code_version", CodeVersion.current());
    p.put("java", System.getProperty("java.version") + " " + System.getProperty("os.arch"));
    p.put("cores", Runtime.getRuntime().availableProcessors());
    p.put("finished", Instant.now().toString());
    p.put("mean_epoch_seconds", Arrays.stream(o.epochSeconds()).average().orElse(0));
    return p;
  }
}
