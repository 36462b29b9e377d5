package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class Cifar100PythonTest {
  @TempDir
  Path tmp;

  /** Pixel p (0–1023, row-major) of image i in channel c, as make.py writes it. */
  private static int pixel(int i, int c, int p) {
    return (7 * i + 3 * c + p) % 256;
  }

  private static int fine(Split s, int i) {
    return (3 * i + (s == Split.TRAIN ? 0 : 1)) % 100;
  }

  private static byte[] raw(int n) {
    byte[] raw = new byte[n * 3072];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < 3072; p++) {
        raw[i * 3072 + p] = (byte) pixel(i, p / 1024, p % 1024);
      }
    }
    return raw;
  }

  private static List<String> names(String prefix, int n) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(prefix + k);
    }
    return out;
  }

  /** A split's pickle as make.py's, written by the Java writer, with {@code edit} applied to its parts. */
  private static byte[] split(Split s, int n, Function<Py2Pickle, Py2Pickle> data) {
    int[] fine = new int[n];
    int[] coarse = new int[n];
    List<String> files = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fine[i] = fine(s, i);
      coarse[i] = fine[i] / 5;
      files.add(s.label() + "_" + i + ".png");
    }
    Py2Pickle p = new Py2Pickle().beginDict().key("batch_label").str(s.label() + "ing batch 1 of 1");
    p.key("fine_labels").ints(fine).key("coarse_labels").ints(coarse).key("filenames").strs(files).key("data");
    return data.apply(p).endDict().stop();
  }

  private static byte[] split(Split s, int n) {
    return split(s, n, p -> p.array(n, raw(n)));
  }

  private static byte[] meta() {
    return new Py2Pickle().beginDict().key("fine_label_names").strs(names("fine_", 100)).key("coarse_label_names")
        .strs(names("coarse_", 20)).endDict().stop();
  }

  private Path folder(byte[] train, byte[] test, byte[] meta) throws IOException {
    return TinyCopies.writeFolder(tmp.resolve("cifar-100-python"), Map.of("train", train, "test", test, "meta", meta));
  }

  private Path javaCopy() throws IOException {
    return folder(split(Split.TRAIN, 4), split(Split.TEST, 3), meta());
  }

  private Path py2Copy() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("py2/cifar-100-python"));
    for (String f : List.of("train", "test", "meta")) {
      try (InputStream in = getClass().getResourceAsStream("cifar100-python-py2/" + f)) {
        Files.write(dir.resolve(f), in.readAllBytes());
      }
    }
    return dir;
  }


  private static void assertTinyCopy(ImageLayout layout, boolean coarse) throws IOException {
    assertEquals(4, layout.count(Split.TRAIN));
    assertEquals(3, layout.count(Split.TEST));
    assertEquals(coarse ? names("coarse_", 20) : names("fine_", 100), layout.classNames());
    for (Split s : Split.values()) {
      List<ImageRecord> rs = TinyCopies.records(layout, s);
      assertEquals(layout.count(s), rs.size());
      for (int i = 0; i < rs.size(); i++) {
        ImageRecord r = rs.get(i);
        assertEquals(coarse ? fine(s, i) / 5 : fine(s, i), r.label(), "label of " + r.id());
        assertEquals(s.label() + "#" + i + " (" + s.label() + "_" + i + ".png)", r.id());
        assertEquals(32, r.image().width());
        // planes R, G, B become interleaved pixels: pixel (x, y) is plane index 32 y + x
        for (int c = 0; c < 3; c++) {
          assertEquals(pixel(i, c, 0), r.image().sample(0, 0, c));
          assertEquals(pixel(i, c, 32 * 5 + 7), r.image().sample(7, 5, c));
          assertEquals(pixel(i, c, 1023), r.image().sample(31, 31, c));
        }
      }
    }
  }

  @Test
  void open_copyWrittenByPython2CPickle_streamsItsRecords() throws IOException {
    // fails if the reader does not follow what cPickle actually writes (memo BINPUTs, dict order
    // 'data' first, MARK ... APPENDS lists), which the Java writer only imitates
    try (ImageLayout layout = ImageLayouts.open("cifar100-python:" + py2Copy().getParent(), ImageOptions.NONE)) {
      assertTinyCopy(layout, false);
      assertEquals("cifar100", layout.dataset());
    }
  }

  @Test
  void open_javaCopyFolderAndTarGz_sameRecords() throws IOException {
    Path dir = javaCopy();
    Path gz = tmp.resolve("cifar-100-python.tar.gz");
    Files.write(gz, TinyCopies.tarGz("cifar-100-python", List.of(Map.entry("meta", meta()),
        Map.entry("test", split(Split.TEST, 3)), Map.entry("train", split(Split.TRAIN, 4)))));
    try (ImageLayout folder = ImageLayouts.open("cifar100-python:" + dir, ImageOptions.NONE);
        ImageLayout archive = ImageLayouts.open("cifar100-python:" + gz, ImageOptions.NONE)) {
      assertTinyCopy(folder, false);
      assertTinyCopy(archive, false);
      assertEquals(List.of(gz), archive.files());
      assertEquals(List.of(dir.resolve("train"), dir.resolve("test"), dir.resolve("meta")), folder.files());
    }
  }

  @Test
  void open_truncatedTarGz_refusedInOneLineNamingIt() throws IOException {
    byte[] gz = TinyCopies.tarGz("cifar-100-python", List.of(Map.entry("meta", meta()),
        Map.entry("test", split(Split.TEST, 3)), Map.entry("train", split(Split.TRAIN, 4))));
    Path cut = tmp.resolve("cut.tar.gz");
    Files.write(cut, java.util.Arrays.copyOf(gz, gz.length / 2));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-python:" + cut, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(cut + ":"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void open_coarseLabels_coarseNamesAndLabels() throws IOException {
    try (ImageLayout layout = ImageLayouts.open("cifar100-python:" + javaCopy(),
        new ImageOptions(Map.of("labels", "coarse")))) {
      assertTinyCopy(layout, true);
      assertEquals("cifar100-coarse", layout.dataset());
    }
  }

  private InvalidDataException refused(byte[] train) throws IOException {
    Path dir = folder(train, split(Split.TEST, 3), meta());
    return assertThrows(InvalidDataException.class, () -> ImageLayouts.open("cifar100-python:" + dir, ImageOptions.NONE));
  }

  private void assertRefused(byte[] train, String what) throws IOException {
    String m = refused(train).getMessage();
    Path file = tmp.resolve("cifar-100-python/train");
    assertTrue(m.startsWith(file + ": "), m);
    assertTrue(m.contains(what), m);
    assertTrue(!m.contains("\n"), m);
  }

  @Test
  void open_pickleCallingAnotherGlobal_refusedNamingIt() throws IOException {
    // fails if the unpickler resolved or called a global outside its three numpy names: this
    // pickle would run os.system('touch PWNED') under Python
    byte[] evil = new Py2Pickle().global("os", "system").str("touch PWNED").op(0x85).op('R').stop();
    assertRefused(evil, "refusing pickle global 'os.system'");
    assertTrue(!Files.exists(Path.of("PWNED")));
  }

  @Test
  void open_allowedGlobalCalledOtherwise_refused() throws IOException {
    byte[] odd = new Py2Pickle().global("numpy", "dtype").str("O").integer(0).integer(1).op(0x87).op('R').stop();
    assertRefused(odd, "unsupported numpy dtype 'O'");
    byte[] reconstruct = new Py2Pickle().global("numpy.core.multiarray", "_reconstruct").global("numpy", "dtype")
        .integer(0).op(0x85).str("b").op(0x87).op('R').stop();
    assertRefused(reconstruct, "refusing to call numpy.core.multiarray._reconstruct");
  }

  @Test
  @Timeout(10)
  void open_deeplyNestedMarks_refusedFast() throws IOException {
    assertRefused(new Py2Pickle().repeat('(', 1_000_000).stop(), "more than 16 nested MARKs");
  }

  @Test
  @Timeout(10)
  void open_deeplyNestedLists_oneLineWithoutStackOverflow() throws IOException {
    // 200,000 lists each appended into the one before: nothing may recurse over them
    byte[] deep = new Py2Pickle().repeat(']', 200_000).repeat('a', 199_999).stop();
    assertRefused(deep, "expected a dict at the top of the pickle, found a list");
  }

  @Test
  @Timeout(10)
  void open_longPickle_refusedByTheObjectCap() throws IOException {
    assertRefused(new Py2Pickle().op(']').op('(').repeat('N', 2_000_000).op('e').stop(), "more than 1048576 objects");
  }

  @Test
  @Timeout(10)
  void open_manyLongStrings_refusedByTheStringCap() throws IOException {
    Py2Pickle p = new Py2Pickle().op(']').op('(');
    String s = "x".repeat(255);
    for (int i = 0; i < 70_000; i++) {
      p.str(s);
    }
    assertRefused(p.op('e').stop(), "more than 16777216 bytes of strings");
  }

  @Test
  @Timeout(10)
  void open_byteStringClaimingTwoGigabytes_truncatedWithoutAllocating() throws IOException {
    byte[] liar = new Py2Pickle().op('T').int32(Integer.MAX_VALUE).stop();
    assertRefused(liar, "truncated pickle");
    byte[] negative = new Py2Pickle().op('T').int32(-5).stop();
    assertRefused(negative, "negative length -5");
  }

  @Test
  void open_truncatedPickle_refused() throws IOException {
    byte[] whole = split(Split.TRAIN, 4);
    assertRefused(java.util.Arrays.copyOf(whole, whole.length - 40), "truncated pickle");
  }

  @Test
  void open_shapeDisagreeingWithData_refused() throws IOException {
    byte[] p = split(Split.TRAIN, 4, w -> w.array(5, raw(4)));
    assertRefused(p, "its shape holds");
    byte[] wrongWidth = split(Split.TRAIN, 4, w -> w.array(8, raw(4)));
    assertRefused(wrongWidth,
        "'data' must be a uint8 array of shape (N, 3072) with N >= 1, found an array of shape [8, 1536]");
  }

  @Test
  void open_labelsOfAnotherLength_refused() throws IOException {
    assertRefused(split(Split.TRAIN, 4, w -> w.array(3, raw(3))),
        "'fine_labels' must be a list of 3 entries, found a list of 4");
  }

  @Test
  void open_labelOutOfRange_refusedNamingTheEntry() throws IOException {
    byte[] p = new Py2Pickle().beginDict().key("fine_labels").ints(1, 100).key("filenames").strs(List.of("a", "b"))
        .key("data").array(2, raw(2)).endDict().stop();
    assertRefused(p, "'fine_labels' entry 1 must be a class 0-99, found integer 100");
  }

  @Test
  void open_protocolThree_refused() throws IOException {
    byte[] p = split(Split.TRAIN, 4);
    p[1] = 3;
    assertRefused(p, "unsupported pickle protocol 3");
  }

  @Test
  void open_missingMeta_refusedNamingIt() throws IOException {
    Path dir = javaCopy();
    Files.delete(dir.resolve("meta"));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-python:" + tmp, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(dir.resolve("meta") + ": no such file"), e.getMessage());
  }

  @Test
  void open_unknownOption_refused() throws IOException {
    Path dir = javaCopy();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ImageLayouts.open("cifar100-python:" + dir, new ImageOptions(Map.of("crop", "bbox"))));
    assertTrue(e.getMessage().startsWith("--crop does not apply to layout cifar100-python"), e.getMessage());
  }
}
