package io.pmbench.datasets;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static io.pmbench.datasets.Fixtures.path;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.builtin.FashionMnist;
import io.pmbench.datasets.builtin.Omniglot;
import io.pmbench.datasets.format.IdxFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetRegistryTest {
  @TempDir
  Path dir;

  @Test
  void load_unknownName_listsKnownNamesSorted() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Datasets.load("cifar-100"));
    assertTrue(e.getMessage().startsWith("data set must be one of cars196, cifar100, csv:TRAIN.csv,TEST.csv, cub200, "
        + "fashion-mnist, idx:DIR, npy:TRAIN_X,TRAIN_Y,TEST_X,TEST_Y, "
        + "npz:FILE[:train_x=NAME,train_y=NAME,test_x=NAME,test_y=NAME], omniglot, synthetic["), e.getMessage());
    assertTrue(e.getMessage().endsWith("or FILE.yaml|FILE.json (a data-set descriptor). Provided value: cifar-100"),
        e.getMessage());
    assertEquals(List.of("cars196", "cifar100", "csv", "cub200", "fashion-mnist", "idx", "npy", "npz", "omniglot", "synthetic"),
        List.copyOf(Datasets.names()));
  }

  @Test
  void load_fashionMnist_returnsTheCachedBuiltInSet() {
    assertSame(FashionMnist.load(), Datasets.load("fashion-mnist"));
  }

  @Test
  void load_fashionMnistWithArgument_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> Datasets.load("fashion-mnist:x"));
  }

  @Test
  void load_omniglot_returnsTheCachedBuiltInSetWhateverTheDataDir() {
    assertSame(Omniglot.load(), Datasets.load("omniglot"));
    assertSame(Omniglot.load(), Datasets.load("omniglot", LoadOptions.dataDir(dir)));
  }

  @Test
  void load_omniglotWithArgument_isRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Datasets.load("omniglot:x"));
    assertEquals("omniglot takes no argument (it is built in). Provided value: x", e.getMessage());
  }

  @Test
  void builtIn_omniglot_saysItsDefaultsAreBorrowedFromCub200() {
    DatasetRegistry.BuiltIn b = DatasetRegistry.standard().builtIn("omniglot").orElseThrow();

    assertEquals(new DatasetDefaults(5, 0.5), b.defaults());
    assertEquals("σ, α borrowed from CUB-200-2011's Table 2: Omniglot is not in the paper", b.defaultsSource());
    assertTrue(DatasetRegistry.standard().descriptor("omniglot").isEmpty());
    assertTrue(DatasetRegistry.standard().builtIn("fashion-mnist").isEmpty(), "fashion-mnist has a descriptor");
  }

  @Test
  void load_npySpec_remapsLabelsNormalisesRowsAndRecordsChecksums() {
    String spec = "npy:" + path("set_train_x.npy") + "," + path("set_train_y.npy") + "," + path("set_test_x.npy") + ","
        + path("set_test_y.npy");
    FeatureSet s = Datasets.load(spec);
    assertEquals(spec, s.name());
    assertEquals(4, s.numClasses());
    assertArrayEquals(new int[] {0, 1, 2, 0}, s.train().labels());
    assertArrayEquals(new int[] {3, 1}, s.test().labels());
    assertArrayEquals(new float[] {0, 1, 0, 0.6f, 0, 0.8f}, s.test().features().data(), 1e-7f);
    assertEquals(Fixtures.sha256(path("set_test_x.npy")), s.fileChecksums().get(path("set_test_x.npy").toString()));
    assertEquals(4, s.fileChecksums().size());
  }

  @Test
  void load_npySpecWithThreeFiles_explainsTheForm() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Datasets.load("npy:a,b,c"));
    assertTrue(e.getMessage().contains("npy:TRAIN_X,TRAIN_Y,TEST_X,TEST_Y"), e.getMessage());
  }

  @Test
  void load_npySpecWithMissingFile_namesTheFile() {
    String missing = dir.resolve("nope.npy").toString();
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> Datasets.load("npy:" + missing + ","
        + path("set_train_y.npy") + "," + path("set_test_x.npy") + "," + path("set_test_y.npy")));
    assertMessage(e.getMessage(), missing, "no such file");
  }

  @Test
  void load_npySpecWithTooFewLabels_namesBothFilesAndCounts() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> Datasets.load("npy:" + path("set_train_x.npy")
        + "," + path("i32_labels.npy") + "," + path("set_test_x.npy") + "," + path("set_test_y.npy")));
    assertMessage(e.getMessage(), path("i32_labels.npy") + " has 3 labels but " + path("set_train_x.npy") + " has 4 rows",
        "one label per row");
  }

  @Test
  void load_csvSpec_readsBothTables() throws IOException {
    Path train = Files.writeString(dir.resolve("train.csv"), "a,b,y\n1,0,5\n0,1,6\n");
    Path test = Files.writeString(dir.resolve("test.csv"), "3,4,6\n");
    FeatureSet s = Datasets.load("csv:" + train + "," + test);
    assertEquals(2, s.numClasses());
    assertArrayEquals(new int[] {0, 1}, s.train().labels());
    assertArrayEquals(new float[] {0.6f, 0.8f}, s.test().features().data(), 1e-7f);
  }

  @Test
  void load_csvSpecWithZeroRow_namesFileAndRow() throws IOException {
    Path train = Files.writeString(dir.resolve("train.csv"), "1,0,5\n0,0,6\n");
    Path test = Files.writeString(dir.resolve("test.csv"), "3,4,6\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> Datasets.load("csv:" + train + "," + test));
    assertMessage(e.getMessage(), train.toString(), "zero row at index 1");
  }

  @Test
  void load_idxSpec_findsGzippedAndPlainFiles() throws IOException {
    byte[] px = new byte[2 * 4];
    for (int i = 0; i < px.length; i++) {
      px[i] = (byte) (i + 1);
    }
    Files.write(dir.resolve("train-images-idx3-ubyte.gz"), IdxFiles.gzip(IdxFiles.images(2, 2, 2, px)));
    Files.write(dir.resolve("train-labels-idx1-ubyte"), IdxFiles.labels(new byte[] {4, 2}));
    Files.write(dir.resolve("t10k-images.idx3-ubyte"), IdxFiles.images(2, 2, 2, px));
    Files.write(dir.resolve("t10k-labels-idx1-ubyte.gz"), IdxFiles.gzip(IdxFiles.labels(new byte[] {2, 9})));
    FeatureSet s = Datasets.load("idx:" + dir);
    assertEquals(3, s.numClasses());
    assertEquals(4, s.dimension());
    assertArrayEquals(new int[] {1, 0}, s.train().labels());
    assertArrayEquals(new int[] {0, 2}, s.test().labels());
  }

  @Test
  void load_idxSpecWithMissingFile_namesFolderAndFile() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> Datasets.load("idx:" + dir));
    assertMessage(e.getMessage(), dir.toString(), "no train-images-idx3-ubyte");
  }

  @Test
  void load_synthetic_nameLoadsBackToTheSameSet() {
    FeatureSet a = Datasets.load("synthetic:n=200,d=64,classes=10,spread=0.5,split=class,seed=1");
    FeatureSet b = Datasets.load(a.name());
    assertEquals(a.sha256(), b.sha256());
    assertArrayEquals(a.test().features().data(), b.test().features().data());
    assertEquals(Set.of(), a.fileChecksums().keySet());
  }

  @Test
  void load_bareSynthetic_usesDefaults() {
    FeatureSet s = Datasets.load("synthetic");
    assertEquals(1000, s.train().size());
    assertEquals(64, s.dimension());
  }

  @Test
  void builder_sameNameTwice_fails() {
    DatasetRegistry.Builder b = DatasetRegistry.builder().addAll(DatasetRegistry.standard());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add("synthetic", "synthetic", arg -> Datasets.load("synthetic")));
    assertTrue(e.getMessage().contains("synthetic (registered twice)"), e.getMessage());
  }
}
