package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.MatV5Writer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Cars196DevkitTest {
  @TempDir
  Path tmp;

  /**
   * The scipy-written devkit (see make.py there): cars_train rows 00001-00004 of classes 14, 99,
   * 98, 196 with boxes (2,3)-(10,8), (1,1)-(300,300), (5,2)-(5,2), (3,4)-(12,9); cars_test rows
   * 00001-00003 without classes (their later labels: 1, 150, 97). Image i of a folder is
   * (20 + i) x (12 + i) pixels.
   */
  private Path copy() throws IOException {
    Path devkit = Files.createDirectories(tmp.resolve("devkit"));
    for (String f : List.of("cars_train_annos.mat", "cars_test_annos.mat", "cars_meta.mat")) {
      Files.write(devkit.resolve(f), resource(f));
    }
    for (String folder : List.of("cars_train", "cars_test")) {
      Files.createDirectories(tmp.resolve(folder));
      for (int i = 1; i <= 4; i++) {
        Files.write(tmp.resolve(folder).resolve(String.format("%05d.jpg", i)), TinyCopies.jpeg(20 + i, 12 + i, i));
      }
    }
    return tmp;
  }

  private byte[] resource(String name) throws IOException {
    try (InputStream in = getClass().getResourceAsStream("cars196-devkit-scipy/" + name)) {
      return in.readAllBytes();
    }
  }

  private static ImageLayout open(Path path, ImageOptions options) throws IOException {
    return ImageLayouts.open("cars196-devkit:" + path, options);
  }

  @Test
  void open_originalDevkit_classes1To98And99To196OfCarsTrainTestImagesSkipped() throws IOException {
    try (ImageLayout cars = open(copy(), ImageOptions.NONE)) {
      List<ImageRecord> train = TinyCopies.records(cars, Split.TRAIN);
      assertEquals(List.of("cars_train/00001.jpg", "cars_train/00003.jpg"), train.stream().map(ImageRecord::id).toList());
      assertEquals(List.of(13, 97), train.stream().map(ImageRecord::label).toList());
      List<ImageRecord> test = TinyCopies.records(cars, Split.TEST);
      assertEquals(List.of("cars_train/00002.jpg", "cars_train/00004.jpg"), test.stream().map(ImageRecord::id).toList());
      assertEquals(List.of(98, 195), test.stream().map(ImageRecord::label).toList());
      assertEquals("Make Model 14", cars.classNames().get(13));
      assertEquals("cars196-devkit", cars.dataset());
      assertTrue(cars.splitRule().contains("the 3 images of cars_test are skipped"), cars.splitRule());
    }
  }

  @Test
  void open_testLabelsReleasedLater_pooledOverBothFolders() throws IOException {
    Path dir = copy();
    Files.write(dir.resolve("devkit").resolve(Cars196Devkit.WITH_LABELS), resource(Cars196Devkit.WITH_LABELS));
    try (ImageLayout cars = open(dir, ImageOptions.NONE)) {
      assertEquals(List.of("cars_train/00001.jpg", "cars_train/00003.jpg", "cars_test/00001.jpg", "cars_test/00003.jpg"),
          TinyCopies.records(cars, Split.TRAIN).stream().map(ImageRecord::id).toList());
      assertEquals(List.of("cars_train/00002.jpg", "cars_train/00004.jpg", "cars_test/00002.jpg"),
          TinyCopies.records(cars, Split.TEST).stream().map(ImageRecord::id).toList());
      assertTrue(!cars.splitRule().contains("skipped"), cars.splitRule());
      assertEquals(dir.resolve("devkit").resolve(Cars196Devkit.WITH_LABELS), cars.files().get(1));
    }
  }

  @Test
  void open_cropBbox_oneBasedInclusiveBecomesZeroBasedExclusiveCutToTheImage() throws IOException {
    try (ImageLayout cars = open(copy(), ImageOptions.NONE)) {
      List<ImageRecord> train = TinyCopies.records(cars, Split.TRAIN);
      // columns 2..10 and rows 3..8, 1-based inclusive: 0-based columns 1..9, rows 2..7
      assertEquals(Optional.of(new BoundingBox(1, 2, 10, 8)), train.get(0).box());
      // (5,2)-(5,2) is the one pixel in column 4, row 1
      assertEquals(Optional.of(new BoundingBox(4, 1, 5, 2)), train.get(1).box());
      // (1,1)-(300,300) on a 22 x 14 image is the whole image
      ImageRecord big = TinyCopies.records(cars, Split.TEST).get(0);
      assertEquals(List.of(22, 14), List.of(big.image().width(), big.image().height()));
      assertEquals(Optional.of(new BoundingBox(0, 0, 22, 14)), big.box());
    }
  }

  @Test
  void open_cropNone_noBoxes() throws IOException {
    try (ImageLayout cars = open(copy(), new ImageOptions(Map.of("crop", "none")))) {
      assertTrue(TinyCopies.records(cars, Split.TEST).stream().allMatch(r -> r.box().isEmpty()));
      assertEquals("cars196-devkit-nocrop", cars.dataset());
    }
  }

  /** A Java-written annotations file: rows of (fname, x1, y1, x2, y2, class), class -1 for no class field. */
  private static byte[] annos(boolean withClass, Object[]... rows) {
    List<String> fields = new ArrayList<>(List.of("bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2"));
    if (withClass) {
      fields.add("class");
    }
    fields.add("fname");
    List<byte[]> values = new ArrayList<>();
    for (Object[] r : rows) {
      for (int k = 1; k <= (withClass ? 5 : 4); k++) {
        values.add(MatV5Writer.scalar("", (int) r[k]));
      }
      values.add(MatV5Writer.chars("", (String) r[0]));
    }
    return MatV5Writer.file(MatV5Writer.struct("annotations", new int[] {1, rows.length}, fields, values));
  }

  private void assertRefused(byte[] trainAnnos, String what) throws IOException {
    Path dir = copy();
    Path file = dir.resolve("devkit/cars_train_annos.mat");
    Files.write(file, trainAnnos);
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> open(dir, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(file + what), e.getMessage());
  }

  @Test
  void open_classOutOfRange_refusedNamingTheRow() throws IOException {
    assertRefused(annos(true, new Object[] {"00001.jpg", 1, 1, 5, 5, 3}, new Object[] {"00002.jpg", 1, 1, 5, 5, 197}),
        " annotations(2): field class must be a whole number 1-196, found 197.0");
  }

  @Test
  void open_trainAnnotationsWithoutClass_refused() throws IOException {
    assertRefused(annos(false, new Object[] {"00001.jpg", 1, 1, 5, 5}),
        ": 'annotations' has no field class (its images would have no label)");
  }

  @Test
  void open_fnameLeavingItsFolderOrRepeated_refused() throws IOException {
    assertRefused(annos(true, new Object[] {"../devkit/cars_meta.mat", 1, 1, 5, 5, 3}),
        " annotations(1): field fname must be a file name");
    assertRefused(annos(true, new Object[] {"00001.jpg", 1, 1, 5, 5, 3}, new Object[] {"00001.jpg", 1, 1, 5, 5, 4}),
        " annotations(2): fname '00001.jpg' is listed a second time (first at annotations(1))");
  }

  @Test
  void open_boxHoldingNoPixel_refused() throws IOException {
    assertRefused(annos(true, new Object[] {"00001.jpg", 6, 1, 5, 5, 3}),
        " annotations(1): bounding box (6, 1) to (5, 5) holds no pixel");
  }

  @Test
  void open_missingImage_refusedNamingTheRow() throws IOException {
    Path dir = copy();
    Files.delete(dir.resolve("cars_train/00004.jpg"));
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> open(dir, ImageOptions.NONE));
    assertEquals(dir.resolve("cars_train/00004.jpg") + ": no such file (" + dir.resolve("devkit/cars_train_annos.mat")
        + " annotations(4) names it)", e.getMessage());
  }

  @Test
  void open_metaWithTooFewNames_refused() throws IOException {
    Path dir = copy();
    Path meta = dir.resolve("devkit/cars_meta.mat");
    Files.write(meta, MatV5Writer.file(MatV5Writer.cell("class_names", new int[] {1, 1},
        List.of(MatV5Writer.chars("", "Only One")))));
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> open(dir, ImageOptions.NONE));
    assertEquals(meta + ": expected a cell class_names of 196 names, found a cell array of 1", e.getMessage());
  }
}
