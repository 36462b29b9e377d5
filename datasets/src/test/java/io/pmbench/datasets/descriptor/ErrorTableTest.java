package io.pmbench.datasets.descriptor;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Datasets;
import io.pmbench.datasets.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The error table of issue 6, for every container format, through a descriptor and the data-set
 * registry (as {@code pmbench run --dataset FILE.json} loads it): each malformed input is one
 * line naming the file (and array) and the problem. The bad fixtures (fixtures/formats/bad.*)
 * hold one array per problem, written by numpy, h5py, scipy, hdf5storage and torch.
 */
class ErrorTableTest {
  @TempDir
  Path dir;

  static Stream<String> badFiles() {
    return Stream.of("bad.npz", "bad.h5", "bad_v5.mat", "bad_v73.mat", "bad.pth");
  }

  private String load(Path descriptor) {
    return assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage();
  }

  private String loadTrain(String file, String trainX, String trainY) {
    Path f = Fixtures.format(file);
    return load(DescriptorFiles.byFiles(dir, f, trainX, trainY, "features", "labels4"));
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void nanValue_namesFileArrayRowAndColumn(String file) {
    assertMessage(loadTrain(file, "nan_row", "labels4"), file + "[nan_row]", "non-finite value (NaN) at row 2, column 1");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void infiniteValue_namesFileArrayRowAndColumn(String file) {
    assertMessage(loadTrain(file, "inf_row", "labels4"), file + "[inf_row]",
        "non-finite value (Infinity) at row 1, column 2");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void zeroRow_namesFileArrayAndRow(String file) {
    assertMessage(loadTrain(file, "zero_row", "labels4"), file + "[zero_row]", "zero row at index 3");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void labelsNotOnePerRow_namesBothArraysAndCounts(String file) {
    assertMessage(loadTrain(file, "features", "labels3"), file + "[labels3] has 3 labels but ",
        file + "[features] has 4 rows (need one label per row)");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void oneAxisFeatures_reportsShapeMismatch(String file) {
    if (file.endsWith(".mat")) {
      // MATLAB has no 1-D arrays: the saved vector is a 1 x 3 matrix, i.e. one row of 3 features
      assertMessage(loadTrain(file, "vector", "labels3"), file + "[labels3] has 3 labels but ",
          file + "[vector] has 1 rows");
    } else {
      assertMessage(loadTrain(file, "vector", "labels3"), file + "[vector]", "shape mismatch");
    }
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void twoColumnLabels_reportsShapeMismatch(String file) {
    assertMessage(loadTrain(file, "features", "matrix_labels"), file + "[matrix_labels]", "shape mismatch");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void unsupportedType_reportsUnsupportedDtype(String file) {
    String array = file.endsWith(".pth") ? "flags" : file.equals("bad_v73.mat") ? "logical" : "complex";
    assertMessage(loadTrain(file, array, "labels4"), file + "[" + array + "]", "unsupported dtype");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void unknownArrayName_listsTheArraysPresent(String file) {
    assertMessage(loadTrain(file, "feats", "labels4"), file, "unknown array name 'feats' (arrays present: ");
    assertMessage(loadTrain(file, "feats", "labels4"), file, "float_labels, inf_row, labels3, labels4");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void badMagic_namesTheFile(String file) throws IOException {
    byte[] bytes = Files.readAllBytes(Fixtures.format(file));
    Arrays.fill(bytes, 0, 8, (byte) 'X');
    if (file.endsWith("v73.mat")) {
      Arrays.fill(bytes, 512, 520, (byte) 'X'); // the HDF5 signature after the MATLAB header
    }
    Path copy = Files.write(dir.resolve(file), bytes);
    assertMessage(load(DescriptorFiles.byFiles(dir, copy, "features", "labels4", "features", "labels4")), copy.toString(),
        "bad magic");
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void truncatedFile_namesTheFile(String file) throws IOException {
    byte[] bytes = Files.readAllBytes(Fixtures.format(file));
    Path copy = Files.write(dir.resolve(file), Arrays.copyOf(bytes, bytes.length / 2));
    assertMessage(load(DescriptorFiles.byFiles(dir, copy, "features", "labels4", "features", "labels4")), copy.toString(),
        "truncated");
  }
}
