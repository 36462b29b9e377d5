package io.pmbench.datasets.format;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static io.pmbench.datasets.Fixtures.path;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Round trips and errors on files written by numpy (fixtures/README.md lists how). */
class NpyReaderTest {
  private static final float[] ONE_TO_TWELVE = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  private final NpyReader reader = new NpyReader();

  private FeatureArray features(String fixture) {
    return reader.readFeatures(DataSource.of(path(fixture)));
  }

  private long[] labels(String fixture) {
    return reader.readLabels(DataSource.of(path(fixture))).values();
  }

  private String featureError(String fixture) {
    return assertThrows(InvalidDataException.class, () -> features(fixture)).getMessage();
  }

  @Test
  void readFeatures_float32CLittleEndian_decodesValues() {
    FeatureArray a = features("f32_c_le.npy");
    assertEquals(3, a.rows());
    assertEquals(4, a.cols());
    assertArrayEquals(ONE_TO_TWELVE, a.data());
  }

  @Test
  void readFeatures_float64FortranOrder_reordersToRowMajor() {
    FeatureArray a = features("f64_fortran.npy");
    assertEquals(3, a.rows());
    assertEquals(4, a.cols());
    assertArrayEquals(ONE_TO_TWELVE, a.data());
  }

  @Test
  void readFeatures_threeAxesFortranOrder_flattensLaterAxesInCOrder() {
    FeatureArray a = features("f4_3d_fortran.npy");
    assertEquals(2, a.rows());
    assertEquals(6, a.cols());
    assertArrayEquals(ONE_TO_TWELVE, a.data());
  }

  @Test
  void readFeatures_float16_decodesExactlyIncludingSubnormalAndNegativeZero() {
    FeatureArray a = features("f16.npy");
    float[] expected = {1.0f, -2.5f, 0.0999755859375f, 65504.0f, 6.103515625e-05f, 5.960464477539063e-08f, -0.0f, 3.140625f};
    assertArrayEquals(expected, a.data());
    assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(a.data()[6]));
  }

  @Test
  void readFeatures_bigEndianFloat32_decodesValues() {
    FeatureArray a = features("f4_be.npy");
    assertArrayEquals(new float[] {1.5f, -2.0f, 3.25f, 1e-3f, 1e30f, -7.0f}, a.data());
  }

  @Test
  void readFeatures_formatVersions2And3_decodeLikeVersion1() {
    float[] expected = {1, 2, 3, 4, 5, 6};
    assertArrayEquals(expected, features("f4_v2.npy").data());
    assertArrayEquals(expected, features("f4_v3.npy").data());
  }

  @Test
  void readLabels_integerTypes_decodeValues() {
    assertArrayEquals(new long[] {3, -1, 7, 1L << 40}, labels("i64_labels.npy"));
    assertArrayEquals(new long[] {2, 0, 1}, labels("i32_labels.npy"));
    assertArrayEquals(new long[] {255, 0, 9}, labels("u8_labels.npy"));
    assertArrayEquals(new long[] {5, -6, 7}, labels("i2_be_labels_col.npy"));
  }

  @Test
  void readFeatures_anyFixture_checksumIsSha256OfFileBytes() {
    Path p = path("f64_fortran.npy");
    assertEquals(Fixtures.sha256(p), reader.readFeatures(DataSource.of(p)).sha256());
  }

  @Test
  void readFeatures_gzippedNpy_decodesAndChecksumsCompressedBytes() throws IOException {
    byte[] gz = IdxFiles.gzip(Files.readAllBytes(path("f32_c_le.npy")));
    FeatureArray a = reader.readFeatures(DataSource.ofBytes("x.npy.gz", gz));
    assertArrayEquals(ONE_TO_TWELVE, a.data());
    assertEquals(Fixtures.sha256(gz), a.sha256());
  }

  @Test
  void readFeatures_badMagic_namesFile() throws IOException {
    byte[] bytes = Files.readAllBytes(path("f32_c_le.npy"));
    bytes[1] = 'X';
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("not-numpy.npy", bytes)));
    assertMessage(e.getMessage(), "not-numpy.npy", "bad magic");
  }

  @Test
  void readFeatures_unsupportedVersion_namesFile() throws IOException {
    byte[] bytes = Files.readAllBytes(path("f32_c_le.npy"));
    bytes[6] = 9;
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("future.npy", bytes)));
    assertMessage(e.getMessage(), "future.npy", "unsupported .npy format version 9.0");
  }

  @Test
  void readFeatures_complex128_reportsUnsupportedDtype() {
    assertMessage(featureError("c16.npy"), "c16.npy", "unsupported dtype '<c16'");
  }

  @Test
  void readFeatures_objectArray_reportsUnsupportedDtypeWithoutUnpickling() {
    assertMessage(featureError("object.npy"), "object.npy", "unsupported dtype '|O'");
  }

  @Test
  void readFeatures_truncatedData_namesFileAndByteCounts() {
    assertMessage(featureError("truncated.npy"), "truncated.npy", "truncated: expected 48 bytes of array data");
    assertMessage(featureError("truncated.npy"), "truncated.npy", "found 43");
  }

  @Test
  void readFeatures_truncatedHeader_namesFile() throws IOException {
    byte[] bytes = Arrays.copyOf(Files.readAllBytes(path("f32_c_le.npy")), 40);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> reader.readFeatures(DataSource.ofBytes("stub.npy", bytes)));
    assertMessage(e.getMessage(), "stub.npy", "truncated header");
  }

  @Test
  void readFeatures_bytesBeyondShape_reportsShapeMismatch() {
    assertMessage(featureError("trailing.npy"), "trailing.npy", "shape mismatch: 4 bytes after the array data");
  }

  @Test
  void readFeatures_oneAxis_reportsShapeMismatch() {
    assertMessage(featureError("features_1d.npy"), "features_1d.npy", "shape mismatch");
  }

  @Test
  void readLabels_twoColumns_reportsShapeMismatch() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> labels("labels_2d.npy"));
    assertMessage(e.getMessage(), "labels_2d.npy", "shape mismatch: labels must have shape (n,) or (n, 1), found shape (3, 2)");
  }

  @Test
  void readLabels_floatDtype_reportsUnsupportedDtype() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> labels("f32_c_le.npy"));
    assertMessage(e.getMessage(), "f32_c_le.npy", "unsupported dtype for labels: '<f4'");
  }

  @Test
  void parseHeader_python2LongSuffixAndDoubleQuotes_parses() {
    ArrayHeader h = NpyReader.parseHeader("old.npy", "{\"descr\": \"<i8\", 'fortran_order': True, 'shape': (3L, 4L)}");
    assertEquals(ElementType.INT64, h.type());
    assertArrayEquals(new long[] {3, 4}, h.shape());
    assertEquals(true, h.fortranOrder());
  }

  @Test
  void parseHeader_structuredDtype_reportsUnsupportedDtype() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> NpyReader.parseHeader("rec.npy",
        "{'descr': [('a', '<f4'), ('b', '<i4')], 'fortran_order': False, 'shape': (2,), }"));
    assertMessage(e.getMessage(), "rec.npy", "unsupported dtype");
  }

  @Test
  void parseHeader_notALiteral_reportsMalformedHeader() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> NpyReader.parseHeader("evil.npy", "{'descr': __import__('os'), 'shape': (1,)}"));
    assertMessage(e.getMessage(), "evil.npy", "malformed .npy header");
  }
}
