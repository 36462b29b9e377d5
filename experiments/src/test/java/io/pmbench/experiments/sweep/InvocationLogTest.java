package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stopwatch of a run resumed across invocations: sums, kills, torn lines. */
class InvocationLogTest {
  /** A clock the test moves by hand. */
  private static final class Hand extends Clock {
    private Instant now = Instant.parse("2026-11-23T10:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  @Test
  void killedThenFinished_sumsKilledToItsLastBeatPlusTheWholeSecond(@TempDir Path dir) throws Exception {
    // Fails if a killed invocation counts to "now" or not at all, if the second invocation is not
    // numbered 2, if the time between invocations is counted, or if a torn line breaks reading.
    Hand clock = new Hand();
    InvocationLog first = InvocationLog.start(dir, "pmbench fig6", "abc", 100, 9, clock);
    clock.advance(Duration.ofSeconds(60));
    first.queriesDone(7);
    first.beat();
    clock.advance(Duration.ofSeconds(60));
    first.queriesDone(5);
    first.beat();
    clock.advance(Duration.ofSeconds(42)); // killed here: no end, and a torn line
    Files.writeString(dir.resolve(InvocationLog.FILE), "{\"event\":\"beat\",\"invoc", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    clock.advance(Duration.ofHours(3)); // between the two invocations: not counted

    InvocationLog second = InvocationLog.start(dir, "pmbench fig6", "abc", 88, 9, clock);
    clock.advance(Duration.ofSeconds(30));
    second.queriesDone(88);
    second.end(InvocationLog.FINISHED, 4);

    InvocationLog.Summary s = InvocationLog.read(dir);
    List<InvocationLog.Invocation> inv = s.invocations();
    assertEquals(2, inv.size());
    assertEquals(1, inv.get(0).id());
    assertEquals(120.0, inv.get(0).seconds(), 0.0);
    assertEquals(12, inv.get(0).queries());
    assertEquals(InvocationLog.KILLED, inv.get(0).status());
    assertEquals(9, inv.get(0).gridCells());
    assertEquals(2, inv.get(1).id());
    assertEquals(30.0, inv.get(1).seconds(), 0.0);
    assertEquals(88, inv.get(1).queries());
    assertEquals(InvocationLog.FINISHED, inv.get(1).status());
    assertEquals(150.0, s.totalSeconds(), 0.0);
    assertEquals("2 invocations, 150 s (0.04 h)", s.describe());
  }

  @Test
  void endTwice_writesOneEndAndNoBeatAfterIt(@TempDir Path dir) throws Exception {
    Hand clock = new Hand();
    InvocationLog log = InvocationLog.start(dir, "pmbench run", "abc", 1, 1, clock);
    clock.advance(Duration.ofSeconds(5));
    log.end(InvocationLog.FINISHED, 1);
    clock.advance(Duration.ofSeconds(100));
    log.beat();
    log.close();

    assertEquals(2, Files.readAllLines(dir.resolve(InvocationLog.FILE)).size());
    assertEquals(5.0, InvocationLog.read(dir).totalSeconds(), 0.0);
  }

  @Test
  void startWithoutGridCells_readsAsUnknown(@TempDir Path dir) throws Exception {
    // a log written before pmbench recorded the grid's size
    Files.writeString(dir.resolve(InvocationLog.FILE),
        "{\"event\":\"start\",\"invocation\":1,\"at\":\"2026-11-24T10:00:00Z\",\"commandLine\":\"pmbench fig6\","
            + "\"commit\":\"abc\",\"pendingQueries\":40}\n");
    InvocationLog.Invocation only = InvocationLog.read(dir).invocations().get(0);
    assertEquals(-1, only.gridCells());
    assertEquals(InvocationLog.KILLED, only.status());
  }

  @Test
  void commits_areEveryInvocationsCommitOnceInTheOrderTheyFirstRan(@TempDir Path dir) throws Exception {
    // Fails if a resumed run's provenance would name only its last commit, repeat a commit, or
    // count the empty commit of a log line that has none.
    Hand clock = new Hand();
    for (String commit : List.of("c1", "c2", "c1", "", "c3")) {
      InvocationLog log = InvocationLog.start(dir, "pmbench fig6", commit, 1, 1, clock);
      clock.advance(Duration.ofSeconds(1));
      log.end(InvocationLog.FINISHED, 1);
    }
    InvocationLog.Summary s = InvocationLog.read(dir);
    assertEquals(List.of("c1", "c2", "c1", "", "c3"),
        s.invocations().stream().map(InvocationLog.Invocation::commit).toList());
    assertEquals(List.of("c1", "c2", "c3"), s.commits());
  }

  @Test
  void noLog_emptySummary(@TempDir Path dir) throws Exception {
    assertEquals(0, InvocationLog.read(dir).invocations().size());
    assertEquals(0.0, InvocationLog.read(dir).totalSeconds(), 0.0);
  }
}
