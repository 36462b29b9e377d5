package io.pmbench.spark;

import static io.pmbench.spark.Grids.MECHANISMS;
import static io.pmbench.spark.Grids.assertSameGrid;
import static io.pmbench.spark.Grids.fig6;
import static io.pmbench.spark.Grids.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine spark} on an in-process {@code local[2]} master gives the local engine's grid
 * exactly ({@link Grids#assertSameGrid}), and a run that cannot start writes nothing.
 */
class SparkEngineTest {
  @Test
  void fig6_localTwoSpark_sameCellsAndReportAsLocalEngine(@TempDir Path tmp) throws Exception {
    ok(fig6(tmp.resolve("local"), MECHANISMS, "2"));
    Grids.Outcome spark = ok(fig6(tmp.resolve("spark"), MECHANISMS, "2", "--engine", "spark", "--master",
        "local[2]"));
    assertTrue(spark.err().contains("8 cells computed, 0 reused"), spark.err());
    assertSameGrid(tmp.resolve("local"), tmp.resolve("spark"));
  }

  @Test
  void fig6_sparkWithoutMaster_oneLineExit2AndNothingWritten(@TempDir Path tmp) {
    Grids.Outcome o = Grids.execute(fig6(tmp.resolve("run"), MECHANISMS, "1", "--engine", "spark"));
    assertEquals(2, o.exit(), o.err());
    assertTrue(o.err().contains("--engine spark needs --master URL"), o.err());
    assertFalse(Files.exists(tmp.resolve("run")), "a refused run must write nothing");
  }
}
