package io.pmbench.datasets.format;

import static io.pmbench.datasets.format.HostileFiles.gzip;
import static io.pmbench.datasets.format.HostileFiles.npy;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile inputs (issue 26): gzip bombs, pickle bombs and forged shapes for every format that
 * declares a size. Each case must end in one line naming the file (or decode, for a generated
 * case that happens to be honest) within {@value #MAX_SECONDS} s, and the loading thread may
 * allocate at most {@value #MAX_EXTRA_MIB} MiB beyond the honest size of the data really in the
 * file ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}). Before the fix, the
 * first cases threw {@code OutOfMemoryError} or allocated 3.5 GB before saying "truncated".
 * A fast subset runs by default; {@code mvn -Pslow} runs thousands of generated cases.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class HostileInputTest {
  static final int MAX_SECONDS = 10;
  static final long MAX_EXTRA_MIB = 512;

  @TempDir
  Path dir;

  /** What loading one case cost and how it ended. */
  record Cost(double seconds, long allocated, String error, List<String> errors) {}

  /** The worst case seen by this JVM, printed at the end of each generated run. */
  private static Cost worstTime = new Cost(0, 0, "", List.of());
  private static Cost worstHeap = new Cost(0, 0, "", List.of());

  /** Bytes the calling thread has allocated so far (garbage included). */
  static long allocatedByThisThread() {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    return mx.getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  /**
   * Opens {@code file} and reads every array as features and as labels; asserts the budget.
   * {@code honestBytes} is the data really in the file (decoded floats may take 8 bytes per
   * stored byte); returns the first error, or "" when everything decoded.
   */
  private static Cost load(DataSource source, long honestBytes) {
    long before = allocatedByThisThread();
    long t0 = System.nanoTime();
    List<String> errors = new ArrayList<>();
    try (ArrayFile f = ArrayFiles.open(source)) {
      List<String> names = f.arrayNames().isEmpty() ? List.of("") : List.copyOf(f.arrayNames());
      for (String name : names) {
        collect(errors, () -> f.features(Optional.of(name), RowRouting.whole()));
        collect(errors, () -> f.labels(Optional.of(name)));
      }
    } catch (InvalidDataException e) {
      errors.add(e.getMessage());
    } catch (RuntimeException | Error e) {
      fail(source.name() + ": " + e + " escaped the reader (must be one InvalidDataException line)", e);
    }
    Cost c = new Cost((System.nanoTime() - t0) / 1e9, allocatedByThisThread() - before,
        errors.isEmpty() ? "" : errors.get(0), List.copyOf(errors));
    String m = c.error();
    for (String e : errors) {
      assertFalse(e.contains("\n"), () -> "message must be one line: " + e);
      assertTrue(e.contains(source.name()), () -> "message must name the file: " + e);
    }
    assertTrue(c.seconds() <= MAX_SECONDS, () -> source.name() + " took " + c.seconds() + " s: " + m);
    long budget = (MAX_EXTRA_MIB << 20) + 8 * honestBytes;
    assertTrue(c.allocated() <= budget, () -> source.name() + " allocated " + (c.allocated() >> 20) + " MiB (budget "
        + (budget >> 20) + " MiB): " + m);
    synchronized (HostileInputTest.class) {
      worstTime = c.seconds() > worstTime.seconds() ? c : worstTime;
      worstHeap = c.allocated() > worstHeap.allocated() ? c : worstHeap;
    }
    return c;
  }

  private static void collect(List<String> errors, Runnable read) {
    try {
      read.run();
    } catch (InvalidDataException e) {
      errors.add(e.getMessage());
    }
  }

  private Cost loadFile(String name, byte[] bytes, long honestBytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    try {
      return load(DataSource.of(p), honestBytes);
    } finally {
      Files.delete(p);
    }
  }

  /**
   * Loads and asserts one of its reads failed with a message containing {@code what}
   * (alternatives separated by {@code |}: a shape beyond the heap is refused as such before the
   * data is looked at).
   */
  private void assertRefused(String name, byte[] bytes, long honestBytes, String what) throws IOException {
    Cost c = loadFile(name, bytes, honestBytes);
    assertTrue(c.errors().stream().anyMatch(e -> Arrays.stream(what.split("\\|")).anyMatch(e::contains)),
        () -> name + ": expected '" + what + "' in: " + c.errors());
  }

  /** Either refusal of a declared size: not in the input, or not in the heap. */
  private static final String REFUSED = "truncated|raise -Xmx";

  private static final long[] HUGE = {46_000, 46_000};
  private static final long[] LARGE = {30_000, 30_000};

  @Test
  void npyGz_105ByteBombDeclaring46000Squared_oneLineWithinBudget() throws IOException {
    byte[] gz = gzip(npy("<f4", HUGE, new byte[0]));
    assertRefused("bomb.npy.gz", gz, 0, REFUSED);
  }

  @Test
  void npyGz_zerosDeclaring30000Squared_truncatedBeforeAllocating() throws IOException {
    byte[] body = new byte[16 << 20];
    assertRefused("bomb30k.npy.gz", gzip(npy("<f4", LARGE, body)), body.length, "truncated");
  }

  @Test
  void npy_plainFileDeclaring46000Squared_truncated() throws IOException {
    assertRefused("forged.npy", npy("<f4", HUGE, new byte[4096]), 4096, REFUSED);
    assertRefused("forged30k.npy", npy("<f4", LARGE, new byte[4096]), 4096, "truncated: expected 3600000000 bytes");
    assertRefused("forged30k.npz", HostileFiles.zip("x.npy", npy("<f4", LARGE, new byte[4096]), true), 4096, "truncated");
  }

  @Test
  void npy_inMemoryDeclaringMoreThanTheHeap_refusedNamingTheShape() {
    Cost c = load(DataSource.ofBytes("heap.npy", npy("<f4", new long[] {60_000, 60_000}, new byte[64])), 64);
    assertTrue(c.error().contains("shape (60000, 60000)") && c.error().contains("raise -Xmx"), c.error());
  }

  @Test
  void npyInMemoryGz_bombDeclaring30000Squared_truncatedByTheCountingPass() {
    byte[] body = new byte[8 << 20];
    Cost c = load(DataSource.ofBytes("mem.npy.gz", gzip(npy("<f4", LARGE, body))), body.length);
    assertTrue(c.error().contains("truncated"), c.error());
  }

  @Test
  void idxGz_labelsDeclaringTwoBillion_oneLine() throws IOException {
    assertRefused("labels-idx1-ubyte.gz", gzip(HostileFiles.idx(0x08, new long[] {2_000_000_000L}, new byte[1 << 20])),
        1 << 20, REFUSED);
  }

  @Test
  void idxGz_imagesDeclaringHugeShape_oneLine() throws IOException {
    assertRefused("images-idx3-ubyte.gz", gzip(HostileFiles.idx(0x0D, new long[] {60_000, 2_000, 2_000},
        new byte[1 << 20])), 1 << 20, REFUSED);
  }

  @Test
  void npz_deflatedMemberDeclaring30000Squared_oneLine() throws IOException {
    byte[] body = new byte[8 << 20];
    assertRefused("bomb.npz", HostileFiles.zip("x.npy", npy("<f4", LARGE, body), false), body.length, "truncated");
  }

  @Test
  void npz_gzipInsideStoredMember_oneLine() throws IOException {
    byte[] body = new byte[8 << 20];
    assertRefused("gzmember.npz", HostileFiles.zip("x.npy", gzip(npy("<f4", HUGE, body)), true), body.length, REFUSED);
  }

  @Test
  void npz_storedMemberDeclaringHugeShape_oneLine() throws IOException {
    assertRefused("forged.npz", HostileFiles.zip("x.npy", npy("<f4", HUGE, new byte[19_000]), true), 19_000,
        REFUSED);
  }

  @Test
  void pth_tensorDeclaring46000SquaredWith19KbStorage_oneLine() throws IOException {
    long numel = HUGE[0] * HUGE[1];
    byte[] pickle = HostileFiles.tensorPickle(HUGE, numel);
    assertRefused("forged.pth", HostileFiles.pth(pickle, new byte[19_000], true), 19_000, "truncated");
    assertRefused("forged_deflated.pth", HostileFiles.pth(pickle, new byte[19_000], false), 19_000, "truncated");
  }

  @Test
  void pth_deflatedStorageOfZerosShorterThanDeclared_oneLine() throws IOException {
    long[] shape = {4_000, 4_000};
    byte[] storage = new byte[32 << 20];
    assertRefused("short.pth", HostileFiles.pth(HostileFiles.tensorPickle(shape, shape[0] * shape[1]), storage, false),
        storage.length, "truncated");
  }

  @Test
  void pth_pickleOfOneOpcodeRepeated_refusedByTheObjectCap() throws IOException {
    assertPickleRefused("bomb.pth", ']', 30 << 20, "pickle refused");
  }

  @Test
  void pth_pickleLargerThanTheCap_refusedBeforeParsing() throws IOException {
    assertPickleRefused("huge_pickle.pth", 'N', 40 << 20, "implausibly large");
  }

  /** A pickle of {@code times} copies of one opcode, then STOP. */
  private void assertPickleRefused(String name, int opcode, int times, String what) throws IOException {
    byte[] pickle = new HostileFiles.Pickle().repeat(opcode, times).stop();
    assertRefused(name, HostileFiles.pth(pickle, new byte[0], false), 0, what);
  }

  @Test
  void pth_memoBomb_refusedByTheMemoCap() throws IOException {
    HostileFiles.Pickle p = new HostileFiles.Pickle().op(']');
    for (int i = 0; i < (1 << 20) + 10; i++) {
      p.op('r').int32(i);
    }
    assertRefused("memo.pth", HostileFiles.pth(p.stop(), new byte[0], false), 0, "memo entries");
  }

  @Test
  void pth_nestedMarks_refusedByTheDepthCap() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().repeat('(', 5_000).stop();
    assertRefused("marks.pth", HostileFiles.pth(pickle, new byte[0], false), 0, "nested MARKs");
  }

  @Test
  void pth_deeplyNestedLists_refusedByTheDepthCap() throws IOException {
    byte[] pickle = new HostileFiles.Pickle().repeat(']', 100_000).repeat('a', 100_000 - 1).stop();
    assertRefused("nested.pth", HostileFiles.pth(pickle, new byte[0], false), 0, "nested more than");
  }

  private static final Map<String, byte[]> FIXTURES = new java.util.concurrent.ConcurrentHashMap<>();

  private static byte[] fixture(String name) {
    return FIXTURES.computeIfAbsent(name, n -> {
      try {
        return Files.readAllBytes(Fixtures.format(n));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).clone();
  }

  /** arrays.h5's {@code /chunked}: f4 (5, 3) in 2 × 2 chunks, shuffle + gzip (fixtures/formats/README.md). */
  private static final long[] CHUNKED = {5, 3};
  /** arrays.h5's {@code /features} (3, 4), contiguous; arrays_v73.mat's {@code features} as stored, (4, 3). */
  private static final long[] FEATURES = {3, 4};
  private static final long[] FEATURES_V73 = {4, 3};

  @Test
  void h5_chunkedDataSetDeclaring46000Squared_oneLine() throws IOException {
    assertRefused("forged_chunked.h5", HostileFiles.h5WithDims(fixture("arrays.h5"), CHUNKED, HUGE), 8944, REFUSED);
  }

  @Test
  void h5_contiguousDataSetDeclaring46000Squared_oneLine() throws IOException {
    assertRefused("forged_contiguous.h5", HostileFiles.h5WithDims(fixture("arrays.h5"), FEATURES, HUGE), 8944,
        REFUSED);
  }

  /**
   * The chunked data set declares 100,000 × 3,000 float32 (1.2 GB) in a file padded to 74 KB:
   * within deflate's 1100:1 of the file's length, so the old check let the reader allocate 1.2 GB
   * before finding the chunks missing; the chunk index holds 109 stored bytes.
   */
  @Test
  void h5_chunkedDeclaring1200MbInAPaddedFile_truncatedBeforeAllocating() throws IOException {
    byte[] forged = HostileFiles.h5WithDims(fixture("arrays.h5"), CHUNKED, new long[] {100_000, 3_000});
    byte[] padded = Arrays.copyOf(forged, forged.length + (64 << 10));
    assertRefused("padded.h5", padded, padded.length, "truncated");
  }

  @Test
  void h5_negativeAndOverflowingDimensions_oneLine() throws IOException {
    long[][] shapes = {{-1, 3}, {Long.MIN_VALUE, 3}, {1L << 62, 1L << 62}, {3, -46_000}};
    for (long[] shape : shapes) {
      byte[] bytes = HostileFiles.h5WithDims(fixture("arrays.h5"), CHUNKED, shape);
      assertRefused("dims" + Arrays.toString(shape) + ".h5", bytes, bytes.length, "negative dimension|corrupt HDF5|"
          + REFUSED);
    }
  }

  /** The first chunk (16 bytes when decoded) replaced by a 260 KB deflate stream of 256 MiB of zeros. */
  @Test
  void h5_deflateBombInAChunk_refusedWithinBudget() throws IOException {
    byte[] bomb = HostileFiles.zlib(new byte[0], 256L << 20);
    assertRefused("bomb_chunk.h5", HostileFiles.h5WithFirstChunk(fixture("arrays.h5"), bomb), 8944,
        "inflates to more than");
  }

  @Test
  void matV73_forgedShape_oneLine() throws IOException {
    assertRefused("forged_v73.mat", HostileFiles.h5WithDims(fixture("arrays_v73.mat"), FEATURES_V73, HUGE), 3552,
        REFUSED);
  }

  @Test
  void matV5_forgedShapeDeclaring46000Squared_oneLine() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Double("x", new int[] {46_000, 46_000}, new byte[96]));
    assertRefused("forged_v5.mat", mat, 96, REFUSED);
  }

  @Test
  void matV5_negativeAndOverflowingDimensions_oneLine() throws IOException {
    int[][] shapes = {{-1, 3}, {3, Integer.MIN_VALUE}, {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE},
        {65_536, 65_536, 65_536, 16}};
    for (int[] dims : shapes) {
      byte[] mat = HostileFiles.matV5(HostileFiles.matV5Double("x", dims, new byte[96]));
      assertRefused("dims" + Arrays.toString(dims) + ".mat", mat, 96, "negative dimension|" + REFUSED);
    }
  }

  /**
   * A forged 20,000 × 5,000 double (800 MB) next to a real 1 MiB variable: within deflate's ratio
   * of the file's length, but the variable's own element holds 96 bytes.
   */
  @Test
  void matV5_forgedShapeNextToARealVariable_truncatedBeforeAllocating() throws IOException {
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Double("pad", new int[] {1, 1 << 17}, new byte[1 << 20]),
        HostileFiles.matV5Double("x", new int[] {20_000, 5_000}, new byte[96]));
    assertRefused("forged_next_to_real.mat", mat, 1 << 20, "truncated");
  }

  /** An miCOMPRESSED variable of 96 bytes whose zlib stream goes on for 512 MiB of zeros after it. */
  @Test
  void matV5Compressed_deflateBombAfterTheVariable_withinBudget() throws IOException {
    byte[] variable = HostileFiles.matV5Double("x", new int[] {3, 4}, new byte[96]);
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Compressed(HostileFiles.zlib(variable, 512L << 20)));
    loadFile("bomb_after.mat", mat, 96);
  }

  /**
   * An miCOMPRESSED variable whose inner tags claim 400 MB of doubles (within deflate's ratio of
   * its 1 MiB stream) while the stream inflates to 1 MiB.
   */
  @Test
  void matV5Compressed_variableClaimingMoreThanItsStreamInflatesTo_truncated() throws IOException {
    int claimed = 400_000_000;
    byte[] random = new byte[1 << 20];
    new SplittableRandom(26).nextBytes(random);
    byte[] variable = HostileFiles.matV5Double("x", new int[] {1, claimed / 8}, random);
    ByteBuffer tags = ByteBuffer.wrap(variable).order(ByteOrder.LITTLE_ENDIAN);
    tags.putInt(4, tags.getInt(4) - random.length + claimed).putInt(60, claimed);
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Compressed(HostileFiles.zlib(variable, 0)));
    assertRefused("claims_more.mat", mat, random.length, "truncated");
  }

  /** 16 Mi zero doubles in a 130 KB stream: an honest bomb decodes (its honest size is 128 MiB). */
  @Test
  void matV5Compressed_honestBombOfZeros_decodesWithinBudget() throws IOException {
    int n = 1 << 24;
    byte[] variable = HostileFiles.matV5Double("x", new int[] {2, n / 2}, new byte[0]);
    ByteBuffer tags = ByteBuffer.wrap(variable).order(ByteOrder.LITTLE_ENDIAN);
    tags.putInt(4, tags.getInt(4) + 8 * n).putInt(60, 8 * n);
    byte[] mat = HostileFiles.matV5(HostileFiles.matV5Compressed(HostileFiles.zlib(variable, 8L * n)));
    Cost c = loadFile("honest_zeros.mat", mat, 8L * n);
    assertTrue(c.error().isEmpty() || c.error().contains("labels"), c.error());
  }

  /** The 261 KB archive whose data.pkl inflates to 256 MB of one opcode (4 minutes, 6.3 GB before). */
  @Tag("slow")
  @Test
  void pth_256MbPickleOfOneOpcode_refusedWithinBudget() throws IOException {
    assertPickleRefused("bomb256.pth", ']', 256 << 20, "implausibly large");
  }

  @Test
  void generated_fastSubset_eachOneLineWithinBudget() throws IOException {
    generated(26, 60);
  }

  /** Thousands of generated forged shapes and bombs across the formats; {@code mvn -Pslow}. */
  @Tag("slow")
  @Test
  @Timeout(value = 60, unit = TimeUnit.MINUTES)
  void generated_thousands_eachOneLineWithinBudget() throws IOException {
    generated(2026, 3000);
  }

  /**
   * {@code count} seeded cases: a random format (npy, IDX, npz stored or deflated, gzip inside
   * npz, pth stored or deflated, HDF5 and MATLAB v7.3 with a forged dataspace, MATLAB v5 with
   * forged dimensions, plain or compressed with up to 256 MiB of zeros after the variable, HDF5
   * with its first chunk replaced by the body or by a deflate bomb), gzipped or not, read from a file or from memory, a random
   * declared shape (up to 2^31 per axis, biased to huge) and a random body (up to 1 MiB, zeros or
   * random bytes; sometimes exactly the declared size, so honest files decode).
   */
  private void generated(long seed, int count) throws IOException {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<String> outcomes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long[] shape = new long[1 + rnd.nextInt(3)];
      long elements = 1;
      for (int a = 0; a < shape.length; a++) {
        shape[a] = switch (rnd.nextInt(4)) {
          case 0 -> rnd.nextInt(8);
          case 1 -> rnd.nextInt(1 << 10);
          case 2 -> rnd.nextLong(1L << 20);
          default -> rnd.nextLong(1L << 31);
        };
        elements = Allocation.bytes(elements, shape[a]);
      }
      boolean honest = elements <= (1 << 16) && rnd.nextBoolean();
      int bodyLength = honest ? (int) elements * 4 : rnd.nextInt(1 << 20);
      byte[] body = new byte[bodyLength];
      if (rnd.nextBoolean()) {
        for (int b = 0; b < body.length; b += 1 + rnd.nextInt(64)) {
          body[b] = (byte) rnd.nextInt(256);
        }
      }
      int kind = rnd.nextInt(11);
      String name;
      byte[] file;
      switch (kind) {
        case 0 -> {
          boolean gz = rnd.nextBoolean();
          name = "case" + i + (gz ? ".npy.gz" : ".npy");
          file = gz ? gzip(npy("<f4", shape, body)) : npy("<f4", shape, body);
        }
        case 1 -> {
          boolean gz = rnd.nextBoolean();
          long[] dims = shape.clone();
          for (int a = 0; a < dims.length; a++) {
            dims[a] = dims[a] & 0xFFFF_FFFFL;
          }
          name = "case" + i + "-ubyte" + (gz ? ".gz" : "");
          file = HostileFiles.idx(0x0D, dims, body);
          file = gz ? gzip(file) : file;
        }
        case 2, 3 -> {
          name = "case" + i + ".npz";
          file = HostileFiles.zip("x.npy", npy("<f4", shape, body), kind == 2);
        }
        case 4 -> {
          name = "case" + i + ".npz";
          file = HostileFiles.zip("x.npy", gzip(npy("<f4", shape, body)), true);
        }
        case 7, 8 -> {
          name = "case" + i + (kind == 7 ? ".h5" : ".mat");
          long[] dims = {shape[0], shape.length > 1 ? shape[1] : 1};
          dims[rnd.nextInt(2)] *= rnd.nextInt(8) == 0 ? -1 : 1;
          file = kind == 7 ? HostileFiles.h5WithDims(fixture("arrays.h5"), CHUNKED, dims)
              : HostileFiles.h5WithDims(fixture("arrays_v73.mat"), FEATURES_V73, dims);
        }
        case 9 -> {
          name = "case" + i + ".mat";
          int[] dims = new int[shape.length + 1];
          dims[0] = 1;
          for (int a = 0; a < shape.length; a++) {
            dims[a + 1] = (int) shape[a] * (rnd.nextInt(8) == 0 ? -1 : 1);
          }
          byte[] variable = HostileFiles.matV5Double("x", dims, body);
          file = HostileFiles.matV5(rnd.nextBoolean() ? variable
              : HostileFiles.matV5Compressed(HostileFiles.zlib(variable, rnd.nextInt(4) == 0 ? rnd.nextLong(1L << 28) : 0)));
        }
        case 10 -> {
          name = "case" + i + ".h5";
          byte[] chunk = rnd.nextBoolean() ? body : HostileFiles.zlib(body, rnd.nextLong(1L << 28));
          file = HostileFiles.h5WithFirstChunk(fixture("arrays.h5"), chunk);
        }
        default -> {
          name = "case" + i + ".pth";
          long numel = rnd.nextBoolean() ? elements : body.length / 4;
          file = HostileFiles.pth(HostileFiles.tensorPickle(shape, numel), body, kind == 5);
        }
      }
      boolean inMemory = kind <= 1 && rnd.nextInt(4) == 0;
      Cost c = inMemory ? load(DataSource.ofBytes(name, file), body.length) : loadFile(name, file, body.length);
      outcomes.add(c.error().isEmpty() ? "decoded" : c.error().replaceAll(".*?: ", "").split(" ")[0]);
    }
    Map<String, Long> tally = new LinkedHashMap<>();
    outcomes.forEach(o -> tally.merge(o, 1L, Long::sum));
    System.out.printf("HostileInputTest seed %d: %d cases %s; worst time %.2f s (%s); worst heap %d MiB (%s)%n", seed, count,
        tally, worstTime.seconds(), worstTime.error(), worstHeap.allocated() >> 20, worstHeap.error());
  }
}
