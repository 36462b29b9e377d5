package io.pmbench.datasets.format;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class IdxReaderTest {
  private final IdxReader reader = new IdxReader();
  private static final byte[] PIXELS = {0, 1, 2, 3, 4, 5, (byte) 255, 7, 8, 9, 10, 11};

  @Test
  void readFeatures_idx3Ubyte_flattensEachImageToOneRow() {
    FeatureArray a = reader.readFeatures(DataSource.ofBytes("imgs", IdxFiles.images(2, 2, 3, PIXELS)));
    assertEquals(2, a.rows());
    assertEquals(6, a.cols());
    assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 255, 7, 8, 9, 10, 11}, a.data());
  }

  @Test
  void readLabels_gzippedFile_detectsGzipAndChecksumsCompressedBytes() {
    byte[] gz = IdxFiles.gzip(IdxFiles.labels(new byte[] {9, 0, 3}));
    LabelArray y = reader.readLabels(DataSource.ofBytes("labels.gz", gz));
    assertArrayEquals(new long[] {9, 0, 3}, y.values());
    assertEquals(Fixtures.sha256(gz), y.sha256());
  }

  @Test
  void readFeatures_plainFile_checksumIsOfFileBytes() {
    byte[] bytes = IdxFiles.images(2, 2, 3, PIXELS);
    assertEquals(Fixtures.sha256(bytes), reader.readFeatures(DataSource.ofBytes("imgs", bytes)).sha256());
  }

  @Test
  void readFeatures_badMagic_namesFile() {
    byte[] bytes = IdxFiles.images(2, 2, 3, PIXELS);
    bytes[0] = 0x50;
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("bad-images", bytes)));
    assertMessage(e.getMessage(), "bad-images", "bad magic");
  }

  @Test
  void readFeatures_unknownElementType_namesFile() {
    byte[] bytes = IdxFiles.images(2, 2, 3, PIXELS);
    bytes[2] = 0x0A;
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("odd-type", bytes)));
    assertMessage(e.getMessage(), "odd-type", "unknown element type 0x0a");
  }

  @Test
  void readFeatures_truncatedData_namesFileAndByteCounts() {
    byte[] bytes = Arrays.copyOf(IdxFiles.images(2, 2, 3, PIXELS), 16 + 7);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("short-images", bytes)));
    assertMessage(e.getMessage(), "short-images", "truncated: expected 12 bytes of array data");
    assertMessage(e.getMessage(), "short-images", "found 7");
  }

  @Test
  void readFeatures_truncatedHeader_namesFile() {
    byte[] bytes = Arrays.copyOf(IdxFiles.images(2, 2, 3, PIXELS), 10);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("stub", bytes)));
    assertMessage(e.getMessage(), "stub", "truncated IDX header");
  }

  @Test
  void readFeatures_truncatedGzipStream_namesFile() {
    byte[] gz = IdxFiles.gzip(IdxFiles.images(2, 2, 3, PIXELS));
    byte[] cut = Arrays.copyOf(gz, gz.length / 2);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("cut.gz", cut)));
    assertMessage(e.getMessage(), "cut.gz", "truncated");
  }

  @Test
  void readFeatures_extraBytes_namesFile() {
    byte[] bytes = Arrays.copyOf(IdxFiles.images(2, 2, 3, PIXELS), 16 + 12 + 3);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("long-images", bytes)));
    assertMessage(e.getMessage(), "long-images", "3 bytes after the array data");
  }

  @Test
  void readLabels_imageFile_reportsShapeMismatch() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readLabels(DataSource.ofBytes("imgs", IdxFiles.images(2, 2, 3, PIXELS))));
    assertMessage(e.getMessage(), "imgs", "labels must have shape (n,) or (n, 1), found shape (2, 2, 3)");
  }

  @Test
  void readFeatures_labelFile_reportsShapeMismatch() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("labels", IdxFiles.labels(new byte[] {1, 2}))));
    assertMessage(e.getMessage(), "labels", "features must have at least 2 axes");
  }

  @Test
  void readFeatures_missingFile_namesFile() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.of(java.nio.file.Path.of("/nonexistent/train-images-idx3-ubyte"))));
    assertMessage(e.getMessage(), "/nonexistent/train-images-idx3-ubyte", "no such file");
  }
}
