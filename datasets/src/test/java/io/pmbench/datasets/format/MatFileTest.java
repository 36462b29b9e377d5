package io.pmbench.datasets.format;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static io.pmbench.datasets.format.ArrayFileTesting.ONE_TO_TWELVE;
import static io.pmbench.datasets.format.ArrayFileTesting.assertShape;
import static io.pmbench.datasets.format.ArrayFileTesting.error;
import static io.pmbench.datasets.format.ArrayFileTesting.features;
import static io.pmbench.datasets.format.ArrayFileTesting.labels;
import static io.pmbench.datasets.format.ArrayFileTesting.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Round trips on MATLAB files: v5 written by scipy.io.savemat (plain and compressed) and v7.3
 * written by hdf5storage (HDF5 with the 512-byte MATLAB header; fixtures/formats/README.md).
 * MATLAB stores arrays column-major: the decoded rows must still be the rows of the saved matrix.
 */
class MatFileTest {

  @ParameterizedTest
  @ValueSource(strings = {"arrays_v5.mat", "arrays_v5z.mat", "arrays_v73.mat"})
  void features_single3x4_decodesRowsInOrder(String file) {
    FeatureArray a = features(file, "features");
    assertShape(a, 3, 4);
    assertArrayEquals(ONE_TO_TWELVE, a.data());
  }

  @ParameterizedTest
  @ValueSource(strings = {"arrays_v5.mat", "arrays_v5z.mat", "arrays_v73.mat"})
  void labels_wholeValuedDoubleColumn_decodeAsIntegers(String file) {
    assertArrayEquals(new long[] {3, -1, 7}, labels(file, "labels"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"arrays_v5.mat", "arrays_v73.mat"})
  void labelsAndFeatures_int64RowVectorAndDouble_decode(String file) {
    assertArrayEquals(new long[] {3, -1, 7}, labels(file, "labels_int"));
    assertArrayEquals(ONE_TO_TWELVE, features(file, "f64").data());
  }

  @Test
  void arrayNames_v5AndV73_listTheVariables() {
    assertEquals(List.of("f64", "features", "labels", "labels_int"), names("arrays_v5.mat"));
    assertEquals(List.of("f64", "features", "labels", "labels_int"), names("arrays_v73.mat"));
  }

  @Test
  void open_v73_isReadAsHdf5AndV5ByMfl() {
    assertEquals(FileFormat.MAT, ArrayFileTesting.with("arrays_v73.mat", ArrayFile::format));
    assertEquals("Hdf5File", ArrayFileTesting.with("arrays_v73.mat", f -> f.getClass().getSimpleName()));
    assertEquals("MatV5File", ArrayFileTesting.with("arrays_v5.mat", f -> f.getClass().getSimpleName()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"bad_v5.mat", "bad_v73.mat"})
  void labels_nonWholeDouble_namesTheRow(String file) {
    assertMessage(error(file, f -> f.labels(Optional.of("float_labels"))), file + "[float_labels]",
        "label at row 0 is 1.5, not an integer");
  }

  @ParameterizedTest
  @ValueSource(strings = {"bad_v5.mat", "bad_v73.mat"})
  void features_charAndLogical_reportUnsupportedDtype(String file) {
    assertMessage(error(file, f -> f.features(Optional.of("text"), RowRouting.whole())), file + "[text]",
        "unsupported dtype");
    assertMessage(error(file, f -> f.features(Optional.of("logical"), RowRouting.whole())), file + "[logical]",
        "unsupported dtype");
  }

  @Test
  void features_complexV5_reportsUnsupportedDtype() {
    assertMessage(error("bad_v5.mat", f -> f.features(Optional.of("complex"), RowRouting.whole())),
        "bad_v5.mat[complex]", "unsupported dtype: MATLAB class complex");
  }

  @Test
  void open_textFile_reportsBadMagic(@TempDir Path dir) throws IOException {
    Path p = Files.writeString(dir.resolve("notes.mat"), "these are not the features you are looking for\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> ArrayFileTesting.open(p));
    assertMessage(e.getMessage(), p.toString(), "bad magic");
  }

  /** Opens {@code bytes} as a .mat file and returns the error, checking MFL printed nothing to System.err. */
  private static String openError(Path p, byte[] bytes) throws IOException {
    Files.write(p, bytes);
    PrintStream original = System.err;
    ByteArrayOutputStream stray = new ByteArrayOutputStream();
    System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
    try {
      return assertThrows(InvalidDataException.class, () -> ArrayFileTesting.open(p)).getMessage();
    } finally {
      System.setErr(original);
      assertEquals("", stray.toString(StandardCharsets.UTF_8), "printed to System.err");
    }
  }

  @Test
  void open_v5TopLevelElementNeitherMatrixNorCompressed_reportsCorrupt(@TempDir Path dir) throws IOException {
    byte[] bytes = Files.readAllBytes(Fixtures.format("arrays_v5.mat"));
    bytes[131] = (byte) 0xE6; // the first tag's type (little endian, bytes 128-131) becomes 0xE600000E
    assertMessage(openError(dir.resolve("arrays_v5.mat"), bytes), "arrays_v5.mat",
        "corrupt: variable 0 at byte 128 has data type 3858759694 (a top-level element must be miMATRIX 14 or "
            + "miCOMPRESSED 15)");
  }

  @Test
  void open_v5CompressedVariableClaimingMoreThanItsBytesHold_reportsCorrupt(@TempDir Path dir) throws IOException {
    byte[] file = Files.readAllBytes(Fixtures.format("arrays_v5z.mat"));
    ByteBuffer tag = ByteBuffer.wrap(file, 128, 8).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(15, tag.getInt(128), "the fixture's first variable is miCOMPRESSED");
    int length = tag.getInt(132);
    Inflater inflater = new Inflater();
    inflater.setInput(file, 136, length);
    byte[] plain = new byte[4096];
    int n;
    try {
      n = inflater.inflate(plain);
    } catch (DataFormatException e) {
      throw new AssertionError(e);
    } finally {
      inflater.end();
    }
    ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 0x7FFF_0000); // the inner miMATRIX claims 2 GB
    Deflater deflater = new Deflater();
    deflater.setInput(plain, 0, n);
    deflater.finish();
    byte[] packed = new byte[8192];
    int m = deflater.deflate(packed);
    deflater.end();
    ByteBuffer out = ByteBuffer.allocate(136 + m).order(ByteOrder.LITTLE_ENDIAN);
    out.put(file, 0, 128).putInt(15).putInt(m).put(packed, 0, m);
    assertMessage(openError(dir.resolve("arrays_v5z.mat"), out.array()), "arrays_v5z.mat",
        "truncated or corrupt: compressed variable 0 at byte 128 claims 2147418112 bytes from " + m
            + " compressed bytes");
  }
}
