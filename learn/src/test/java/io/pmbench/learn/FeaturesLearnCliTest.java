package io.pmbench.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.experiments.cli.Pmbench;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code pmbench features learn} with the learn module on the class path, end to end on a tiny
 * image set: the learner is found; the written features, labels and descriptor load through the
 * ordinary loaders ({@code --dataset DESCRIPTOR} and {@code npy:}) with the source's labels and
 * unit rows; provenance records what it must; a rerun writes bit-identical files; a corrupt or
 * missing feature file is named in one line (exit 2) by {@code pmbench run}.
 */
class FeaturesLearnCliTest {
  @TempDir
  static Path tmp;
  private static String spec;
  private static Path out;
  private static Run learned;

  record Run(int exit, String out, String err) {}

  static Run execute(String... args) {
    CommandLine cl = Pmbench.commandLine();
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(o));
    cl.setErr(new PrintWriter(e));
    return new Run(cl.execute(args), o.toString(), e.toString());
  }

  @BeforeAll
  static void learn() throws IOException {
    spec = TinyImages.write(tmp.resolve("tiny"));
    out = tmp.resolve("learned");
    learned = execute("features", "learn", "--dataset", spec, "--epochs", "2", "--seed", "3", "--out", out.toString());
  }

  private static Path descriptor() {
    return out.resolve("npy-train_x-learned.yaml");
  }

  @Test
  void learn_writesADataSetTheOrdinaryLoadersRead() {
    assertEquals(0, learned.exit(), learned.err());
    assertTrue(learned.out().contains("--dataset " + descriptor()), learned.out());
    FeatureSet source = Datasets.load(spec);
    FeatureSet viaDescriptor = Datasets.load(descriptor().toString());
    FeatureSet viaNpy = Datasets.load("npy:" + out.resolve("train.npy") + "," + out.resolve("train-labels.npy") + ","
        + out.resolve("test.npy") + "," + out.resolve("test-labels.npy"));
    for (FeatureSet f : new FeatureSet[] {viaDescriptor, viaNpy}) {
      assertEquals(64, f.dimension());
      assertEquals(source.train().size(), f.train().size());
      assertEquals(source.test().size(), f.test().size());
      assertArrayEquals(source.train().labels(), f.train().labels());
      assertArrayEquals(source.test().labels(), f.test().labels());
    }
    assertEquals("npy-train_x-learned", viaDescriptor.name());
    assertEquals(source.defaults(), viaDescriptor.defaults());
  }

  @Test
  void learn_provenanceRecordsArchitectureSeedCurveAndThreads() throws IOException {
    JsonNode p = new ObjectMapper().readTree(out.resolve(LearnedDataset.PROVENANCE).toFile());
    assertEquals(3, p.get("seed").asLong());
    assertEquals(2, p.get("epochs").asInt());
    assertEquals(2, p.get("loss_curve").size());
    assertTrue(p.get("architecture").asText().contains("dense(64)"), p.toString());
    assertTrue(p.get("threads").asText().contains("intra_op_parallelism_threads=1"), p.toString());
    assertTrue(p.get("tensorflow").asText().matches("\\d+\\.\\d+.*"), p.toString());
    assertTrue(p.get("wall_seconds").asDouble() > 0);
    assertTrue(p.get("dataset").get("trained_on").asText().startsWith("train split only (4 classes)"));
  }

  @Test
  void learn_rerunWithTheSeed_writesBitIdenticalFeatures() throws IOException {
    Path again = tmp.resolve("again");
    Run r = execute("features", "learn", "--dataset", spec, "--epochs", "2", "--seed", "3", "--out", again.toString());
    assertEquals(0, r.exit(), r.err());
    for (String f : new String[] {"train.npy", "test.npy", "npy-train_x-learned.yaml"}) {
      assertArrayEquals(Files.readAllBytes(out.resolve(f)), Files.readAllBytes(again.resolve(f)), f);
    }
  }

  @Test
  void run_corruptFeatureFile_oneLineNamingIt() throws IOException {
    Path copy = copyOfLearned("corrupt");
    byte[] bytes = Files.readAllBytes(copy.resolve("test.npy"));
    bytes[bytes.length - 1] ^= 1;
    Files.write(copy.resolve("test.npy"), bytes);
    assertOneLineNaming(copy, "test.npy");
  }

  @Test
  void run_missingFeatureFile_oneLineNamingIt() throws IOException {
    Path copy = copyOfLearned("missing");
    Files.delete(copy.resolve("train.npy"));
    assertOneLineNaming(copy, "train.npy");
  }

  @Test
  void run_truncatedFeatureFile_oneLineNamingIt() throws IOException {
    Path copy = copyOfLearned("truncated");
    Path f = copy.resolve("train.npy");
    byte[] bytes = Files.readAllBytes(f);
    Files.write(f, java.util.Arrays.copyOf(bytes, 40));
    assertOneLineNaming(copy, "train.npy");
  }

  private static void assertOneLineNaming(Path dir, String file) {
    Run r = execute("run", "--dataset", dir.resolve("npy-train_x-learned.yaml").toString(), "--mechanisms", "features",
        "--queries", "10", "--seeds", "1", "--public", "20", "--out", dir.resolve("run").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit(), r.err());
    // the first line is run's progress ("loading ..."), the second the error
    java.util.List<String> errors = r.err().strip().lines().filter(l -> !l.endsWith("...")).toList();
    assertEquals(1, errors.size(), r.err());
    assertTrue(errors.get(0).contains(file), r.err());
  }

  private static Path copyOfLearned(String name) throws IOException {
    Path copy = tmp.resolve(name);
    Files.createDirectories(copy);
    try (var files = Files.list(out)) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    return copy;
  }
}
