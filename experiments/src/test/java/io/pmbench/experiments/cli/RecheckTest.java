package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --recheck N}: a resumed run computes the first N queries of every stored cell again and
 * compares them with the stored ones before reusing it. A stored cell that this code computes
 * differently (here: hits edited by hand, resumed with {@code --accept-modified}, standing in for a
 * cell made by older code) stops the run with a line naming it and exit 1, before anything is
 * computed; an untouched run passes and is reused. If the recheck compared nothing, or compared
 * the cell with itself, the edited cell would pass.
 */
class RecheckTest {

  private static Path firstCell(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      return s.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
    }
  }

  @Test
  void recheck_untouchedRun_passesAndReusesEveryCell(@TempDir Path tmp) {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail,random")).exit());

    Outcome again = execute(smallRun(dir, "--mechanisms", "privatemail,random", "--recheck", "5"));

    assertEquals(0, again.exit(), again.err());
    assertTrue(again.err().contains("rechecking the first 5 queries of 4 stored cells"), again.err());
    assertTrue(again.err().contains("the first 5 queries of all 4 stored cells are what this code computes"),
        again.err());
    assertTrue(again.err().contains("0 cells computed, 4 reused"), again.err());
  }

  @Test
  void recheck_cellWithOtherHits_namesItExitsOneAndComputesNothing(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail")).exit());
    Path cell = firstCell(dir);
    String text = Files.readString(cell);
    int at = text.indexOf("\"hits\"");
    int q = text.indexOf(": \"", at) + 3; // the first character of K = 1's bits: queries 0 to 5
    char c = text.charAt(q);
    Files.writeString(cell, text.substring(0, q) + (c == 'A' ? 'B' : 'A') + text.substring(q + 1));
    String invocations = Files.readString(dir.resolve("invocations.jsonl"));

    Outcome o = execute(smallRun(dir, "--mechanisms", "privatemail", "--accept-modified", "--recheck", "6"));

    assertEquals(1, o.exit(), o.err());
    assertTrue(o.err().contains("pmbench: cell " + cell.getFileName() + " (computed at "), o.err());
    assertTrue(o.err().contains("is not what this code computes: query "), o.err());
    assertTrue(o.err().contains("1 of 2 stored cells differ from this code; nothing was computed"), o.err());
    assertEquals(invocations, Files.readString(dir.resolve("invocations.jsonl")), "no invocation may be logged");
  }

  @Test
  void recheck_zero_isRefusedWithOneLine(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("run"), "--recheck", "0"));

    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("--recheck must be at least 1. Provided value: 0"), o.err());
  }
}
