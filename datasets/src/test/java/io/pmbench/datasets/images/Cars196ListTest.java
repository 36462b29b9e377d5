package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Cell;
import us.hebi.matlab.mat.types.MatFile;

class Cars196ListTest {
  /** Classes of images 1..6: train are classes 1-98, test 99-196. */
  private static final int[] CLASSES = {1, 99, 2, 196, 98, 150};

  @TempDir
  Path tmp;

  private Path copy(int[] classes, byte[]... jpegs) throws IOException {
    List<Map.Entry<String, byte[]>> entries = new ArrayList<>();
    for (int i = 0; i < jpegs.length; i++) {
      entries.add(Map.entry(Cars196List.entryName(i), jpegs[i]));
    }
    TinyCopies.zip(tmp.resolve("cars196-train-224.zip"), entries);
    StringBuilder labels = new StringBuilder();
    for (int c : classes) {
      labels.append(c).append('\n');
    }
    Files.writeString(tmp.resolve(Cars196List.LABELS), labels, StandardCharsets.UTF_8);
    return tmp;
  }

  private Path standardCopy() throws IOException {
    byte[][] jpegs = new byte[CLASSES.length][];
    for (int i = 0; i < jpegs.length; i++) {
      jpegs[i] = TinyCopies.jpeg(20 + i, 10 + 2 * i, i);
    }
    return copy(CLASSES, jpegs);
  }

  @Test
  void open_zipAndLabels_splitsClasses1To98And99To196InImageOrder() throws IOException {
    try (ImageLayout c = ImageLayouts.open("cars196-list:" + standardCopy(), ImageOptions.NONE)) {
      assertEquals(3, c.count(Split.TRAIN));
      assertEquals(3, c.count(Split.TEST));
      assertEquals("class 196", c.classNames().get(195));
      List<ImageRecord> train = TinyCopies.records(c, Split.TRAIN);
      assertEquals(List.of("cars_train/00001.jpg", "cars_train/00003.jpg", "cars_train/00005.jpg"),
          train.stream().map(ImageRecord::id).toList());
      assertEquals(List.of(0, 1, 97), train.stream().map(ImageRecord::label).toList());
      assertEquals(List.of(24, 18), List.of(train.get(2).image().width(), train.get(2).image().height()));
      List<ImageRecord> test = TinyCopies.records(c, Split.TEST);
      assertEquals(List.of(98, 195, 149), test.stream().map(ImageRecord::label).toList());
      assertEquals(List.of(0, 1, 2), test.stream().map(ImageRecord::index).toList());
    }
  }

  @Test
  void open_zipPathOrImagesFolder_sameRecords() throws IOException {
    Path dir = standardCopy();
    Path folderCopy = Files.createDirectories(tmp.resolve("unpacked"));
    Files.copy(dir.resolve(Cars196List.LABELS), folderCopy.resolve(Cars196List.LABELS));
    Files.createDirectories(folderCopy.resolve(Cars196List.IMAGES));
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(dir.resolve("cars196-train-224.zip").toFile())) {
      for (int i = 0; i < CLASSES.length; i++) {
        Files.write(folderCopy.resolve(Cars196List.entryName(i)), z.getInputStream(z.getEntry(Cars196List.entryName(i)))
            .readAllBytes());
      }
    }
    try (ImageLayout a = ImageLayouts.open("cars196-list:" + dir.resolve("cars196-train-224.zip"), ImageOptions.NONE);
        ImageLayout b = ImageLayouts.open("cars196-list:" + folderCopy, ImageOptions.NONE)) {
      for (Split s : Split.values()) {
        List<ImageRecord> ra = TinyCopies.records(a, s);
        List<ImageRecord> rb = TinyCopies.records(b, s);
        for (int i = 0; i < ra.size(); i++) {
          assertTrue(Arrays.equals(ra.get(i).image().rgb(), rb.get(i).image().rgb()));
          assertEquals(ra.get(i).label(), rb.get(i).label());
        }
      }
    }
  }

  @Test
  void open_metaFile_readsClassNamesFromTheCell() throws IOException {
    Path dir = standardCopy();
    Cell names = Mat5.newCell(1, Cars196List.CLASSES);
    for (int c = 0; c < Cars196List.CLASSES; c++) {
      names.set(c, Mat5.newString("Car " + (c + 1)));
    }
    try (MatFile mat = Mat5.newMatFile().addArray("class_names", names)) {
      Mat5.writeToFile(mat, dir.resolve(Cars196List.META).toFile());
    }
    try (ImageLayout c = ImageLayouts.open("cars196-list:" + dir, ImageOptions.NONE)) {
      assertEquals("Car 14", c.classNames().get(13));
      assertEquals(3, c.files().size());
    }
  }

  @Test
  void open_classOutOfRange_namesFileAndLine() throws IOException {
    Path dir = copy(new int[] {1, 197}, TinyCopies.jpeg(8, 8, 0), TinyCopies.jpeg(8, 8, 1));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cars196-list:" + dir, ImageOptions.NONE));
    assertEquals(dir.resolve(Cars196List.LABELS) + " line 2: class 197 is out of range 1-196", e.getMessage());
  }

  @Test
  void open_imageMissingFromZip_namesEntryAndLine() throws IOException {
    Path dir = copy(new int[] {1, 2, 3}, TinyCopies.jpeg(8, 8, 0), TinyCopies.jpeg(8, 8, 1));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cars196-list:" + dir, ImageOptions.NONE));
    assertEquals(dir.resolve("cars196-train-224.zip") + ": holds no cars_train/00003.jpg (" + dir.resolve(Cars196List.LABELS)
        + " line 3 names it)", e.getMessage());
  }

  @Test
  void next_corruptOrTruncatedJpeg_namesEntryAndLine() throws IOException {
    byte[] good = TinyCopies.jpeg(64, 64, 0);
    byte[] garbage = "not a jpeg at all".getBytes(StandardCharsets.US_ASCII);
    Path dir = copy(new int[] {1, 2, 150}, good, Arrays.copyOf(good, good.length / 2), garbage);
    String zip = dir.resolve("cars196-train-224.zip").toString();
    try (ImageLayout c = ImageLayouts.open("cars196-list:" + dir, ImageOptions.NONE);
        ImageStream train = c.open(Split.TRAIN);
        ImageStream test = c.open(Split.TEST)) {
      assertTrue(train.next().isPresent());
      InvalidDataException e = assertThrows(InvalidDataException.class, train::next);
      assertTrue(e.getMessage().startsWith(zip + ":cars_train/00002.jpg (train_perfect_preds.txt line 2): corrupt image"),
          e.getMessage());
      e = assertThrows(InvalidDataException.class, test::next);
      assertTrue(e.getMessage().startsWith(zip + ":cars_train/00003.jpg (train_perfect_preds.txt line 3): not an image"),
          e.getMessage());
    }
  }

  @Test
  void open_noZipNoFolder_saysWhatIsExpected() throws IOException {
    Files.writeString(tmp.resolve(Cars196List.LABELS), "1\n");
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cars196-list:" + tmp, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(tmp + ": expected a folder cars_train/ or exactly one .zip"), e.getMessage());
  }

  @Test
  void open_missingLabelsFile_namesIt() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cars196-list:" + tmp, ImageOptions.NONE));
    assertEquals(tmp.resolve(Cars196List.LABELS) + ": no such file", e.getMessage());
  }
}
