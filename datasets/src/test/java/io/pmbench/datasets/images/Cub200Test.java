package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Cub200Test {
  @TempDir
  Path tmp;

  /** Image ids 1..5: class, is_train, image size w × h, box line. Lines are written in this (not id) order. */
  private static final List<Object[]> IMAGES = List.of(
      new Object[] {3, 100, 0, 30, 20, "2.5 1.0 4.0 3.2"},
      new Object[] {1, 1, 1, 24, 16, "0.0 0.0 24.0 16.0"},
      new Object[] {2, 150, 1, 20, 12, "10.0 4.0 100.0 100.0"},
      new Object[] {5, 101, 0, 16, 16, "1 1 1 1"},
      new Object[] {4, 200, 1, 18, 10, "0.4 0.6 0.2 0.3"});

  private Path copy(Map<String, String> replace) throws IOException {
    Path dir = tmp.resolve("CUB_200_2011");
    Map<String, StringBuilder> text = Map.of("images.txt", new StringBuilder(), "image_class_labels.txt",
        new StringBuilder(), "train_test_split.txt", new StringBuilder(), "bounding_boxes.txt", new StringBuilder(),
        "classes.txt", new StringBuilder());
    for (Object[] im : IMAGES) {
      int id = (int) im[0];
      String rel = String.format("%03d.Class_%d/bird_%d.jpg", (int) im[1], (int) im[1], id);
      Files.createDirectories(dir.resolve("images").resolve(rel).getParent());
      Files.write(dir.resolve("images").resolve(rel), TinyCopies.jpeg((int) im[3], (int) im[4], id));
      text.get("images.txt").append(id).append(' ').append(rel).append('\n');
      text.get("image_class_labels.txt").append(id).append(' ').append(im[1]).append('\n');
      text.get("train_test_split.txt").append(id).append(' ').append(im[2]).append('\n');
      text.get("bounding_boxes.txt").append(id).append(' ').append(im[5]).append('\n');
    }
    for (int c = 1; c <= 200; c++) {
      text.get("classes.txt").append(c).append(String.format(" %03d.Class_%d%n", c, c));
    }
    for (Map.Entry<String, StringBuilder> f : text.entrySet()) {
      Files.writeString(dir.resolve(f.getKey()), replace.getOrDefault(f.getKey(), f.getValue().toString()));
    }
    return dir;
  }


  @Test
  void open_tinyCopy_classes1To100TrainAnd101To200TestInIdOrder() throws IOException {
    copy(Map.of());
    try (ImageLayout cub = ImageLayouts.open("cub200:" + tmp, ImageOptions.NONE)) {
      assertEquals(200, cub.classNames().size());
      assertEquals("cub200", cub.dataset());
      assertTrue(cub.splitRule().contains("CUB's split for classification with 3 train and 2 test images, is read but "
          + "not used"), cub.splitRule());
      assertEquals("100.Class_100", cub.classNames().get(99));
      // id 2 is class 150 with is_train 1: the paper's class rule puts it in test regardless
      List<ImageRecord> train = TinyCopies.records(cub, Split.TRAIN);
      assertEquals(List.of("images/001.Class_1/bird_1.jpg", "images/100.Class_100/bird_3.jpg"),
          train.stream().map(ImageRecord::id).toList());
      assertEquals(List.of(0, 99), train.stream().map(ImageRecord::label).toList());
      List<ImageRecord> test = TinyCopies.records(cub, Split.TEST);
      assertEquals(List.of(149, 199, 100), test.stream().map(ImageRecord::label).toList());
      assertEquals(List.of(0, 1, 2), test.stream().map(ImageRecord::index).toList());
      assertEquals(List.of(30, 20), List.of(train.get(1).image().width(), train.get(1).image().height()));
      assertEquals(5 + 5, cub.files().size());
    }
  }

  @Test
  void open_cropBbox_floorOfStartCeilingOfEndCutToTheImage() throws IOException {
    copy(Map.of());
    try (ImageLayout cub = ImageLayouts.open("cub200:" + tmp, ImageOptions.NONE)) {
      List<ImageRecord> train = TinyCopies.records(cub, Split.TRAIN);
      assertEquals(Optional.of(new BoundingBox(0, 0, 24, 16)), train.get(0).box());
      // x 2.5 + 4.0 = 6.5 -> columns 2..6, y 1.0 + 3.2 = 4.2 -> rows 1..4
      assertEquals(Optional.of(new BoundingBox(2, 1, 7, 5)), train.get(1).box());
      List<ImageRecord> test = TinyCopies.records(cub, Split.TEST);
      // 10 + 100 runs past the 20 x 12 image: cut to it
      assertEquals(Optional.of(new BoundingBox(10, 4, 20, 12)), test.get(0).box());
      // 0.4 + 0.2 = 0.6 -> column 0 only; 0.6 + 0.3 = 0.9 -> row 0 only
      assertEquals(Optional.of(new BoundingBox(0, 0, 1, 1)), test.get(1).box());
    }
  }

  @Test
  void open_cropNone_noBoxes() throws IOException {
    copy(Map.of());
    try (ImageLayout cub = ImageLayouts.open("cub200:" + tmp.resolve("CUB_200_2011"),
        new ImageOptions(Map.of("crop", "none")))) {
      assertTrue(TinyCopies.records(cub, Split.TRAIN).stream().allMatch(r -> r.box().isEmpty()));
      assertEquals("cub200-nocrop", cub.dataset());
    }
  }

  private void assertRefused(Map<String, String> replace, String file, String what) throws IOException {
    Path dir = copy(replace);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cub200:" + dir, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(dir.resolve(file) + what), e.getMessage());
  }

  @Test
  void open_repeatedId_refusedNamingFileAndLine() throws IOException {
    assertRefused(Map.of("image_class_labels.txt", "1 1\n2 150\n1 3\n"), "image_class_labels.txt",
        " line 3: id 1 is listed a second time (first at line 1)");
  }

  @Test
  void open_missingOrExtraId_refusedNamingIt() throws IOException {
    assertRefused(Map.of("bounding_boxes.txt", "1 0 0 1 1\n2 0 0 1 1\n3 0 0 1 1\n4 0 0 1 1\n"), "bounding_boxes.txt",
        ": has no line for id 5");
    assertRefused(Map.of("train_test_split.txt", "1 1\n2 1\n3 0\n4 1\n5 0\n9 1\n"), "train_test_split.txt",
        " line 6: id 9 is not in ");
  }

  @Test
  void open_longLine_refused() throws IOException {
    assertRefused(Map.of("images.txt", "1 " + "a".repeat(2000) + "\n"), "images.txt",
        " line 1: longer than 1024 characters");
  }

  @Test
  void open_badValues_refusedNamingFileLineAndField() throws IOException {
    assertRefused(Map.of("image_class_labels.txt", "3 100\n1 1\n2 201\n5 101\n4 200\n"), "image_class_labels.txt",
        " line 3: field 2 must be a class (1-200), found '201'");
    assertRefused(Map.of("train_test_split.txt", "3 0\n1 1\n2 1\n5 2\n4 1\n"), "train_test_split.txt",
        " line 4: field 2 must be is_train 0 or 1 (0-1), found '2'");
    assertRefused(Map.of("bounding_boxes.txt", "3 0 0 1 1\n1 0 0 1 1\n2 NaN 0 1 1\n5 0 0 1 1\n4 0 0 1 1\n"),
        "bounding_boxes.txt", " line 3: field 2 must be a number of pixels");
    assertRefused(Map.of("images.txt", "3 ../../etc/passwd\n1 001.Class_1/bird_1.jpg\n2 150.Class_150/bird_2.jpg\n"
        + "5 101.Class_101/bird_5.jpg\n4 200.Class_200/bird_4.jpg\n"), "images.txt",
        " line 1: image path '../../etc/passwd'");
    assertRefused(Map.of("images.txt", "x 001.Class_1/bird_1.jpg\n"), "images.txt",
        " line 1: field 1 must be a positive id");
  }

  @Test
  void open_missingImage_refusedNamingTheLine() throws IOException {
    Path dir = copy(Map.of());
    Files.delete(dir.resolve("images/200.Class_200/bird_4.jpg"));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cub200:" + dir, ImageOptions.NONE));
    assertEquals(dir.resolve("images/200.Class_200/bird_4.jpg") + ": no such file (" + dir.resolve("images.txt")
        + " line 5 names it)", e.getMessage());
  }

  @Test
  void next_boxOutsideTheImage_refusedNamingTheLine() throws IOException {
    Path dir = copy(Map.of("bounding_boxes.txt", "3 0 0 1 1\n1 500 0 10 10\n2 0 0 1 1\n5 0 0 1 1\n4 0 0 1 1\n"));
    try (ImageLayout cub = ImageLayouts.open("cub200:" + dir, ImageOptions.NONE); ImageStream s = cub.open(Split.TRAIN)) {
      InvalidDataException e = assertThrows(InvalidDataException.class, s::next);
      assertTrue(e.getMessage().startsWith(dir.resolve("bounding_boxes.txt") + " line 2: bounding box"), e.getMessage());
      assertTrue(e.getMessage().contains("lies outside the 24 x 16 image"), e.getMessage());
    }
  }
}
