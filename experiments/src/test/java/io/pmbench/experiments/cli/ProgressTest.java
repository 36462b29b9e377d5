package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@link Progress} in its log form (stderr not a terminal, as under the test runner). */
class ProgressTest {
  @Test
  void accept_quietLimitReached_printsQueriesAndEta() {
    StringWriter out = new StringWriter();
    try (Progress p = Progress.start(new PrintWriter(out), "pmbench run", 40, 0)) {
      p.accept(10);
      p.accept(10);
    }
    String[] lines = out.toString().split("\n");
    assertEquals(2, lines.length, out.toString());
    assertTrue(lines[1].startsWith("  ... 20/40 queries, ETA "), lines[1]);
  }

  @Test
  void accept_withinQuietLimit_printsNothing() {
    // Fails if every query prints a line: a fast sweep's log would get one line per query.
    StringWriter out = new StringWriter();
    try (Progress p = Progress.start(new PrintWriter(out), "pmbench run", 40)) {
      p.accept(10);
      p.accept(10);
    }
    assertEquals("", out.toString());
  }
}
