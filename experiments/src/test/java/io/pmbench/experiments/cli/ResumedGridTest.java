package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A resumed run shows exactly its own grid; cells of the grids before stay on disk and are reused. */
class ResumedGridTest {
  private static long cellFiles(Path dir, String mechanism) throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      return s.filter(p -> p.getFileName().toString().contains("_" + mechanism + "_")).count();
    }
  }

  private static boolean tablesMention(Path dir, String mechanism) throws IOException {
    for (String f : new String[] {"results.csv", "summary.csv", "timings.csv"}) {
      if (Files.readString(dir.resolve(f)).contains(mechanism)) {
        return true;
      }
    }
    return Files.readString(dir.resolve("report.html")).contains("<td>" + mechanism + "</td>"); // a table row
  }

  @Test
  void run_resumedWithFewerMechanismsAndSeeds_showsOnlyItsGridAndReusesTheRestLater(@TempDir Path tmp)
      throws IOException {
    Path dir = tmp.resolve("r");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "features,random,label-only", "--seeds", "2")).exit());
    assertTrue(tablesMention(dir, "label-only"));

    Outcome fewer = execute(smallRun(dir, "--mechanisms", "features,random", "--seeds", "1"));
    assertEquals(0, fewer.exit(), fewer.err());
    assertTrue(fewer.err().contains("0 cells computed, 2 reused"), fewer.err());
    // fails if results.csv, summary.csv, timings.csv or the report still list a dropped mechanism
    assertFalse(tablesMention(dir, "label-only"), "a dropped mechanism is still shown");
    assertEquals(2, Files.readAllLines(dir.resolve("results.csv")).size() - 1, "one row per cell of the grid");
    assertTrue(fewer.out().contains("4 stored cells outside the last command's grid are kept in cells/"),
        fewer.out());
    assertEquals(2, cellFiles(dir, "label-only"), "the dropped cells stay on disk");

    Outcome again = execute(smallRun(dir, "--mechanisms", "features,random,label-only", "--seeds", "2"));
    assertEquals(0, again.exit(), again.err());
    assertTrue(again.err().contains("0 cells computed, 6 reused"), again.err());
    assertTrue(tablesMention(dir, "label-only"));
    assertFalse(again.out().contains("outside the last command's grid"), again.out());
  }
}
