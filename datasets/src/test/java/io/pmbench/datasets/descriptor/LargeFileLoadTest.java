package io.pmbench.datasets.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 6, item 3: a 200,000 × 2,048 float32 {@code .npy} (1.64 GB) loads through a descriptor
 * without a second copy of the features: the reader streams the file in 64 KB chunks straight
 * into the one float array of each split. The file is generated into the temp folder (deleted
 * after). Prints the load time and the peak heap; run alone with
 *
 * <pre>mvn -o -q -Pslow -pl datasets surefire:test -Dtest=LargeFileLoadTest</pre>
 *
 * (surefire's -Xmx4g; the set needs 1.64 GB, so a second copy would show as a peak above 3.2 GB).
 */
@Tag("slow")
class LargeFileLoadTest {
  private static final int ROWS = 200_000;
  private static final int COLS = 2_048;
  private static final int CLASSES = 200;
  private static final long FEATURE_BYTES = (long) ROWS * COLS * Float.BYTES;

  @TempDir
  Path dir;

  @Test
  void load_featuresOf1point6Gb_holdOneCopyOnTheHeap() throws IOException {
    Path x = dir.resolve("features.npy");
    writeNpy(x, "<f4", "(" + ROWS + ", " + COLS + ")", FEATURE_BYTES, LargeFileLoadTest::writeFeatures);
    writeNpy(dir.resolve("labels.npy"), "<i4", "(" + ROWS + ",)", (long) ROWS * Integer.BYTES, LargeFileLoadTest::writeLabels);
    Path descriptor = DescriptorFiles.write(dir, "large.json", """
        {"pmbench": "dataset/1", "name": "large", "licence": "synthetic", "defaults": {"sigma": 5, "alpha": 0.5},
         "files": {"x": "features.npy", "y": "labels.npy"},
         "split": {"by": "classes", "features": {"file": "x"}, "labels": {"file": "y"},
                   "train": {"classes": [1, 100]}, "test": {"classes": [101, 200]}}}
        """);

    System.gc();
    long before = heapUsed();
    List<MemoryPoolMXBean> heap = heapPools();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long start = System.nanoTime();
    FeatureSet s = Datasets.load(descriptor.toString());
    double seconds = (System.nanoTime() - start) / 1e9;
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    System.out.printf("LargeFileLoadTest: %d x %d float32 (%.2f GB) loaded in %.1f s; heap before %.2f GB, "
            + "peak (sum of pool peaks, an upper bound) %.2f GB, after %.2f GB%n", ROWS, COLS, FEATURE_BYTES / 1e9,
        seconds, before / 1e9, peak / 1e9, heapUsed() / 1e9);

    assertEquals(ROWS / 2, s.train().size());
    assertEquals(ROWS / 2, s.test().size());
    assertEquals(COLS, s.dimension());
    // row 0 is class 1 (train row 0), row 100 is class 101 (test row 0): the values written, L2-normalised
    assertRow(0, s.train().features().row(0));
    assertRow(100, s.test().features().row(0));
    // one copy is 1.64 GB; a second copy (or a double[] of it) would push the peak past 1.5 copies
    assertTrue(peak - before < 1.5 * FEATURE_BYTES, () -> "peak heap " + peak / 1e9 + " GB over " + before / 1e9
        + " GB before: the features were held twice");
  }

  private static long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
  }

  /** Row {@code r}'s values: uniform in [0.5, 1.5), from its own seeded stream. */
  private static float[] row(int r) {
    SplittableRandom rnd = new SplittableRandom(r);
    float[] v = new float[COLS];
    for (int c = 0; c < COLS; c++) {
      v[c] = (float) (0.5 + rnd.nextDouble());
    }
    return v;
  }

  private static void assertRow(int r, double[] actual) {
    float[] v = row(r);
    double norm = 0;
    for (float f : v) {
      norm += (double) f * f;
    }
    norm = Math.sqrt(norm);
    for (int c = 0; c < COLS; c++) {
      assertEquals(v[c] / norm, actual[c], 1e-6, "row " + r + ", column " + c);
    }
  }

  private static void writeFeatures(FileChannel ch) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(COLS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (int r = 0; r < ROWS; r++) {
      b.clear();
      b.asFloatBuffer().put(row(r));
      b.limit(b.capacity());
      while (b.hasRemaining()) {
        ch.write(b);
      }
    }
  }

  /** Label of row r is r mod 200 + 1: 1,000 rows per class, classes 1-100 train, 101-200 test. */
  private static void writeLabels(FileChannel ch) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(ROWS * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (int r = 0; r < ROWS; r++) {
      b.putInt(r % CLASSES + 1);
    }
    b.flip();
    while (b.hasRemaining()) {
      ch.write(b);
    }
  }

  @FunctionalInterface
  private interface Body {
    void write(FileChannel ch) throws IOException;
  }

  /** A .npy v1.0 file: magic, header padded to a multiple of 64 bytes, then {@code dataBytes} from {@code body}. */
  private static void writeNpy(Path p, String descr, String shape, long dataBytes, Body body) throws IOException {
    String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    int unpadded = 10 + dict.length() + 1;
    String header = dict + " ".repeat((64 - unpadded % 64) % 64) + "\n";
    ByteBuffer head = ByteBuffer.allocate(10 + header.length()).order(ByteOrder.LITTLE_ENDIAN);
    head.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
    head.putShort((short) header.length()).put(header.getBytes(StandardCharsets.US_ASCII)).flip();
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      while (head.hasRemaining()) {
        ch.write(head);
      }
      body.write(ch);
      assertEquals(10 + header.length() + dataBytes, ch.size(), "bytes written to " + p);
    }
  }
}
