package io.pmbench.extract;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.format.NpyWriter;
import io.pmbench.datasets.images.ImageLayout;
import io.pmbench.datasets.images.Split;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of an extracted data set, in one folder: {@value #TRAIN}, {@value #TEST} (float32,
 * rows × dim, the network's raw features: pmbench L2-normalises rows when it loads them),
 * {@value #TRAIN_LABELS}, {@value #TEST_LABELS} (int32, the layout's 0-based labels), the
 * descriptor {@code NAME.yaml} (docs/DATASETS.md §6: split by files, every file's SHA-256 pinned;
 * its comment header records the model, its SHA-256, the preprocessing, the source and the split
 * rule, which the descriptor format has no keys for) and {@value #PROVENANCE}. Every file is
 * written to a temporary name and renamed; all but provenance are a pure function of the images
 * and the model.
 */
final class ExtractedDataset {
  static final String TRAIN = "train.npy";
  static final String TEST = "test.npy";
  static final String TRAIN_LABELS = "train-labels.npy";
  static final String TEST_LABELS = "test-labels.npy";
  static final String PROVENANCE = "provenance.json";

  /** What the descriptor says beside the arrays. */
  record About(String name, ImageLayout layout, ModelSpec model, Map<String, Object> sources, double sigma, double alpha,
      String defaultsSource) {}

  private ExtractedDataset() {}

  /**
   * Writes the four arrays, the descriptor and {@code provenance} into {@code dir}.
   *
   * @return the descriptor
   */
  static Path write(Path dir, About about, Map<Split, Extraction> splits, Map<String, Object> provenance)
      throws IOException {
    int dim = about.model().dim();
    Map<String, byte[]> arrays = new LinkedHashMap<>();
    Extraction train = splits.get(Split.TRAIN);
    Extraction test = splits.get(Split.TEST);
    arrays.put(TRAIN, NpyWriter.float32(train.features(), train.labels().length, dim));
    arrays.put(TRAIN_LABELS, NpyWriter.int32(train.labels()));
    arrays.put(TEST, NpyWriter.float32(test.features(), test.labels().length, dim));
    arrays.put(TEST_LABELS, NpyWriter.int32(test.labels()));
    Map<String, Object> files = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> a : arrays.entrySet()) {
      AtomicFiles.writeBytes(dir.resolve(a.getKey()), a.getValue());
      files.put(a.getKey().replace(".npy", "").replace('-', '_'),
          ordered("path", a.getKey(), "sha256", Checksums.hex(Checksums.sha256().digest(a.getValue()))));
    }
    Path descriptor = dir.resolve(about.name() + ".yaml");
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    String text = yaml.writeValueAsString(descriptor(about, files, splits));
    AtomicFiles.write(descriptor, w -> w.write(header(about) + text));
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    AtomicFiles.write(dir.resolve(PROVENANCE), w -> w.write(json.writeValueAsString(provenance) + "\n"));
    return descriptor;
  }

  /** The comment header: what the descriptor's keys cannot say. */
  static String header(About a) {
    StringBuilder s = new StringBuilder();
    s.append("# Written by pmbench features extract; ").append(PROVENANCE).append(" beside it says how.\n");
    s.append("# model: ").append(a.model().name()).append(" (").append(a.model().file()).append(", SHA-256 ")
        .append(a.model().sha256()).append("), output ").append(a.model().features()).append(", ")
        .append(a.model().dim()).append("-d, raw (rows are L2-normalised on load)\n");
    s.append("# preprocessing: ").append(Preprocessing.rule(a.model().side())).append('\n');
    s.append("# source: ").append(a.layout().name()).append(':').append(a.layout().source()).append('\n');
    for (Map.Entry<String, Object> f : a.sources().entrySet()) {
      s.append("#   ").append(f.getKey()).append(": ").append(f.getValue()).append('\n');
    }
    s.append("# split: ").append(a.layout().splitRule()).append('\n');
    s.append("# labels: 0-based, label k = class name k of the source (").append(a.layout().classNames().size())
        .append(" classes)\n");
    return s.toString();
  }

  private static Map<String, Object> descriptor(About a, Map<String, Object> files, Map<Split, Extraction> splits) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("pmbench", "dataset/1");
    d.put("name", a.name());
    d.put("title", a.layout().title() + "; " + a.model().title() + " (" + a.model().dim() + "-d; "
        + splits.get(Split.TRAIN).labels().length + " train, " + splits.get(Split.TEST).labels().length + " test)");
    d.put("licence", a.layout().licence() + ". Features: " + a.model().citation() + ", via pmbench features extract");
    Map<String, Object> defaults = new LinkedHashMap<>();
    defaults.put("sigma", a.sigma());
    defaults.put("alpha", a.alpha());
    defaults.put("source", a.defaultsSource());
    d.put("defaults", defaults);
    d.put("files", files);
    d.put("split", ordered("by", "files",
        "train", ordered("features", Map.of("file", "train"), "labels", Map.of("file", "train_labels")),
        "test", ordered("features", Map.of("file", "test"), "labels", Map.of("file", "test_labels"))));
    return d;
  }

  /**
   * A map that keeps the order of its keys (given as key, value, key, value, ...): {@code Map.of}
   * iterates in an order that changes from one JVM to the next, which would change the bytes of the
   * descriptor from run to run.
   */
  static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }
}
