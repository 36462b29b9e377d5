package io.pmbench.learn;

import static io.pmbench.learn.FeaturesLearnCliTest.execute;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.experiments.cli.Pmbench;
import io.pmbench.experiments.learn.TestSplitRecall;
import io.pmbench.learn.FeaturesLearnCliTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pmbench features learn --head K} end to end on a tiny synthetic feature set: the written
 * projections, labels and descriptor load through the ordinary loaders ({@code --dataset
 * DESCRIPTOR} and {@code npy:}) with the source's labels; the descriptor and provenance record the
 * source's checksum, the head, its training, the seed and that the input was frozen features; a
 * rerun writes the same bytes; the Recall printed is that of the written sets; {@code --head 0}, a
 * missing and a corrupt data set are one line each (exit 2) and write nothing.
 */
class HeadCliTest {
  @TempDir
  static Path tmp;
  private static Path out;
  private static Run learned;

  private static Run head(Path dir, String spec, String k) {
    return execute("features", "learn", "--head", k, "--dataset", spec, "--epochs", "3", "--seed", "3", "--out",
        dir.toString());
  }

  @BeforeAll
  static void learn() {
    out = tmp.resolve("head");
    learned = head(out, HeadTrainerTest.SPEC, "8");
  }

  private static Path descriptor(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).findFirst().orElseThrow();
    }
  }

  @Test
  void head_writesADataSetTheOrdinaryLoadersRead() throws IOException {
    assertEquals(0, learned.exit(), learned.err());
    assertTrue(descriptor(out).getFileName().toString().endsWith("-head8.yaml"), descriptor(out).toString());
    FeatureSet source = Datasets.load(HeadTrainerTest.SPEC);
    FeatureSet viaDescriptor = Datasets.load(descriptor(out).toString());
    FeatureSet viaNpy = Datasets.load("npy:" + out.resolve("train.npy") + "," + out.resolve("train-labels.npy") + ","
        + out.resolve("test.npy") + "," + out.resolve("test-labels.npy"));
    for (FeatureSet f : new FeatureSet[] {viaDescriptor, viaNpy}) {
      assertEquals(8, f.dimension());
      assertEquals(source.train().size(), f.train().size());
      assertEquals(source.test().size(), f.test().size());
      assertArrayEquals(source.train().labels(), f.train().labels());
      assertArrayEquals(source.test().labels(), f.test().labels());
    }
    assertEquals(source.defaults(), viaDescriptor.defaults());
  }

  @Test
  void head_descriptorAndProvenanceRecordSourceHeadAndFrozenInput() throws IOException {
    FeatureSet source = Datasets.load(HeadTrainerTest.SPEC);
    String yaml = Files.readString(descriptor(out));
    assertTrue(yaml.contains("sha256 " + source.sha256()), yaml);
    assertTrue(yaml.contains("# input: frozen features"), yaml);
    assertTrue(yaml.contains("linear(16 -> 8)") && yaml.contains("norm-softmax"), yaml);
    assertTrue(yaml.contains("epochs=3") && yaml.contains("seed 3"), yaml);
    JsonNode p = new ObjectMapper().readTree(out.resolve(LearnedDataset.PROVENANCE).toFile());
    assertEquals(source.sha256(), p.get("dataset").get("sha256").asText());
    assertEquals(3, p.get("seed").asLong());
    assertEquals(3, p.get("epochs").asInt());
    assertEquals(3, p.get("loss_curve").size());
    assertTrue(p.get("input").asText().startsWith("frozen features"), p.toString());
    assertTrue(p.get("dataset").get("trained_on").asText().startsWith("train split only (3 classes)"), p.toString());
  }

  @Test
  void head_rerunWithTheSeed_writesTheSameBytes() throws IOException {
    Path again = tmp.resolve("again");
    Run r = head(again, HeadTrainerTest.SPEC, "8");
    assertEquals(0, r.exit(), r.err());
    for (String f : new String[] {"train.npy", "test.npy", "train-labels.npy", "test-labels.npy",
        descriptor(out).getFileName().toString()}) {
      assertArrayEquals(Files.readAllBytes(out.resolve(f)), Files.readAllBytes(again.resolve(f)), f);
    }
  }

  /**
   * The descriptor's keys come in the order written, not in {@code Map.of}'s per-JVM order (which
   * made two runs of one command write different descriptors). With hash order each of the three
   * maps checked would match by chance with probability about 1/6 or 1/2, so this can pass on a
   * regression, but fails on most JVM starts.
   */
  @Test
  void head_descriptorKeysInWrittenOrder() throws IOException {
    String yaml = Files.readString(descriptor(out));
    assertTrue(yaml.indexOf("sigma:") < yaml.indexOf("alpha:") && yaml.indexOf("alpha:") < yaml.indexOf("\n  source:"),
        yaml);
    int split = yaml.indexOf("split:");
    assertTrue(yaml.indexOf("by:", split) < yaml.indexOf("train:", split)
        && yaml.indexOf("train:", split) < yaml.indexOf("test:", split), yaml);
    assertTrue(yaml.matches("(?s).*path: train\\.npy\\s+sha256: .*"), yaml);
  }

  @Test
  void head_printsTheRecallOfRawAndLearnedTestSplits() throws IOException {
    int[] ks = {1, 8};
    double[] raw = TestSplitRecall.of(Datasets.load(HeadTrainerTest.SPEC).test(), ks);
    double[] head = TestSplitRecall.of(Datasets.load(descriptor(out).toString()).test(), ks);
    assertTrue(learned.out().contains(String.format(Locale.ROOT, "R@1 %.3f  R@8 %.3f", raw[0], raw[1])), learned.out());
    assertTrue(learned.out().contains(String.format(Locale.ROOT, "R@1 %.3f  R@8 %.3f", head[0], head[1])),
        learned.out());
  }

  @Test
  void head_zero_oneLineAndNothingWritten() {
    Path dir = tmp.resolve("zero");
    Run r = head(dir, HeadTrainerTest.SPEC, "0");
    assertOneLine(r, "--head must be >= 2. Provided value: 0");
    assertFalse(Files.exists(dir));
  }

  @Test
  void selectEpochs_withoutHead_oneLineAndNothingWritten() {
    Path dir = tmp.resolve("select-no-head");
    Run r = execute("features", "learn", "--select-epochs", "5", "--dataset", HeadTrainerTest.SPEC, "--out",
        dir.toString());
    assertOneLine(r, "--select-epochs must be >= 1, with --head and without --epochs");
    assertFalse(Files.exists(dir));
  }

  @Test
  void hidden_withoutHead_oneLineAndNothingWritten() {
    Path dir = tmp.resolve("hidden-no-head");
    Run r = execute("features", "learn", "--hidden", "5", "--dataset", HeadTrainerTest.SPEC, "--out", dir.toString());
    assertOneLine(r, "--hidden must be >= 1, with --head");
    assertFalse(Files.exists(dir));
  }

  @Test
  void selectEpochs_recordsItsChoiceAndTrainsThatLong() throws IOException {
    Path dir = tmp.resolve("select");
    Run r = execute("features", "learn", "--head", "4", "--select-epochs", "4", "--dataset",
        HeadTrainerTest.SIX_TRAIN_CLASSES, "--seed", "2", "--out", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("held-out Recall@1"), r.err());
    JsonNode p = new ObjectMapper().readTree(dir.resolve(LearnedDataset.PROVENANCE).toFile());
    JsonNode sel = p.get("epoch_selection");
    assertEquals(4, sel.get("held_out_recall_at_1").size(), p.toString());
    assertEquals(sel.get("epochs").asInt(), p.get("epochs").asInt());
    assertEquals(p.get("epochs").asInt(), p.get("loss_curve").size());
  }

  @Test
  void head_missingDataSet_oneLineNamingIt() {
    Path dir = tmp.resolve("missing-out");
    String missing = tmp.resolve("no-such-set.yaml").toString();
    assertOneLine(head(dir, missing, "8"), "no-such-set.yaml");
    assertFalse(Files.exists(dir));
  }

  @Test
  void head_corruptDataSet_oneLineNamingTheFile() throws IOException {
    Path copy = tmp.resolve("corrupt");
    Files.createDirectories(copy);
    try (var files = Files.list(out)) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    byte[] bytes = Files.readAllBytes(copy.resolve("train.npy"));
    bytes[bytes.length - 1] ^= 1;
    Files.write(copy.resolve("train.npy"), bytes);
    Path dir = tmp.resolve("corrupt-out");
    assertOneLine(head(dir, descriptor(copy).toString(), "4"), "train.npy");
    assertFalse(Files.exists(dir));
  }

  private static void assertOneLine(Run r, String expected) {
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit(), r.err());
    List<String> lines = r.err().strip().lines().toList();
    assertEquals(1, lines.size(), r.err());
    assertTrue(lines.get(0).contains(expected), r.err());
  }
}
