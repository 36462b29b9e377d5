package io.pmbench.datasets.format;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.descriptor.DescriptorParser;
import io.pmbench.datasets.descriptor.Descriptors;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text crafted to be deep or long (issue 37, item 5), for every loader that parses text or
 * names: the {@code .npy} header literal, CSV lines, the descriptor's YAML/JSON, the {@code .pth}
 * pickle, MATLAB v5 variable names and nesting, HDF5 group nesting and paths. Each case must end
 * in exactly one {@link InvalidDataException} whose message is one line naming the file, within
 * {@value #MAX_SECONDS} s, while the loading thread allocates at most {@value #MAX_EXTRA_MIB} MiB
 * beyond the honest size of the data in the file. Memory is measured as the bytes the loading
 * thread allocates ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}: every
 * allocation, garbage included, so an upper bound on the heap the load needs). Gigabyte inputs are
 * sparse files (a length set past a short prefix): the file system hands out zeros that were
 * never written, so the test materialises nothing. Before the caps, a {@code ((((...} header or a
 * deep {@code [[[[...} descriptor overflowed the stack, and a CSV line without a newline was read
 * whole into one string. The default suite runs each parser at a size just past its cap;
 * {@code mvn -Pslow} runs the gigabyte and million-level versions.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeepAndLongInputTest {
  static final int MAX_SECONDS = 5;
  static final long MAX_EXTRA_MIB = 256;

  @TempDir
  Path dir;

  /** One load of a file: what the loaders do with it. */
  @FunctionalInterface
  private interface Load {
    void run(Path file) throws IOException;
  }

  /** Opens an array file and reads every array as features, as a descriptor might. */
  private static void readArrays(Path file) {
    try (ArrayFile f = ArrayFiles.open(DataSource.of(file))) {
      List<String> names = f.arrayNames().isEmpty() ? List.of("") : List.copyOf(f.arrayNames());
      for (String name : names) {
        f.features(Optional.of(name), RowRouting.whole());
      }
    }
  }

  /**
   * Loads {@code file} and asserts the refusal: one {@link InvalidDataException}, one line, naming
   * the file and containing {@code what}, within the time and allocation budget.
   *
   * @param honestBytes the data really in the file (0 when it holds none worth keeping)
   */
  private static String assertRefused(Path file, long honestBytes, String what, Load load) throws IOException {
    long before = HostileInputTest.allocatedByThisThread();
    long t0 = System.nanoTime();
    String message = null;
    try {
      load.run(file);
    } catch (InvalidDataException e) {
      message = e.getMessage();
    } catch (RuntimeException | Error e) {
      fail(file.getFileName() + ": " + e + " escaped the reader (must be one InvalidDataException line)", e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    long allocated = HostileInputTest.allocatedByThisThread() - before;
    String m = message;
    assertTrue(m != null, () -> file.getFileName() + " was read without complaint");
    assertFalse(m.contains("\n") || m.contains("\r"), () -> "message must be one line: " + m);
    assertTrue(m.length() < 1_000, () -> "message must be short, not the input: " + m.length() + " characters");
    assertTrue(m.contains(file.getFileName().toString()), () -> "message must name the file: " + m);
    assertTrue(m.contains(what), () -> "expected '" + what + "' in: " + m);
    assertTrue(seconds <= MAX_SECONDS, () -> file.getFileName() + " took " + seconds + " s: " + m);
    long budget = (MAX_EXTRA_MIB << 20) + honestBytes;
    assertTrue(allocated <= budget, () -> file.getFileName() + " allocated " + (allocated >> 20) + " MiB (budget "
        + (budget >> 20) + " MiB): " + m);
    return m;
  }

  private Path write(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name), bytes);
  }

  private Path write(String name, String text) throws IOException {
    return write(name, text.getBytes(StandardCharsets.UTF_8));
  }

  /** A file of {@code prefix} then zeros up to {@code length} bytes, the zeros never written (sparse). */
  private Path sparse(String name, byte[] prefix, long length) throws IOException {
    Path p = dir.resolve(name);
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.write(prefix);
      f.setLength(length);
    }
    return p;
  }

  // ---- .npy header literal ----

  private static final String NPY_START = "{'descr': '<f4', 'fortran_order': False, 'shape': ";

  @Test
  void npy_headerOfNestedParentheses_refusedByTheDepthCap() throws IOException {
    String header = NPY_START + "(".repeat(60_000);
    Path p = write("deep.npy", HostileFiles.npyHeader(1, header.length(), header));
    assertRefused(p, 0, "nested more than " + PyLiteral.MAX_DEPTH, DeepAndLongInputTest::readArrays);
  }

  @Test
  void npy_headerOfNestedDictsAndLists_refusedByTheDepthCap() throws IOException {
    String header = "{'a': [".repeat(5_000);
    Path p = write("deep_dicts.npy", HostileFiles.npyHeader(3, header.length(), header));
    assertRefused(p, 0, "nested more than", DeepAndLongInputTest::readArrays);
  }

  @Test
  void npy_headerLengthFieldOf100Mb_refusedBeforeReadingIt() throws IOException {
    Path p = write("long_header.npy", HostileFiles.npyHeader(2, 100_000_000, NPY_START));
    assertRefused(p, 0, "header length 100000000 is implausibly large", DeepAndLongInputTest::readArrays);
  }

  @Test
  void npy_headerJustOverTheCap_refusedBeforeReadingIt() throws IOException {
    int length = NpyReader.MAX_HEADER_BYTES + 1;
    Path p = sparse("over_cap.npy", HostileFiles.npyHeader(3, length, NPY_START), 12 + length);
    assertRefused(p, 0, "implausibly large", DeepAndLongInputTest::readArrays);
  }

  @Test
  void npy_longStringInTheHeader_oneShortLine() throws IOException {
    String header = "{'descr': '" + "f".repeat(NpyReader.MAX_HEADER_BYTES - 20) + "'}";
    Path p = write("long_string.npy", HostileFiles.npyHeader(3, header.length(), header));
    assertRefused(p, 0, "malformed .npy header", DeepAndLongInputTest::readArrays);
  }

  // ---- CSV lines ----

  @Test
  void csv_lineWithoutNewlinePastTheCap_refusedAtTheCap() throws IOException {
    Path p = sparse("no_newline.csv", "1".getBytes(StandardCharsets.US_ASCII), CsvReader.MAX_LINE_CHARS + (16 << 20));
    assertRefused(p, 0, "line 1 is longer than " + CsvReader.MAX_LINE_CHARS, DeepAndLongInputTest::readArrays);
  }

  @Test
  void csv_longLineAfterGoodRows_namesItsLine() throws IOException {
    byte[] rows = "1.5,2,0\n\n2.5,3,1\n".getBytes(StandardCharsets.US_ASCII);
    Path p = sparse("long_third.csv", rows, rows.length + CsvReader.MAX_LINE_CHARS + 1L);
    assertRefused(p, 0, "line 4 is longer than", DeepAndLongInputTest::readArrays);
  }

  @Test
  void csv_hugeFieldWithinTheLineCap_oneShortLine() throws IOException {
    String cell = "9".repeat(4 << 20) + "x";
    Path p = write("huge_cell.csv", "1,2,0\n" + cell + ",3,1\n");
    assertRefused(p, cell.length(), "line 2, column 1: '999", DeepAndLongInputTest::readArrays);
  }

  @Test
  void csv_hugeHeaderCellOfABadLabel_oneShortLine() throws IOException {
    String header = "b," + "h".repeat(8 << 20) + "\n";
    Path p = write("huge_header.csv", header + "1,x\n");
    assertRefused(p, header.length(), "is not an integer label", DeepAndLongInputTest::readArrays);
  }

  // ---- descriptor YAML / JSON ----

  @Test
  void descriptor_deepJsonArrays_refusedByTheNestingCap() throws IOException {
    Path p = write("deep.json", "{\"pmbench\": " + "[".repeat(60_000));
    assertRefused(p, 0, "nesting depth (33) exceeds", Descriptors::read);
  }

  @Test
  void descriptor_deepYamlFlowSequences_refusedByTheNestingCap() throws IOException {
    Path p = write("deep_flow.yaml", "pmbench: dataset/1\nfiles: " + "[".repeat(60_000) + "\n");
    assertRefused(p, 0, "nesting depth (33) exceeds", Descriptors::read);
  }

  @Test
  void descriptor_deepYamlBlockMappings_refusedByTheNestingCap() throws IOException {
    StringBuilder yaml = new StringBuilder("pmbench: dataset/1\n");
    for (int level = 0; level < 300; level++) {
      yaml.append(" ".repeat(level)).append("k:\n");
    }
    Path p = write("deep_block.yaml", yaml.toString());
    assertRefused(p, 0, "nesting depth (33) exceeds", Descriptors::read);
  }

  @Test
  void descriptor_aliasBomb_refused() throws IOException {
    StringBuilder yaml = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 30; i++) {
      String prev = "*a" + (i - 1);
      yaml.append("a").append(i).append(": &a").append(i).append(" [").append(String.join(", ",
          java.util.Collections.nCopies(10, prev))).append("]\n");
    }
    Path p = write("laughs.yaml", "pmbench: dataset/1\n" + yaml);
    assertRefused(p, 0, "unknown key", Descriptors::read); // 10^30 strings if the aliases were expanded
  }

  @Test
  void descriptor_fileLongerThanTheCap_refusedBeforeReadingIt() throws IOException {
    Path p = sparse("huge.yaml", "pmbench: dataset/1\nname: x".getBytes(StandardCharsets.US_ASCII), 2L << 30);
    assertRefused(p, 0, "longer than a descriptor may be", Descriptors::read);
  }

  @Test
  void descriptor_longStringValue_oneShortLine() throws IOException {
    Path p = write("long_name.yaml", "pmbench: dataset/1\nname: \"" + "n".repeat(DescriptorParser.MAX_LENGTH - 40)
        + "\"\n");
    assertRefused(p, 0, "long_name.yaml", Descriptors::read);
  }

  // ---- .pth pickle ----

  private Path pth(String name, byte[] pickle) throws IOException {
    return write(name, HostileFiles.pth(pickle, new byte[0], false));
  }

  @Test
  void pth_deeplyNestedTuples_refusedByTheDepthCap() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().op(')').repeat(0x85, 200_000).stop();
    assertRefused(pth("tuples.pth", pickle), 0, "nested more than", DeepAndLongInputTest::readArrays);
  }

  @Test
  void pth_deeplyNestedDicts_refusedByTheDepthCap() throws IOException {
    HostileFiles.Pickle p = new HostileFiles.Pickle();
    int depth = 100_000;
    for (int i = 0; i < depth; i++) {
      p.op('}').string("k");
    }
    p.op('}').repeat('s', depth);
    assertRefused(pth("dicts.pth", p.stop()), 0, "nested more than", DeepAndLongInputTest::readArrays);
  }

  @Test
  void pth_globalNameWithoutNewline_refusedAtItsCap() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().op('c').repeat('a', 10 << 20).stop();
    assertRefused(pth("global.pth", pickle), 0, "bad GLOBAL name", DeepAndLongInputTest::readArrays);
  }

  @Test
  void pth_stringLengthFieldOf4Gb_refusedWithoutAllocating() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().op('X').int32(0xFFFF_FFFFL).stop();
    assertRefused(pth("string.pth", pickle), 0, "truncated pickle", DeepAndLongInputTest::readArrays);
  }

  @Test
  void pth_dictKeyOf10Mb_refusedByThePathCap() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().op('}').string("k".repeat(10 << 20)).op('}').op('s').stop();
    assertRefused(pth("key.pth", pickle), 10 << 20, "array names longer than", DeepAndLongInputTest::readArrays);
  }

  // ---- MATLAB v5 names and nesting ----

  @Test
  void matV5_variableNameOf10Mb_refusedBeforeReadingIt() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Double("n".repeat(10 << 20), new int[] {1, 1}, new byte[8]));
    assertRefused(write("long_name.mat", mat), 0, "has a name of 10485760 bytes", DeepAndLongInputTest::readArrays);
  }

  @Test
  void matV5Compressed_variableNameOf10Mb_refusedBeforeReadingIt() throws IOException {
    byte[] variable = HostileFiles.matV5Double("n".repeat(10 << 20), new int[] {1, 1}, new byte[8]);
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Compressed(HostileFiles.zlib(variable, 0)));
    assertRefused(write("long_name_z.mat", mat), 0, "has a name of", DeepAndLongInputTest::readArrays);
  }

  @Test
  void matV5_millionDimensions_refusedBeforeReadingThem() throws IOException {
    int[] dims = new int[1 << 20];
    java.util.Arrays.fill(dims, 1);
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Double("x", dims, new byte[8]));
    assertRefused(write("dims.mat", mat), 0, "has 1048576 dimensions", DeepAndLongInputTest::readArrays);
  }

  @Test
  void matV5_deeplyNestedCells_refusedWithoutDecodingThem() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5NestedCells("x", 100_000));
    assertRefused(write("cells.mat", mat), 0, "MATLAB class", DeepAndLongInputTest::readArrays);
  }

  @Test
  void matV5_numericVariableNamedLikeADeepCell_refusedAsDuplicate() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5NestedCells("x", 100_000),
        HostileFiles.matV5Double("x", new int[] {2, 2}, new byte[32]));
    assertRefused(write("twins.mat", mat), 0, "two variables named 'x'", DeepAndLongInputTest::readArrays);
  }

  // ---- HDF5 group nesting and paths ----

  @Test
  void h5_groupsNestedPastTheCap_refused() throws IOException {
    Path p = dir.resolve("deep.h5");
    try (WritableHdfFile f = HdfFile.write(p)) {
      WritableGroup g = f.putGroup("g");
      for (int i = 0; i < Hdf5File.MAX_GROUP_DEPTH + 10; i++) {
        g = g.putGroup("g");
      }
      g.putDataset("x", new float[][] {{1, 2}, {3, 4}});
    }
    assertRefused(p, 0, "groups nested more than " + Hdf5File.MAX_GROUP_DEPTH, DeepAndLongInputTest::readArrays);
  }

  @Test
  void h5_pathLongerThanTheCap_refused() throws IOException {
    Path p = dir.resolve("long_name.h5");
    try (WritableHdfFile f = HdfFile.write(p)) {
      WritableGroup g = f.putGroup("n".repeat(200));
      for (int i = 0; i < Hdf5File.MAX_PATH / 200; i++) {
        g = g.putGroup("n".repeat(200));
      }
      g.putDataset("x", new float[][] {{1, 2}, {3, 4}});
    }
    assertRefused(p, 0, "a path is longer than " + Hdf5File.MAX_PATH, DeepAndLongInputTest::readArrays);
  }

  // ---- the same at scale: mvn -Pslow ----

  @Tag("slow")
  @Test
  void csv_2GbLineWithoutNewline_refusedAtTheCap() throws IOException {
    Path p = sparse("two_gb.csv", "1,".getBytes(StandardCharsets.US_ASCII), 2L << 30);
    assertRefused(p, 0, "line 1 is longer than", DeepAndLongInputTest::readArrays);
    Path t = sparse("two_gb.tsv", "1\t".getBytes(StandardCharsets.US_ASCII), 2L << 30);
    assertRefused(t, 0, "line 1 is longer than", DeepAndLongInputTest::readArrays);
  }

  @Tag("slow")
  @Test
  void npy_v1HeaderOf64KbOfParentheses_refused() throws IOException {
    String header = NPY_START + "(".repeat(65_535 - NPY_START.length());
    Path p = write("deep64k.npy", HostileFiles.npyHeader(1, header.length(), header));
    assertRefused(p, 0, "nested more than", DeepAndLongInputTest::readArrays);
  }

  @Tag("slow")
  @Test
  void descriptor_deepJsonAtTheLengthCap_refused() throws IOException {
    String start = "{\"pmbench\": ";
    Path p = write("deep_cap.json", start + "[".repeat(DescriptorParser.MAX_LENGTH - start.length()));
    assertRefused(p, 0, "nesting depth (33) exceeds", Descriptors::read);
    Path y = write("deep_cap.yaml", "files:" + " {a:".repeat((DescriptorParser.MAX_LENGTH - 6) / 4));
    assertRefused(y, 0, "nesting depth (33) exceeds", Descriptors::read);
  }

  @Tag("slow")
  @Test
  void pth_tuplesNestedToTheCaps_refused() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().op(')').repeat(0x85, TorchPickle.MAX_OPCODES - 10).stop();
    assertRefused(pth("tuples_cap.pth", pickle), 0, "pickle refused", DeepAndLongInputTest::readArrays);
  }

  @Tag("slow")
  @Test
  void matV5_cellsNestedHalfAMillionDeep_refused() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5NestedCells("x", 500_000),
        HostileFiles.matV5Double("y", new int[] {2, 2}, new byte[32]));
    Path p = write("cells_500k.mat", mat);
    assertRefused(p, 0, "MATLAB class", f -> {
      try (ArrayFile a = ArrayFiles.open(DataSource.of(f))) {
        a.features(Optional.of("y"), RowRouting.whole());
        a.features(Optional.of("x"), RowRouting.whole());
      }
    });
  }

  @Tag("slow")
  @Test
  void matV5_variableNameOf1Gb_refusedBeforeReadingIt() throws IOException {
    long name = 1L << 30;
    java.nio.ByteBuffer tags = java.nio.ByteBuffer.allocate(8 + 16 + 16 + 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    tags.putInt(HostileFiles.MI_MATRIX).putInt((int) (40 + name));
    tags.putInt(HostileFiles.MI_UINT32).putInt(8).putInt(HostileFiles.MX_DOUBLE).putInt(0);
    tags.putInt(HostileFiles.MI_INT32).putInt(8).putInt(1).putInt(1);
    tags.putInt(HostileFiles.MI_INT8).putInt((int) name);
    byte[] head = HostileFiles.matV5(tags.array());
    Path p = sparse("name_1g.mat", head, head.length + name);
    assertRefused(p, 0, "has a name of " + name + " bytes", DeepAndLongInputTest::readArrays);
  }
}
