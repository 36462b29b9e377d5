package io.pmbench.experiments.orchestration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Sweep;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** {@link Pilot}: a few real queries per mechanism, timed, stopped, and turned into estimate lines. */
class PilotTest {
  private static final long SETUP_MS = 200;
  private static final long QUERY_MS = 30;

  /** A cell that sleeps {@link #SETUP_MS}, then finishes one query every {@link #QUERY_MS}; counts the queries it started. */
  private static Sweep.Task sleepy(String mechanism, long seed, int queries, AtomicInteger started) {
    return new Sweep.Task(new CellKey("d", mechanism, "", 0.5, seed), queries, (IntConsumer progress) -> {
      sleep(SETUP_MS);
      for (int q = 0; q < queries; q++) {
        started.incrementAndGet();
        sleep(QUERY_MS);
        progress.accept(1);
      }
      return (CellRecord) null;
    });
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void run_sleepyCells_stopsAfterTheQueriesAndTimesThemAndTheSetup() {
    AtomicInteger started = new AtomicInteger();
    List<Sweep.Task> tasks = new ArrayList<>();
    for (long seed = 1; seed <= 3; seed++) {
      tasks.add(sleepy("slow", seed, 50, started));
    }
    StringWriter err = new StringWriter();
    Pilot.Result r = Pilot.run(tasks, k -> false, 3, 0, 2, "test", new PrintWriter(err));
    // fails if the pilot ran the whole cell (50 queries) instead of stopping after 3
    assertEquals(3, started.get());
    CostEstimate.Line line = r.lines().get("slow");
    assertEquals(150 - 3, line.queries(), "the pilot's queries are not counted again");
    assertEquals(3, line.cells());
    // sleeps give lower bounds that hold under any load: one query per cell, spread over 2 cells at once
    assertTrue(line.msPerQuery() >= 2 * QUERY_MS * 0.95, line.toString());
    assertTrue(line.msPerQuery() < 2 * QUERY_MS * 20, line.toString());
    // setup before the first query, counted once for each of the two seeds still to build
    assertTrue(line.setupSeconds() >= 2 * (SETUP_MS - QUERY_MS * Runtime.getRuntime().availableProcessors()) / 1000.0,
        line.toString());
    assertTrue(line.source().startsWith(Pilot.SOURCE + " 3 queries of d_slow_e0.5_s1"), line.source());
    assertTrue(r.seconds() >= (SETUP_MS + 3 * QUERY_MS) / 1000.0 * 0.95, "the pilot's own time: " + r.seconds());
  }

  @Test
  void run_cheapQueries_goesOnUntilTheLeastTimedSpan() {
    AtomicInteger started = new AtomicInteger();
    List<Sweep.Task> tasks = List.of(sleepy("cheap", 1, 200, started), sleepy("cheap", 2, 200, started));
    Pilot.Result r = Pilot.run(tasks, k -> false, 3, 0.3, 2, "test", new PrintWriter(new StringWriter()));
    // the pilot of one cell lasts its setup plus at least 0.3 s of queries (sleeps only lengthen under load);
    // stopping at 3 queries would take 0.29 s; running the whole cell would start all 200 queries
    assertTrue(r.seconds() >= (SETUP_MS / 1000.0 + 0.3) * 0.99, "pilot seconds: " + r.seconds());
    assertTrue(started.get() < 200, "queries run: " + started.get());
    CostEstimate.Line line = r.lines().get("cheap");
    assertEquals(400 - started.get(), line.queries(), "the pilot's queries are not counted again");
    assertTrue(line.msPerQuery() >= 2 * QUERY_MS * 0.95, line.toString());
  }

  @Test
  void run_startedFailingOrTinyMechanisms_leftToTheStoredCosts() {
    AtomicInteger started = new AtomicInteger();
    Sweep.Task failing = new Sweep.Task(new CellKey("d", "failing", "", 0.5, 1), 50, progress -> {
      throw new IllegalArgumentException("refused");
    });
    List<Sweep.Task> tasks = List.of(sleepy("started", 1, 50, started), failing, sleepy("tiny", 1, 2, started));
    CellKey startedKey = tasks.get(0).key();
    Pilot.Result r = Pilot.run(tasks, startedKey::equals, 3, 0, 2, "test", new PrintWriter(new StringWriter()));
    assertEquals(Map.of(), r.lines());
    assertEquals(0, started.get(), "neither a cell with a query log nor a grid smaller than the pilot is run");
  }

  @Test
  void withPilot_replacesOnlyTheTimedLinesAndAddsTheirSetupOnce() {
    CostEstimate stored = new CostEstimate(List.of(new CostEstimate.Line("a", 2, 200, 10, "measured"),
        new CostEstimate.Line("b", 2, 200, 100, "measured")), 2);
    CostEstimate piloted = stored.withPilot(Map.of("b", new CostEstimate.Line("b", 2, 197, 20, Pilot.SOURCE
        + " 3 queries", 5)));
    // a: 200 × 10 ms / 2 = 1 s; b: 197 × 20 ms / 2 + 5 s = 6.97 s
    assertEquals(1 + 1.97 + 5, piloted.wallSeconds(), 1e-9);
    assertEquals("b", piloted.dominant().orElseThrow().mechanism());
    assertTrue(piloted.table().contains("pilot lines: timed here just now"), piloted.table());
    assertFalse(new CostEstimate(List.of(new CostEstimate.Line("a", 2, 200, 10, "measured")), 2).dominant()
        .isPresent(), "a grid of one mechanism has nothing to drop: no warning");
  }
}
