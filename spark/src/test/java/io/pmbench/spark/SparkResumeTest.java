package io.pmbench.spark;

import static io.pmbench.spark.Grids.MECHANISMS;
import static io.pmbench.spark.Grids.assertSameGrid;
import static io.pmbench.spark.Grids.fig6;
import static io.pmbench.spark.Grids.ok;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume across engines ({@link Grids#assertSameGrid} compares exactly): cells finished on one
 * engine are reused, not recomputed, by the other.
 */
class SparkResumeTest {
  @Test
  void fig6_resumedAcrossEngines_computesOnlyMissingCellsAndMatches(@TempDir Path tmp) throws Exception {
    ok(fig6(tmp.resolve("reference"), MECHANISMS, "2"));
    // seed 1 locally, then seeds 1-2 on Spark: only seed 2's cells run on Spark
    ok(fig6(tmp.resolve("a"), MECHANISMS, "1"));
    Grids.Outcome a = ok(fig6(tmp.resolve("a"), MECHANISMS, "2", "--engine", "spark", "--master", "local[2]"));
    assertTrue(a.err().contains("4 cells computed, 4 reused"), a.err());
    assertSameGrid(tmp.resolve("reference"), tmp.resolve("a"));
    // the other way round
    ok(fig6(tmp.resolve("b"), MECHANISMS, "1", "--engine", "spark", "--master", "local[2]"));
    Grids.Outcome b = ok(fig6(tmp.resolve("b"), MECHANISMS, "2"));
    assertTrue(b.err().contains("4 cells computed, 4 reused"), b.err());
    assertSameGrid(tmp.resolve("reference"), tmp.resolve("b"));
  }
}
