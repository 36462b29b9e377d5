package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ScalePlot turns a measured sweep into one chart per quantity and refuses malformed rows. */
class ScalePlotTest {
  @TempDir Path dir;

  @Test
  void main_twoQuantities_writesOnePngAndSvgEach() throws Exception {
    Path csv = dir.resolve("sweep.csv");
    Files.writeString(csv, "quantity,series,n,value\n"
        + "build|seconds|server build,exact,5000,7\n"
        + "build|seconds|server build,exact,10000,38\n"
        + "build|seconds|server build,knn,10000,20\n"
        + "heap|MB|peak heap,exact,5000,468\n"
        + "heap|MB|peak heap,exact,10000,1200\n");
    ScalePlot.main(new String[] {csv.toString(), dir.resolve("out").toString()});
    for (String stem : new String[] {"build", "heap"}) {
      for (String ext : new String[] {".png", ".svg"}) {
        Path f = dir.resolve("out").resolve(stem + ext);
        assertTrue(Files.size(f) > 0, f + " missing or empty");
      }
    }
    assertTrue(Files.mismatch(dir.resolve("out/build.png"), dir.resolve("out/heap.png")) >= 0,
        "the two quantities drew the same chart");
  }

  @Test
  void main_rowWithThreeFields_refusesNamingFileAndRow() throws Exception {
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, "quantity,series,n,value\nbuild|s|t,exact,5000\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScalePlot.main(new String[] {csv.toString(), dir.toString()}));
    assertTrue(e.getMessage().contains("bad.csv") && e.getMessage().contains("build|s|t,exact,5000"),
        e.getMessage());
  }

  @Test
  void main_quantityWithoutLabels_refuses() throws Exception {
    Path csv = dir.resolve("q.csv");
    Files.writeString(csv, "quantity,series,n,value\nbuild,exact,5000,7\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScalePlot.main(new String[] {csv.toString(), dir.toString()}));
    assertTrue(e.getMessage().contains("stem|y-axis label|title"), e.getMessage());
  }
}
