package io.pmbench.datasets.descriptor;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.datasets.Fixtures;
import io.pmbench.datasets.LoadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loading through descriptors: the same features in seven formats (fixtures/formats/same/,
 * written by numpy, h5py, scipy, hdf5storage, torch and numpy's CSV writer) give the same set;
 * checksums are verified; relative paths follow {@code --data-dir}; split rules by class ranks
 * and by index arrays.
 */
class DescriptorLoaderTest {
  private static final String REFERENCE = "same-npy.json";

  @TempDir
  Path dir;

  static Stream<String> sameFeatures() {
    return Stream.of("same-npz.yaml", "same-h5.json", "same-mat-v5.json", "same-mat-v73.yaml", "same-pth.json",
        "same-csv.json");
  }

  private static FeatureSet same(String descriptor) {
    return Datasets.load(Fixtures.format("same/" + descriptor).toString());
  }

  @Test
  void load_npyDescriptor_splitsClassesOneToThreeFromFourToSix() {
    FeatureSet s = same(REFERENCE);
    assertEquals("same-features", s.name());
    assertEquals(6, s.numClasses());
    assertEquals(16, s.dimension());
    assertEquals(300, s.train().size());
    assertEquals(300, s.test().size());
    // labels 1..6 remap to 0..5: train holds classes 1-3, test 4-6 (make_formats.py)
    assertArrayEquals(new int[] {0, 1, 2}, Arrays.stream(s.train().labels()).distinct().sorted().toArray());
    assertArrayEquals(new int[] {3, 4, 5}, Arrays.stream(s.test().labels()).distinct().sorted().toArray());
    assertEquals(5.0, s.defaults().sigma());
    assertEquals(0.5, s.defaults().alpha());
  }

  @ParameterizedTest
  @MethodSource("sameFeatures")
  void load_sameFeaturesInAnotherFormat_equalsTheNpySetValueForValue(String descriptor) {
    FeatureSet expected = same(REFERENCE);
    FeatureSet actual = same(descriptor);
    assertEquals(expected.name(), actual.name());
    assertEquals(expected.numClasses(), actual.numClasses());
    assertSplitEquals(expected.train(), actual.train(), descriptor + " train");
    assertSplitEquals(expected.test(), actual.test(), descriptor + " test");
  }

  private static void assertSplitEquals(LabelledSet expected, LabelledSet actual, String what) {
    assertArrayEquals(expected.labels(), actual.labels(), what + " labels");
    assertEquals(expected.features().rows(), actual.features().rows(), what + " rows");
    assertArrayEquals(expected.features().data(), actual.features().data(), what + " features");
  }

  @Test
  void load_descriptor_recordsEveryFileAndTheDescriptorChecksum() {
    Path descriptor = Fixtures.format("same/same-h5.json");
    FeatureSet s = Datasets.load(descriptor.toString());
    assertEquals(Fixtures.sha256(Fixtures.format("same/same.h5")),
        s.fileChecksums().get(Fixtures.format("same/same.h5").toString()));
    assertEquals(Fixtures.sha256(descriptor), s.fileChecksums().get(descriptor.toString()));
  }

  /** Copies the four .npy files and their descriptor of fixtures/formats/same/ into the temp folder. */
  private Path copyNpySet() throws IOException {
    for (String f : List.of(REFERENCE, "train_x.npy", "train_y.npy", "test_x.npy", "test_y.npy")) {
      Files.copy(Fixtures.format("same/" + f), dir.resolve(f));
    }
    return dir.resolve(REFERENCE);
  }

  @Test
  void load_fileChangedAfterItsChecksumWasPinned_reportsShaMismatch() throws IOException {
    Path descriptor = copyNpySet();
    Path trainX = dir.resolve("train_x.npy");
    byte[] bytes = Files.readAllBytes(trainX);
    bytes[bytes.length - 1] ^= 1; // a still valid float in the last row
    Files.write(trainX, bytes);
    String m = assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage();
    assertMessage(m, trainX.toString(), "SHA-256 mismatch: the file's SHA-256 is " + Fixtures.sha256(bytes));
    assertTrue(m.contains("says " + Fixtures.sha256(Fixtures.format("same/train_x.npy"))), m);
  }

  @Test
  void load_truncatedPinnedFile_reportsShaMismatchRatherThanTheParseError() throws IOException {
    Path descriptor = copyNpySet();
    Path testY = dir.resolve("test_y.npy");
    byte[] bytes = Files.readAllBytes(testY);
    Files.write(testY, Arrays.copyOf(bytes, bytes.length - 9));
    assertMessage(assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage(),
        testY.toString(), "SHA-256 mismatch");
  }

  @Test
  void load_relativePathWithDataDir_readsTheFileThere() throws IOException {
    Path descriptorDir = Files.createDirectory(dir.resolve("descriptors"));
    Path dataDir = Files.createDirectory(dir.resolve("data"));
    Path descriptor = Files.copy(Fixtures.format("same/same-npz.yaml"), descriptorDir.resolve("same-npz.yaml"));
    Files.copy(Fixtures.format("same/same.npz"), dataDir.resolve("same.npz"));
    FeatureSet s = Datasets.load(descriptor.toString(), LoadOptions.dataDir(dataDir));
    assertEquals(300, s.test().size());
    String m = assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage();
    assertMessage(m, descriptor.toString(), "file 'same.npz' (files.all) not found (looked for "
        + descriptorDir.resolve("same.npz") + ")");
  }

  @Test
  void load_indexArraysReadZeroBasedThatAreOneBased_reportsTheIndexOutOfRange() throws IOException {
    String text = Files.readString(Fixtures.format("same/same-mat-v5.json")).replace("\"index_base\": 1",
        "\"index_base\": 0").replace("\"path\": \"same_v5.mat\"", "\"path\": \"" + DescriptorFiles.json(
            Fixtures.format("same/same_v5.mat")) + "\"");
    Path descriptor = DescriptorFiles.write(dir, "zero-based.json", text);
    assertMessage(assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage(),
        "same_v5.mat[", "index 600 at position 299 is out of range for 600 rows (index_base 0)");
  }

  @Test
  void load_sameIndexArrayForTrainAndTest_reportsRowsInBothSplits() throws IOException {
    String text = Files.readString(Fixtures.format("same/same-mat-v5.json")).replace("\"test_idx\"", "\"train_idx\"")
        .replace("\"path\": \"same_v5.mat\"", "\"path\": \"" + DescriptorFiles.json(Fixtures.format("same/same_v5.mat"))
            + "\"").replaceAll("\"sha256\": \"[0-9a-f]+\"", "\"sha256\": null");
    Path descriptor = DescriptorFiles.write(dir, "twice.json", text);
    assertMessage(assertThrows(InvalidDataException.class, () -> Datasets.load(descriptor.toString())).getMessage(),
        "same_v5.mat[train_idx]", "is listed twice (in both train and test)");
  }

  @Test
  void builtIn_tableTwoDefaultsAndSplitRules_matchDatasetsMd() {
    Descriptor cub = Descriptors.builtIn("cub200");
    assertEquals(5.0, cub.defaults().sigma());
    assertEquals(0.5, cub.defaults().alpha());
    assertEquals("classes train=1-100 test=101-200", cub.split().canonical());
    Descriptor cars = Descriptors.builtIn("cars196");
    assertEquals(6.0, cars.defaults().sigma());
    assertEquals(0.6, cars.defaults().alpha());
    assertEquals("classes train=1-98 test=99-196", cars.split().canonical());
    Descriptor cifar = Descriptors.builtIn("cifar100");
    assertEquals(6.0, cifar.defaults().sigma());
    assertEquals(0.6, cifar.defaults().alpha());
    assertEquals("files", cifar.split().canonical());
    assertEquals(100, cifar.classes().getAsInt());
    assertEquals(10, Descriptors.builtIn("fashion-mnist").classes().getAsInt());
  }

  @Test
  void load_cub200WithoutDataDir_saysWhichFileToPutWhere() {
    assertMessage(assertThrows(InvalidDataException.class, () -> Datasets.load("cub200")).getMessage(),
        "cub200.yaml", "file 'cub200/features.npz' (files.features) not found (no data directory given); "
            + "pass --data-dir DIR, the folder holding cub200/features.npz");
  }

  @Test
  void load_cub200WithTooFewClasses_namesTheClassRanksItNeeds() throws IOException {
    Files.createDirectory(dir.resolve("cub200"));
    Files.copy(Fixtures.format("same/same.npz"), dir.resolve("cub200/features.npz"));
    String m = assertThrows(InvalidDataException.class, () -> Datasets.load("cub200", LoadOptions.dataDir(dir)))
        .getMessage();
    assertMessage(m, dir.resolve("cub200/features.npz") + "[labels]",
        "the labels hold 6 distinct classes but the split of classpath:/io/pmbench/datasets/cub200.yaml needs class "
            + "ranks up to 200 (train 1-100, test 101-200)");
  }

  @Test
  void availability_builtInWithDataDir_listsWhereEachFileIsLookedForAndWhetherFound() throws IOException {
    Availability missing = Availability.of(Descriptors.builtIn("cifar100"), Optional.of(dir));
    assertEquals(List.of(dir.resolve("cifar100/train.npz").toString()), missing.files().get(0).lookedFor());
    assertTrue(!missing.found());
    Files.createDirectory(dir.resolve("cifar100"));
    Files.copy(Fixtures.format("same/same.npz"), dir.resolve("cifar100/train.npz"));
    Files.copy(Fixtures.format("same/same.npz"), dir.resolve("cifar100/test.npz"));
    Availability found = Availability.of(Descriptors.builtIn("cifar100"), Optional.of(dir));
    assertTrue(found.found());
    assertEquals(Optional.of(dir.resolve("cifar100/test.npz").toString()), found.files().get(1).foundAt());
  }

  @Test
  void availability_fashionMnist_isFoundInsidePmbench() {
    Availability a = Availability.of(Descriptors.builtIn("fashion-mnist"), Optional.empty());
    assertTrue(a.found());
    assertTrue(a.files().get(0).foundAt().orElseThrow().startsWith("classpath:"), a.toString());
  }
}
