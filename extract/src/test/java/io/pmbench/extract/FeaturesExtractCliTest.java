package io.pmbench.extract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.experiments.cli.Pmbench;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code pmbench features extract} with the extract module on the class path, end to end on a
 * tiny CIFAR-100 binary folder the test writes: the written data set loads through its descriptor
 * with the records' labels and Table 2's σ and α; one worker and three workers write the same bytes
 * (rows in record order whatever the timing); a corrupt image or a missing folder is one line,
 * exit 2, and nothing is written.
 */
class FeaturesExtractCliTest {
  private static final int[] TRAIN_FINE = {3, 0, 99, 3, 42, 7, 7};
  private static final int[] TEST_FINE = {5, 0, 99};

  @TempDir
  static Path tmp;
  private static Path cifar;
  private static Run one;
  private static Run three;

  record Run(int exit, String out, String err) {}

  static Run execute(String... args) {
    CommandLine cl = Pmbench.commandLine();
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(o));
    cl.setErr(new PrintWriter(e));
    return new Run(cl.execute(args), o.toString(), e.toString());
  }

  /** A CIFAR record whose pixels vary with {@code i} so that rows differ. */
  static byte[] record(int i, int fine) {
    byte[] r = new byte[3074];
    r[0] = (byte) (fine / 5);
    r[1] = (byte) fine;
    for (int p = 2; p < r.length; p++) {
      r[p] = (byte) ((p * (i + 3) / 7 + i * 50) & 0xFF);
    }
    return r;
  }

  static byte[] records(int first, int[] fine) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < fine.length; i++) {
      out.writeBytes(record(first + i, fine[i]));
    }
    return out.toByteArray();
  }

  static String names(int n) {
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < n; k++) {
      s.append("class").append(k).append('\n');
    }
    return s.toString();
  }

  @BeforeAll
  static void extract() throws IOException {
    cifar = Files.createDirectories(tmp.resolve("cifar-100-binary"));
    Files.write(cifar.resolve("train.bin"), records(0, TRAIN_FINE));
    Files.write(cifar.resolve("test.bin"), records(100, TEST_FINE));
    Files.writeString(cifar.resolve("fine_label_names.txt"), names(100));
    one = execute("features", "extract", "--images", "cifar100-binary:" + cifar, "--threads", "1",
        "--out", tmp.resolve("one").toString());
    three = execute("features", "extract", "--images", "cifar100-binary:" + cifar, "--threads", "3",
        "--out", tmp.resolve("three").toString());
  }

  private static Path descriptor(String run) {
    return tmp.resolve(run).resolve("cifar100-squeezenet1-1.yaml");
  }

  @Test
  void extract_writesADataSetTheDescriptorLoads() {
    assertEquals(0, one.exit(), one.err());
    assertTrue(one.out().contains("--dataset " + descriptor("one")), one.out());
    FeatureSet f = Datasets.load(descriptor("one").toString());
    assertEquals(512, f.dimension());
    assertEquals(TRAIN_FINE.length, f.train().size());
    assertEquals(TEST_FINE.length, f.test().size());
    assertEquals(6.0, f.defaults().sigma());
    assertEquals(0.6, f.defaults().alpha());
    assertTrue(one.err().contains("train: 7 images in"), one.err());
  }

  @Test
  void extract_labelsAreTheRecordsFineLabelsInOrder() throws IOException {
    FeatureSet f = Datasets.load("npy:" + String.join(",", List.of("train.npy", "train-labels.npy", "test.npy",
        "test-labels.npy").stream().map(n -> tmp.resolve("one").resolve(n).toString()).toList()));
    assertEquals(TRAIN_FINE.length, f.train().size());
    int[] raw = readInt32(tmp.resolve("one").resolve("train-labels.npy"));
    assertArrayEquals(TRAIN_FINE, raw);
    assertArrayEquals(TEST_FINE, readInt32(tmp.resolve("one").resolve("test-labels.npy")));
  }

  private static int[] readInt32(Path npy) throws IOException {
    byte[] b = Files.readAllBytes(npy);
    int headerLen = (b[8] & 0xFF) | (b[9] & 0xFF) << 8;
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b, 10 + headerLen, b.length - 10 - headerLen)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int[] out = new int[buf.remaining() / 4];
    buf.asIntBuffer().get(out);
    return out;
  }

  @Test
  void extract_oneOrThreeWorkers_sameBytes() throws IOException {
    assertEquals(0, three.exit(), three.err());
    for (String f : List.of("train.npy", "test.npy", "train-labels.npy", "test-labels.npy", "cifar100-squeezenet1-1.yaml")) {
      assertArrayEquals(Files.readAllBytes(tmp.resolve("one").resolve(f)), Files.readAllBytes(tmp.resolve("three").resolve(f)),
          f);
    }
  }

  @Test
  void extract_descriptorRecordsModelChecksumPreprocessingAndSource() throws IOException {
    String text = Files.readString(descriptor("one"));
    assertTrue(text.contains(ModelSpec.SQUEEZENET_1_1.sha256()), text);
    assertTrue(text.contains("# preprocessing: " + Preprocessing.rule(224)), text);
    assertTrue(text.contains("# source: cifar100-binary:" + cifar), text);
    assertTrue(text.contains("train.bin: SHA-256 "), text);
    assertTrue(text.contains("# split: the data set's own split"), text);
    String provenance = Files.readString(tmp.resolve("one").resolve(ExtractedDataset.PROVENANCE));
    assertTrue(provenance.contains("\"command\" : \"pmbench features extract --images cifar100-binary:"), provenance);
  }

  @Test
  void extract_corruptJpeg_oneLineNamingTheEntryAndNothingWritten() throws IOException {
    Path cars = Files.createDirectories(tmp.resolve("cars"));
    BufferedImage img = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
    ByteArrayOutputStream jpg = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", jpg);
    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(cars.resolve("cars.zip")))) {
      z.putNextEntry(new ZipEntry("cars_train/00001.jpg"));
      z.write(jpg.toByteArray());
      z.putNextEntry(new ZipEntry("cars_train/00002.jpg"));
      z.write("garbage".getBytes(StandardCharsets.US_ASCII));
    }
    Files.writeString(cars.resolve("train_perfect_preds.txt"), "1\n120\n");
    Path out = tmp.resolve("cars-out");
    Run r = execute("features", "extract", "--images", "cars196-list:" + cars, "--out", out.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit(), r.err());
    String last = r.err().strip().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(last.startsWith("pmbench: " + cars.resolve("cars.zip") + ":cars_train/00002.jpg"), r.err());
    assertFalse(Files.exists(out.resolve("cars196-squeezenet1-1.yaml")));
  }

  @Test
  void extract_missingFolderOrWrongOption_oneLine() {
    Path missing = tmp.resolve("missing");
    Run r = execute("features", "extract", "--images", "cifar100-binary:" + missing);
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit());
    assertEquals("pmbench: " + missing + ": no such file or folder (layout cifar100-binary)",
        r.err().strip());
    r = execute("features", "extract", "--images", "cifar100-binary:" + cifar, "--model", "resnet50");
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit());
    assertEquals("pmbench: --model must be one of [squeezenet1.1]. Provided value: resnet50 (see pmbench features extract --help)",
        r.err().strip());
  }

  @Test
  void extract_countTooLargeForTheHeap_oneLineBeforeAllocating() throws IOException {
    Path huge = Files.createDirectories(tmp.resolve("huge"));
    Files.copy(cifar.resolve("fine_label_names.txt"), huge.resolve("fine_label_names.txt"));
    Files.write(huge.resolve("test.bin"), records(0, TEST_FINE));
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.resolve("train.bin").toFile(), "rw")) {
      f.setLength(3074L * 50_000_000L); // sparse: 50 million records claimed, nothing on disk
    }
    Run r = execute("features", "extract", "--images", "cifar100-binary:" + huge, "--out", tmp.resolve("huge-out").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, r.exit(), r.err());
    String last = r.err().strip().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(last.startsWith("pmbench: " + huge + ": train counts 50000000 images"), r.err());
  }
}
