package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 6 through the command line: the same features saved by numpy, h5py, scipy, hdf5storage,
 * torch and numpy's CSV writer (datasets' fixtures/formats/same/, see the README there) give
 * identical results through {@code pmbench run --dataset DESCRIPTOR}; a damaged file is one
 * error line naming it, exit 2, and no output folder; {@code pmbench datasets} says where each
 * set's files are looked for and whether they were found.
 */
class DatasetFormatsCliTest {
  /** The fixtures of the datasets module (tests run in the module folder). */
  private static final Path SAME = Path.of("..", "datasets", "src", "test", "resources", "fixtures", "formats", "same");
  private static final String REFERENCE = "same-npy.json";

  /** Each descriptor and the one data file it names (all but the .npy and CSV sets). */
  private static final Map<String, String> DATA_FILE = Map.of("same-npz.yaml", "same.npz", "same-h5.json", "same.h5",
      "same-mat-v5.json", "same_v5.mat", "same-mat-v73.yaml", "same_v73.mat", "same-pth.json", "same.pth",
      REFERENCE, "train_x.npy");

  private static final List<String> OTHER_FORMATS = List.of("same-npz.yaml", "same-h5.json", "same-mat-v5.json",
      "same-mat-v73.yaml", "same-pth.json", "same-csv.json");

  @TempDir
  Path tmp;

  private Path data;

  @BeforeEach
  void copyFixtures() throws IOException {
    data = Files.createDirectory(tmp.resolve("same"));
    try (Stream<Path> files = Files.list(SAME.toAbsolutePath().normalize())) {
      for (Path f : files.toList()) {
        Files.copy(f, data.resolve(f.getFileName().toString()));
      }
    }
  }

  static Stream<String> binaryFormats() {
    return DATA_FILE.keySet().stream().sorted();
  }

  /** What libraries printed straight to System.err during {@link #run} (must stay empty: one line per error). */
  private final StringBuilder stray = new StringBuilder();

  private Outcome run(String descriptor, Path out) {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      return RunCommandTest.execute("run", "--dataset", data.resolve(descriptor).toString(), "--mechanisms",
          "smlq,privatemail", "--seeds", "1", "--queries", "20", "--public", "60", "--epsilon", "0.5",
          "--out", out.toString());
    } finally {
      System.setErr(original);
      stray.append(captured.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void run_sameFeaturesInEveryFormat_givesResultsIdenticalToNpy() throws IOException {
    Outcome expected = run(REFERENCE, tmp.resolve("npy"));
    assertEquals(0, expected.exit(), expected.err());
    List<String> want = Files.readAllLines(tmp.resolve("npy/results.csv"));
    // not a vacuous equality: 2 mechanisms, and Recall@1 of each is neither 0 nor 1 on these features
    assertEquals(3, want.size(), want.toString());
    for (String row : want.subList(1, 3)) {
      double r1 = Double.parseDouble(row.split(",")[7]);
      assertTrue(r1 > 0 && r1 < 1, row);
    }
    for (String descriptor : OTHER_FORMATS) {
      Path out = tmp.resolve(descriptor);
      Outcome actual = run(descriptor, out);
      assertEquals(0, actual.exit(), descriptor + ": " + actual.err());
      assertEquals(want, Files.readAllLines(out.resolve("results.csv")),
          descriptor + ": results.csv (every Recall@K, noise scale and sensitivity) differs from npy");
    }
    assertEquals("", stray.toString(), "printed to System.err by a library");
  }

  @ParameterizedTest
  @MethodSource("binaryFormats")
  void run_truncatedFile_oneErrorLineNamingItExitTwoNothingWritten(String descriptor) throws IOException {
    // the checksums are unpinned, so the reader itself must notice; a pinned checksum would report a mismatch first
    Path d = data.resolve(descriptor);
    Files.writeString(d, Files.readString(d).replaceAll("sha256: [0-9a-f]{64}", "sha256: null")
        .replaceAll("\"sha256\": \"[0-9a-f]{64}\"", "\"sha256\": null"));
    Path file = data.resolve(DATA_FILE.get(descriptor));
    byte[] good = Files.readAllBytes(file);
    List<Integer> cuts = new ArrayList<>(List.of(9, good.length / 2, good.length - 1));
    for (int cut : cuts) {
      Files.write(file, Arrays.copyOf(good, cut));
      Path out = tmp.resolve("out-" + cut);
      Outcome o = run(descriptor, out);
      String where = descriptor + " cut at " + cut + " of " + good.length + ": ";
      assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), where + o.err());
      List<String> lines = o.err().strip().lines().filter(l -> !l.startsWith("pmbench: loading ")).toList();
      assertEquals(1, lines.size(), where + o.err());
      assertTrue(lines.get(0).startsWith("pmbench: ") && lines.get(0).contains(file.toString()), where + o.err());
      assertFalse(Files.exists(out), where + "the output folder was created");
      assertEquals("", stray.toString(), where + "printed to System.err by a library");
    }
  }

  /**
   * The error table of issue 6 (messages per format: datasets' ErrorTableTest), each through the
   * command line on another reference-tool file (fixtures/formats/bad.*).
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "bad.npz     | nan_row  | labels4       | non-finite value (NaN) at row 2, column 1",
      "bad.h5      | inf_row  | labels4       | non-finite value (Infinity) at row 1, column 2",
      "bad_v5.mat  | zero_row | labels4       | zero row at index 3",
      "bad_v73.mat | features | labels3       | has 3 labels but",
      "bad.pth     | features | matrix_labels | shape mismatch",
      "bad.npz     | complex  | labels4       | unsupported dtype",
      "bad.h5      | feats    | labels4       | unknown array name 'feats' (arrays present: complex, features, "})
  void run_malformedArray_oneErrorLineExitTwoNothingWritten(String file, String features, String labels,
      String expected) throws IOException {
    Path bad = SAME.resolveSibling(file).toAbsolutePath().normalize();
    String ref = "{\"file\": \"f\", \"array\": \"%s\"}";
    Path descriptor = Files.writeString(tmp.resolve("bad.json"), """
        {"pmbench": "dataset/1", "name": "bad", "licence": "test", "defaults": {"sigma": 5, "alpha": 0.5},
         "files": {"f": "%s"},
         "split": {"by": "files", "train": {"features": %s, "labels": %s},
                   "test": {"features": %s, "labels": %s}}}
        """.formatted(bad, ref.formatted(features), ref.formatted(labels), ref.formatted("features"),
        ref.formatted("labels4")));
    Outcome o = RunCommandTest.execute("run", "--dataset", descriptor.toString(), "--out", tmp.resolve("out").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    List<String> lines = o.err().strip().lines().filter(l -> !l.startsWith("pmbench: loading ")).toList();
    assertEquals(1, lines.size(), o.err());
    assertTrue(lines.get(0).contains(bad.toString()) && lines.get(0).contains(expected), o.err());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  /** Issue 37: text crafted to be deep ends in one line and exit 2, never a stack trace (datasets' DeepAndLongInputTest). */
  @Test
  void run_deepDescriptorOrDeepNpyHeader_oneErrorLineExitTwoNothingWritten() throws IOException {
    Path deepDescriptor = Files.writeString(tmp.resolve("deep.json"), "{\"pmbench\": " + "[".repeat(60_000));
    String header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + "(".repeat(60_000);
    byte[] npy = new byte[10 + header.length()];
    System.arraycopy(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) header.length(),
        (byte) (header.length() >> 8)}, 0, npy, 0, 10);
    System.arraycopy(header.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 0, npy, 10, header.length());
    Path deepNpy = Files.write(tmp.resolve("deep.npy"), npy);
    String ref = "{\"file\": \"f\"}";
    Path npyDescriptor = Files.writeString(tmp.resolve("npy.json"), """
        {"pmbench": "dataset/1", "name": "deep", "licence": "test", "defaults": {"sigma": 5, "alpha": 0.5},
         "files": {"f": "%s"},
         "split": {"by": "files", "train": {"features": %s, "labels": %s}, "test": {"features": %s, "labels": %s}}}
        """.formatted(deepNpy, ref, ref, ref, ref));
    for (Path[] c : List.of(new Path[] {deepDescriptor, deepDescriptor}, new Path[] {npyDescriptor, deepNpy})) {
      Outcome o = RunCommandTest.execute("run", "--dataset", c[0].toString(), "--out", tmp.resolve("out").toString());
      assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
      List<String> lines = o.err().strip().lines().filter(l -> !l.startsWith("pmbench: loading ")).toList();
      assertEquals(1, lines.size(), o.err());
      assertTrue(lines.get(0).contains(c[1].toString()) && lines.get(0).contains("nest"), o.err());
      assertFalse(Files.exists(tmp.resolve("out")));
    }
  }

  @Test
  void run_pinnedChecksumOfAChangedFile_reportsTheMismatchAndWritesNothing() throws IOException {
    Path file = data.resolve("test.csv");
    String text = Files.readString(file);
    int digit = text.indexOf('3', text.indexOf('\n')); // a digit of a value in the first data row
    Files.writeString(file, text.substring(0, digit) + "4" + text.substring(digit + 1));
    Outcome o = run("same-csv.json", tmp.resolve("out"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertTrue(o.err().contains(file + ": SHA-256 mismatch"), o.err());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  @Test
  void datasets_withoutDataDir_listsBuiltInSetsWhereTheyAreLookedForAndWhetherFound() {
    Outcome o = RunCommandTest.execute("datasets");
    assertEquals(0, o.exit(), o.err());
    for (String name : List.of("cars196", "cifar100", "cub200", "fashion-mnist")) {
      assertTrue(o.out().contains("\n  " + name + " "), name + " missing from:\n" + o.out());
    }
    assertTrue(o.out().contains("cub200/features.npz -- not found (no --data-dir given"), o.out());
    assertTrue(o.out().contains("fashion-mnist  found"), o.out());
    assertTrue(o.out().contains("npy:TRAIN_X,TRAIN_Y,TEST_X,TEST_Y"), o.out());
    assertTrue(o.out().contains("\n  omniglot       found    sigma=5.0 alpha=0.5  Omniglot"), o.out());
    assertTrue(o.out().contains("σ, α borrowed from CUB-200-2011's Table 2: Omniglot is not in the paper"), o.out());
    assertFalse(o.out().substring(o.out().indexOf("Other data")).contains("omniglot"), "listed once:\n" + o.out());
  }

  @Test
  void datasets_dataDirAndADescriptor_reportsFoundAndMissingFiles() throws IOException {
    Files.createDirectories(tmp.resolve("data/cub200"));
    Files.copy(data.resolve("same.npz"), tmp.resolve("data/cub200/features.npz"));
    Outcome o = RunCommandTest.execute("datasets", "--data-dir", tmp.resolve("data").toString(),
        data.resolve("same-h5.json").toString());
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains("cub200         found"), o.out());
    assertTrue(o.out().contains("features: cub200/features.npz -- found at " + tmp.resolve("data/cub200/features.npz")),
        o.out());
    assertTrue(o.out().contains("cars196        MISSING"), o.out());
    assertTrue(o.out().contains("not found; looked for " + tmp.resolve("data/cars196/features.npz")), o.out());
    assertTrue(o.out().contains("same-features  found"), o.out());
  }

  @Test
  void datasets_badDescriptor_oneLineExitTwo() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.yaml"), "pmbench: dataset/1\nname: Bad Name\n");
    Outcome o = RunCommandTest.execute("datasets", bad.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains(bad + ": key 'name' must be lower-case"), o.err());
  }

  @Test
  void run_builtInWithDataDir_loadsTheUsersFileAndChecksItsSplit() throws IOException {
    Files.createDirectories(tmp.resolve("data/cub200"));
    Files.copy(data.resolve("same.npz"), tmp.resolve("data/cub200/features.npz"));
    Outcome o = RunCommandTest.execute("run", "--dataset", "cub200", "--data-dir", tmp.resolve("data").toString(),
        "--out", tmp.resolve("out").toString());
    // the file is found under --data-dir and read; its 6 classes cannot be CUB's split of 200
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertTrue(o.err().contains("needs class ranks up to 200"), o.err());
    assertFalse(Files.exists(tmp.resolve("out")));
  }
}
