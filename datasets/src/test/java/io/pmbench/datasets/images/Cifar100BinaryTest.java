package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Cifar100BinaryTest {
  @TempDir
  Path tmp;

  private Path folder() throws IOException {
    return TinyCopies.writeFolder(tmp.resolve("cifar-100-binary"), TinyCopies.cifarFiles());
  }

  @Test
  void open_folder_streamsFineLabelsAndInterleavesPlanesInFileOrder() throws IOException {
    try (ImageLayout c = ImageLayouts.open("cifar100-binary:" + folder(), ImageOptions.NONE)) {
      assertEquals(3, c.count(Split.TRAIN));
      assertEquals(2, c.count(Split.TEST));
      assertEquals("fine99", c.classNames().get(99));
      List<ImageRecord> train = TinyCopies.records(c, Split.TRAIN);
      assertEquals(List.of(0, 99, 50), train.stream().map(ImageRecord::label).toList());
      assertEquals(List.of(0, 1, 2), train.stream().map(ImageRecord::index).toList());
      RgbImage img = train.get(1).image();
      assertEquals(32, img.width());
      for (int c2 = 0; c2 < 3; c2++) {
        assertEquals(TinyCopies.pixel(1, c2, 5, 17), img.sample(5, 17, c2));
        assertEquals(TinyCopies.pixel(1, c2, 31, 0), img.sample(31, 0, c2));
      }
      assertEquals(List.of(7, 8), TinyCopies.records(c, Split.TEST).stream().map(ImageRecord::label).toList());
    }
  }

  @Test
  void open_parentFolderOrArchive_sameRecordsAsTheFolder() throws IOException {
    Path dir = folder();
    Path gz = tmp.resolve("cifar-100-binary.tar.gz");
    Files.write(gz, TinyCopies.tarGz("cifar-100-binary", TinyCopies.cifarArchiveOrder()));
    try (ImageLayout a = ImageLayouts.open("cifar100-binary:" + dir, ImageOptions.NONE);
        ImageLayout b = ImageLayouts.open("cifar100-binary:" + gz, ImageOptions.NONE);
        ImageLayout p = ImageLayouts.open("cifar100-binary:" + tmp, ImageOptions.NONE)) {
      assertEquals(List.of(gz), b.files());
      for (Split s : Split.values()) {
        List<ImageRecord> ra = TinyCopies.records(a, s);
        for (ImageLayout other : List.of(b, p)) {
          List<ImageRecord> rb = TinyCopies.records(other, s);
          assertEquals(ra.size(), rb.size());
          for (int i = 0; i < ra.size(); i++) {
            assertEquals(ra.get(i).label(), rb.get(i).label());
            assertTrue(Arrays.equals(ra.get(i).image().rgb(), rb.get(i).image().rgb()));
          }
        }
      }
    }
  }

  @Test
  void open_coarseOption_streamsCoarseLabels() throws IOException {
    try (ImageLayout c = ImageLayouts.open("cifar100-binary:" + folder(), new ImageOptions(Map.of("labels", "coarse")))) {
      assertEquals(20, c.classNames().size());
      assertEquals("cifar100-coarse", c.dataset());
      assertEquals(List.of(4, 1, 19), TinyCopies.records(c, Split.TRAIN).stream().map(ImageRecord::label).toList());
    }
  }

  @Test
  void open_unknownOptionOrValue_oneLineNamingIt() throws IOException {
    Path dir = folder();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ImageLayouts.open("cifar100-binary:" + dir, new ImageOptions(Map.of("crop", "bbox"))));
    assertTrue(e.getMessage().startsWith("--crop does not apply to layout cifar100-binary"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ImageLayouts.open("cifar100-binary:" + dir, new ImageOptions(Map.of("labels", "super"))));
    assertEquals("--labels must be one of [coarse, fine]. Provided value: super", e.getMessage());
  }

  @Test
  void open_fileNotWholeRecords_namesFileAndSize() throws IOException {
    Map<String, byte[]> f = new HashMap<>(TinyCopies.cifarFiles());
    f.put("test.bin", Arrays.copyOf(f.get("test.bin"), Cifar100Binary.RECORD + 100));
    Path dir = TinyCopies.writeFolder(tmp.resolve("x"), f);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-binary:" + dir, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(dir.resolve("test.bin") + ": 3174 bytes is not"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void next_labelOutOfRange_namesFileAndRecord() throws IOException {
    Map<String, byte[]> f = new HashMap<>(TinyCopies.cifarFiles());
    f.put("train.bin", TinyCopies.concat(TinyCopies.cifarRecord(0, 1, 2), TinyCopies.cifarRecord(1, 1, 100)));
    Path dir = TinyCopies.writeFolder(tmp.resolve("x"), f);
    try (ImageLayout c = ImageLayouts.open("cifar100-binary:" + dir, ImageOptions.NONE);
        ImageStream s = c.open(Split.TRAIN)) {
      assertTrue(s.next().isPresent());
      InvalidDataException e = assertThrows(InvalidDataException.class, s::next);
      assertEquals(dir.resolve("train.bin") + ": record 1: fine label 100 is out of range 0-99", e.getMessage());
    }
  }

  @Test
  void open_truncatedArchive_oneLineNamingTheArchive() throws IOException {
    byte[] gz = TinyCopies.tarGz("cifar-100-binary", TinyCopies.cifarArchiveOrder());
    Path cut = tmp.resolve("cut.tar.gz");
    Files.write(cut, Arrays.copyOf(gz, gz.length * 2 / 3));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-binary:" + cut, ImageOptions.NONE));
    assertTrue(e.getMessage().startsWith(cut + ": truncated"), e.getMessage());
  }

  @Test
  void open_archiveWithoutNames_namesTheMissingEntry() throws IOException {
    Path gz = tmp.resolve("no-names.tar.gz");
    Files.write(gz, TinyCopies.tarGz("cifar-100-binary", TinyCopies.cifarArchiveOrder().subList(2, 4)));
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-binary:" + gz, ImageOptions.NONE));
    assertEquals(gz + ": the archive holds no fine_label_names.txt (cifar100-binary layout)", e.getMessage());
  }
}
