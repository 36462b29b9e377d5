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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
}
