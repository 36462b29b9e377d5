package io.pmbench.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --dataset npz:FILE[:train_x=NAME,...]}: one {@code .npz} without a descriptor. */
class UserFilesNpzTest {
  static Map<String, Object> arrays(String trainX, String trainY, String testX, String testY) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(trainX, new float[][] {{1, 0}, {0, 1}, {1, 1}, {2, 1}});
    m.put(trainY, new long[] {0, 1, 0, 1});
    m.put(testX, new float[][] {{1, 2}, {3, 1}});
    m.put(testY, new long[] {1, 0});
    return m;
  }

  @Test
  void npz_defaultArrayNames_loadsBothSplits(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("feat.npz");
    NpzWriter.write(f, arrays("train_features", "train_labels", "test_features", "test_labels"));
    FeatureSet s = DatasetRegistry.standard().load("npz:" + f);
    assertEquals(4, s.train().size());
    assertEquals(2, s.test().size());
    assertEquals(2, s.numClasses());
    assertEquals(UserFiles.DEFAULTS_SOURCE, DatasetRegistry.standard().defaultsSource("npz:" + f));
  }

  @Test
  void npz_namedArrays_loadsThem(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("feat.npz");
    NpzWriter.write(f, arrays("xtr", "ytr", "xte", "yte"));
    FeatureSet s = DatasetRegistry.standard().load("npz:" + f + ":train_x=xtr,train_y=ytr,test_x=xte,test_y=yte");
    assertEquals(4, s.train().size());
  }

  @Test
  void npz_missingArrays_namesAllOfThemAndThePresentOnes(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("feat.npz");
    NpzWriter.write(f, arrays("xtr", "ytr", "test_features", "test_labels"));
    String m = assertThrows(InvalidDataException.class, () -> DatasetRegistry.standard().load("npz:" + f)).getMessage();
    assertTrue(m.contains("no array train_features, train_labels (arrays present: test_features, test_labels, xtr, ytr"),
        m);
  }

  @Test
  void npz_unknownRole_isOneLineWithTheForm(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("feat.npz");
    NpzWriter.write(f, arrays("a", "b", "c", "d"));
    String m = assertThrows(IllegalArgumentException.class,
        () -> DatasetRegistry.standard().load("npz:" + f + ":trainx=a")).getMessage();
    assertTrue(m.startsWith("npz data set must be npz:FILE or npz:FILE:train_x=NAME,train_y=NAME,test_x=NAME,test_y=NAME"),
        m);
  }
}
