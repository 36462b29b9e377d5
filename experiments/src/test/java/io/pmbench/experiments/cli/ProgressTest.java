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
    assertTrue(lines[1].matches("  \\.\\.\\. 20/40 queries, [0-9.]+ queries/s, ETA .*"), lines[1]);
  }

  @Test
  void bar_oneLongCell_showsQueriesRateAndRemainingTime() throws Exception {
    // fails if the terminal bar of a single long cell shows no rate or no ETA
    java.util.List<String> frames = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (var bar = Progress.bar("pmbench run", 100, " queries")
        .setConsumer(new me.tongfei.progressbar.DelegatingProgressBarConsumer(frames::add, 200)).build()) {
      for (int i = 0; i < 40; i++) {
        bar.step();
      }
      Thread.sleep(1100);
    }
    String last = frames.stream().filter(f -> f.contains("40/100")).reduce((a, b) -> b).orElse(String.join("|", frames));
    assertTrue(last.contains("40/100 queries") && last.contains("queries/s"), last);
    assertTrue(last.matches(".*\\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\).*"), "elapsed / remaining: " + last);
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
