package io.pmbench.spark;

import static io.pmbench.spark.Grids.MECHANISMS;
import static io.pmbench.spark.Grids.assertSameGrid;
import static io.pmbench.spark.Grids.fig6;
import static io.pmbench.spark.Grids.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures on {@code --engine spark} ({@link Grids#assertSameGrid} compares exactly): a task
 * that dies (test plugin {@code flaky}) is retried without double counting; a job that fails for
 * good leaves only whole cells, and the local engine finishes the grid.
 */
class SparkRetryTest {
  @AfterEach
  void disarm() {
    FlakyMechanism.FAILURES.set(0);
  }

  @Test
  void fig6_taskDiesOnce_retriedBySparkAndGridExact(@TempDir Path tmp) throws Exception {
    ok(fig6(tmp.resolve("local"), MECHANISMS, "2"));
    FlakyMechanism.FAILURES.set(1);
    // local[2,4]: 2 cores, a task is tried up to 4 times
    Grids.Outcome spark = ok(fig6(tmp.resolve("spark"), MECHANISMS, "2", "--engine", "spark", "--master",
        "local[2,4]"));
    assertEquals(0, FlakyMechanism.FAILURES.get(), "the flaky cell never died, so nothing was retried");
    assertTrue(spark.err().contains("8 cells computed, 0 reused"), spark.err());
    assertEquals(8, Grids.cells(tmp.resolve("spark")).size());
    assertSameGrid(tmp.resolve("local"), tmp.resolve("spark"));
  }

  @Test
  void fig6_sparkJobFailsForGood_oneLineExit2AndLocalResumeCompletesExactly(@TempDir Path tmp) throws Exception {
    ok(fig6(tmp.resolve("reference"), MECHANISMS, "2"));
    FlakyMechanism.FAILURES.set(1000);
    // local[1]: one try per task, so the first flaky cell aborts the job
    Grids.Outcome failed = Grids.execute(fig6(tmp.resolve("run"), MECHANISMS, "2", "--engine", "spark", "--master",
        "local[1]"));
    assertEquals(2, failed.exit(), failed.err());
    assertTrue(failed.err().contains("the Spark job of fig6 failed after storing"), failed.err());
    FlakyMechanism.FAILURES.set(0);
    int stored = Grids.cells(tmp.resolve("run")).size();
    assertTrue(stored < 8, "the failed job cannot have stored every cell");
    Grids.Outcome resumed = ok(fig6(tmp.resolve("run"), MECHANISMS, "2"));
    assertTrue(resumed.err().contains((8 - stored) + " cells computed, " + stored + " reused"), resumed.err());
    assertSameGrid(tmp.resolve("reference"), tmp.resolve("run"));
  }
}
