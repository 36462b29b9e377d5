package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Cell file names: unchanged for ordinary data-set names, bounded for long specs. */
class CellKeyTest {
  @Test
  void fileName_shortDataset_asBefore() {
    // fails if the names of existing runs' cells change (they would no longer be found on resume)
    assertEquals("fashion-mnist_privatemail_e0.1_s1.json",
        new CellKey("fashion-mnist", "privatemail", "", 0.1, 1).fileName());
  }

  @Test
  void fileName_longNpySpec_fitsAFileSystemNameAndStaysDistinct() {
    String dir = "/work/some/rather/long/folder/of/extracted/features/for/the/experiment";
    String a = "npy:" + dir + "/train_x.npy," + dir + "/train_y.npy," + dir + "/test_x.npy," + dir + "/test_y.npy";
    String b = a.replace("test_y", "test_labels");
    String name = new CellKey(a, "dp-dsne-official", "k=4,alpha=0.6,sigma=6", 0.05, 12).fileName();
    assertTrue(name.length() + ".queries.jsonl".length() + 30 <= 255, name.length() + ": " + name);
    assertTrue(name.endsWith("_dp-dsne-official_k=4,alpha=0.6,sigma=6_e0.05_s12.json"), name);
    assertNotEquals(name, new CellKey(b, "dp-dsne-official", "k=4,alpha=0.6,sigma=6", 0.05, 12).fileName());
  }
}
