package io.pmbench.datasets.assembly;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.LabelArray;
import io.pmbench.datasets.format.LabelledArray;
import org.junit.jupiter.api.Test;

class FeatureSetsTest {

  private static LabelledArray split(String xFile, float[] x, int cols, String yFile, long... y) {
    return new LabelledArray(new FeatureArray(xFile, x, x.length / cols, cols, "aa" + xFile),
        new LabelArray(yFile, y, "bb" + yFile));
  }

  private static FeatureSet assemble(LabelledArray train, LabelledArray test) {
    return FeatureSets.assemble("t", train, test, TableTwo.pmbenchDefault(), "test data");
  }

  private static LabelledArray goodTest() {
    return split("test_x", new float[] {3, 4, 0, 2}, 2, "test_y", 20, 40);
  }

  @Test
  void assemble_labels_remappedOverBothSplitsInAscendingOrder() {
    FeatureSet s = assemble(split("train_x", new float[] {1, 0, 0, 1, 1, 1}, 2, "train_y", 30, 10, 30), goodTest());
    assertEquals(4, s.numClasses());
    assertArrayEquals(new int[] {2, 0, 2}, s.train().labels());
    assertArrayEquals(new int[] {1, 3}, s.test().labels());
  }

  @Test
  void assemble_rows_haveUnitNorm() {
    FeatureSet s = assemble(split("train_x", new float[] {1, 0, 0, 1}, 2, "train_y", 1, 2), goodTest());
    assertArrayEquals(new float[] {0.6f, 0.8f}, new float[] {s.test().features().get(0, 0), s.test().features().get(0, 1)});
  }

  @Test
  void assemble_zeroRow_namesFileAndRow() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x.npy", new float[] {1, 0, 0, 0, 1, 1}, 2, "train_y", 1, 2, 3), goodTest()));
    assertMessage(e.getMessage(), "train_x.npy", "zero row at index 1");
  }

  @Test
  void assemble_nanValue_namesFileAndRow() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x.npy", new float[] {1, 0, 0, 1, 1, Float.NaN}, 2, "train_y", 1, 2, 3), goodTest()));
    assertMessage(e.getMessage(), "train_x.npy", "at row 2");
  }

  @Test
  void assemble_infiniteValue_namesFileAndRow() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x", new float[] {1, 0}, 2, "train_y", 1),
            split("test_x.npy", new float[] {1, 1, Float.POSITIVE_INFINITY, 1}, 2, "test_y", 2, 3)));
    assertMessage(e.getMessage(), "test_x.npy", "non-finite value (Infinity) at row 1");
  }

  @Test
  void assemble_labelCountDiffersFromRows_namesBothFilesAndCounts() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x.npy", new float[] {1, 0, 0, 1}, 2, "train_y.npy", 1, 2, 3), goodTest()));
    assertMessage(e.getMessage(), "train_y.npy has 3 labels but train_x.npy has 2 rows", "need one label per row");
  }

  @Test
  void assemble_dimensionMismatch_namesBothFiles() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x.npy", new float[] {1, 0, 0}, 3, "train_y", 1), goodTest()));
    assertMessage(e.getMessage(), "train_x.npy has 3 columns but test_x has 2", "same dimension");
  }

  @Test
  void assemble_singleClass_namesLabelFiles() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> assemble(split("train_x", new float[] {1, 0}, 2, "train_y", 5),
            split("test_x", new float[] {0, 1}, 2, "test_y", 5)));
    assertMessage(e.getMessage(), "train_y, test_y", "need at least 2 classes");
  }

  @Test
  void assemble_checksum_dependsOnFileContentsNotNames() {
    FeatureSet a = assemble(split("a", new float[] {1, 0}, 2, "b", 1), split("c", new float[] {0, 1}, 2, "d", 2));
    LabelledArray renamedTrain = new LabelledArray(new FeatureArray("e", new float[] {1, 0}, 1, 2, "aaa"),
        new LabelArray("f", new long[] {1}, "bbb"));
    LabelledArray renamedTest = new LabelledArray(new FeatureArray("g", new float[] {0, 1}, 1, 2, "aac"),
        new LabelArray("h", new long[] {2}, "bbd"));
    assertEquals(a.sha256(), assemble(renamedTrain, renamedTest).sha256());
    assertEquals("aaa", a.fileChecksums().get("a"));
  }
}
