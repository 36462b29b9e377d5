package io.pmbench.datasets.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.datasets.format.Checksums;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FashionMnistTest {

  @Test
  void load_builtIn_has60000TrainAnd10000TestRowsOf784Pixels() {
    FeatureSet s = FashionMnist.load();
    assertEquals("fashion-mnist", s.name());
    assertEquals(60_000, s.train().size());
    assertEquals(10_000, s.test().size());
    assertEquals(784, s.dimension());
    assertEquals(10, s.numClasses());
  }

  @Test
  void load_builtIn_labelsAreBalancedClasses0To9() {
    FeatureSet s = FashionMnist.load();
    assertCounts(s.train(), 6_000);
    assertCounts(s.test(), 1_000);
  }

  private static void assertCounts(LabelledSet split, int perClass) {
    int[] counts = new int[10];
    for (int y : split.labels()) {
      counts[y]++;
    }
    for (int c = 0; c < 10; c++) {
      assertEquals(perClass, counts[c], "class " + c);
    }
  }

  @Test
  void load_builtIn_everyRowHasUnitNormAndNonNegativePixels() {
    FeatureSet s = FashionMnist.load();
    BuiltInAssertions.assertUnitNormNonNegativeRows(s, "pixel");
  }

  @Test
  void load_builtIn_recordsPinnedFileChecksumsAndCombinedChecksum() {
    FeatureSet s = FashionMnist.load();
    Map<String, String> files = new HashMap<>(s.fileChecksums());
    assertTrue(files.remove("classpath:/io/pmbench/datasets/fashion-mnist.yaml") != null, "the descriptor is recorded");
    assertEquals(FashionMnist.EXPECTED_SHA256, files);
    String combined = Checksums.ofText(
        "train.features " + FashionMnist.EXPECTED_SHA256.get(FashionMnist.TRAIN_IMAGES) + "\n"
            + "train.labels " + FashionMnist.EXPECTED_SHA256.get(FashionMnist.TRAIN_LABELS) + "\n"
            + "test.features " + FashionMnist.EXPECTED_SHA256.get(FashionMnist.TEST_IMAGES) + "\n"
            + "test.labels " + FashionMnist.EXPECTED_SHA256.get(FashionMnist.TEST_LABELS) + "\n");
    assertEquals(combined, s.sha256());
  }

  @Test
  void load_calledTwice_returnsTheCachedSet() {
    assertSame(FashionMnist.load(), FashionMnist.load());
  }

  @Test
  void load_builtIn_usesPmbenchDefaultsAndCarriesLicence() {
    FeatureSet s = FashionMnist.load();
    assertEquals(6.0, s.defaults().sigma());
    assertEquals(0.6, s.defaults().alpha());
    assertEquals(FashionMnist.LICENCE, s.licence());
    assertNotNull(FashionMnist.class.getResource(FashionMnist.RESOURCE_DIR + "LICENSE"), "LICENSE must ship in the jar");
  }
}
