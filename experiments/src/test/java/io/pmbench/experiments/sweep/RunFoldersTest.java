package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Default run folders: short, path-safe data-set names and no time in the name. */
class RunFoldersTest {
  @Test
  void shortName_specs_shortAndSafe() {
    assertEquals("fashion-mnist", RunFolders.shortName("fashion-mnist"));
    assertEquals("npy-train_x", RunFolders.shortName("npy:/tmp/feat/train_x.npy,/tmp/feat/train_y.npy,/t/a.npy,/t/b.npy"));
    assertEquals("npz-feat", RunFolders.shortName("npz:/tmp/feat.npz:train_x=a,train_y=b"));
    assertEquals("cub", RunFolders.shortName("/data/descriptors/cub.yaml"));
    assertEquals("idx-mnist", RunFolders.shortName("idx:/data/mnist/"));
    assertEquals("csv-train", RunFolders.shortName("csv:C:\\\\data\\\\train.csv,C:\\\\data\\\\test.csv"));
  }

  @Test
  void shortName_anySpec_atMost40SafeCharacters() {
    // fails if a spec could put a path separator, a colon or an unbounded name into the folder
    for (String spec : new String[] {"synthetic:n=300,d=16,classes=5,spread=0.3,split=class,seed=3",
        "npy:" + "/very/long".repeat(20) + "/x" + "y".repeat(80) + ".npy,a,b,c", "::", "a b:c/d"}) {
      String name = RunFolders.shortName(spec);
      assertTrue(name.matches("[A-Za-z0-9._-]{1,40}"), spec + " -> " + name);
    }
  }

  @Test
  void defaultOut_command_oneLevelUnderTheRoot() {
    assertEquals(Path.of("pmbench-results", "npy-train_x-0123abcd"),
        RunFolders.defaultOut("run", "npy:/a/train_x.npy,b,c,d", "0123abcd"));
    assertEquals(Path.of("pmbench-results", "fig6-fashion-mnist-0123abcd"),
        RunFolders.defaultOut("fig6", "fashion-mnist", "0123abcd"));
  }
}
