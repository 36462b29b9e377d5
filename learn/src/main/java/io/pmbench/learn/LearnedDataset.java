package io.pmbench.learn;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.format.NpyWriter;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of a learned data set, in one folder: {@value #TRAIN}, {@value #TEST} (float32,
 * rows × embedding), {@value #TRAIN_LABELS}, {@value #TEST_LABELS} (int32, the source set's labels
 * unchanged), the descriptor {@code NAME.yaml} (NAME e.g. {@code omniglot-learned}) (docs/DATASETS.md §6, split by files, every file's
 * SHA-256 pinned so a changed file fails its load) and {@value #PROVENANCE}. Every file is written
 * to a temporary name and renamed.
 */
final class LearnedDataset {
  static final String TRAIN = "train.npy";
  static final String TEST = "test.npy";
  static final String TRAIN_LABELS = "train-labels.npy";
  static final String TEST_LABELS = "test-labels.npy";
  static final String PROVENANCE = "provenance.json";
  private LearnedDataset() {}

  /**
   * Writes the four arrays, the descriptor and {@code provenance} into {@code dir}.
   *
   * @param what what the features are, for the descriptor's title (e.g. "features of a CNN trained on its train split")
   * @param header lines written as comments at the head of the descriptor, after the first
   * @return the descriptor
   */
  static Path write(Path dir, String name, FeatureSet source, Trainer.Outcome o, String what, List<String> header,
      Map<String, Object> provenance) throws IOException {
    int k = o.embedding();
    Map<String, byte[]> arrays = new LinkedHashMap<>();
    arrays.put(TRAIN, NpyWriter.float32(o.train(), source.train().size(), k));
    arrays.put(TRAIN_LABELS, NpyWriter.int32(source.train().labels()));
    arrays.put(TEST, NpyWriter.float32(o.test(), source.test().size(), k));
    arrays.put(TEST_LABELS, NpyWriter.int32(source.test().labels()));
    Map<String, Object> files = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> a : arrays.entrySet()) {
      AtomicFiles.writeBytes(dir.resolve(a.getKey()), a.getValue());
      files.put(a.getKey().replace(".npy", "").replace('-', '_'),
          ordered("path", a.getKey(), "sha256", Checksums.hex(Checksums.sha256().digest(a.getValue()))));
    }
    Path descriptor = dir.resolve(name + ".yaml");
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    String text = yaml.writeValueAsString(descriptor(name, source, k + "-d " + what, files));
    StringBuilder comments = new StringBuilder("# Written by pmbench features learn; " + PROVENANCE
        + " beside it says how.\n");
    header.forEach(line -> comments.append("# ").append(line).append('\n'));
    AtomicFiles.write(descriptor, w -> w.write(comments + text));
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    AtomicFiles.write(dir.resolve(PROVENANCE), w -> w.write(json.writeValueAsString(provenance) + "\n"));
    return descriptor;
  }

  private static Map<String, Object> descriptor(String name, FeatureSet source, String what,
      Map<String, Object> files) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("pmbench", "dataset/1");
    d.put("name", name);
    d.put("title", source.name() + ", " + what + " (pmbench features learn)");
    d.put("licence", source.licence() + "; features learned by pmbench features learn (see " + PROVENANCE + ")");
    d.put("defaults", ordered("sigma", source.defaults().sigma(), "alpha", source.defaults().alpha(),
        "source", "those of " + source.name()));
    d.put("classes", source.numClasses());
    d.put("files", files);
    d.put("split", ordered("by", "files",
        "train", ordered("features", ordered("file", "train"), "labels", ordered("file", "train_labels")),
        "test", ordered("features", ordered("file", "test"), "labels", ordered("file", "test_labels"))));
    return d;
  }

  /**
   * A map of the {@code key, value} pairs in their order. Not {@code Map.of}: its iteration order
   * changes from one JVM to the next, and with it the descriptor's bytes.
   */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }
}
