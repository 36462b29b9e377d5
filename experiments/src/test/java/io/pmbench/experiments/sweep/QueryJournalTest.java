package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.protocol.QueryOutcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link QueryJournal} and its life cycle in a {@link CellStore}. */
class QueryJournalTest {
  private static final Manifest MANIFEST = Manifest.of("test", Map.of("a", 1), Map.of("seeds", List.of(1)), "cmd");
  private static final CellKey KEY = new CellKey("synthetic", "privatemail", "", 0.1, 2);
  private static final PrivacyClaim CLAIM = new PrivacyClaim(Guarantee.APPROXIMATE_DP, 0.1, 1e-5,
      5.227322386583984e-06, 2.5325359007857037e-4, "CLASSIC", PrivacyClaim.ADD_REMOVE_ROW, "labels",
      List.of("L_Y uses the raw labels", "second \"quoted\" caveat"));

  private static QueryOutcome outcome(int q) {
    return new QueryOutcome(q, new boolean[] {q % 2 == 0, true, q % 3 == 0}, 0.1 * q + 1e-17, Double.NaN,
        q * 1.0000000000000002, q % 2 == 1, CLAIM, q % 5, new int[] {q + 1, 20000 + q, -1},
        new int[] {q % 5, 300, -1});
  }

  private static void assertSame(QueryOutcome a, QueryOutcome b) {
    assertEquals(a.query(), b.query());
    assertArrayEquals(a.hits(), b.hits());
    assertEquals(a.label(), b.label());
    assertArrayEquals(a.neighbours(), b.neighbours());
    assertArrayEquals(a.neighbourLabels(), b.neighbourLabels());
    assertEquals(Double.doubleToRawLongBits(a.millis()), Double.doubleToRawLongBits(b.millis()));
    assertEquals(Double.doubleToLongBits(a.sensitivity()), Double.doubleToLongBits(b.sensitivity()));
    assertEquals(Double.doubleToRawLongBits(a.noiseScale()), Double.doubleToRawLongBits(b.noiseScale()));
    assertEquals(a.objectiveIncreased(), b.objectiveIncreased());
    assertEquals(a.claim(), b.claim());
  }

  @Test
  void reopen_recordedQueries_recalledBitForBit(@TempDir Path tmp) throws Exception {
    // Fails if a double loses bits on its way through JSON (the cell's mean Δ would then differ
    // from an uninterrupted run), if NaN is not kept, or if the claim's text is altered.
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(0, j.recalledCount());
      j.record(4, outcome(40));
      j.record(1, outcome(11));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(2, j.recalledCount());
      assertSame(outcome(40), j.recorded(4));
      assertSame(outcome(11), j.recorded(1));
      assertNull(j.recorded(0));
    }
  }

  @Test
  void open_tornLastLine_droppedAndAppendingContinues(@TempDir Path tmp) throws Exception {
    // A process killed mid-write leaves a partial last line: it must be dropped (not fail the
    // resume, not be half-read) and the next record must start on a fresh line.
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      j.record(0, outcome(5));
      j.record(1, outcome(6));
    }
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 25)); // cut inside the last line
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(1, j.recalledCount());
      assertSame(outcome(5), j.recorded(0));
      j.record(1, outcome(6));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(2, j.recalledCount());
      assertSame(outcome(6), j.recorded(1));
    }
  }

  @Test
  void open_corruptLineBeforeTheLast_failsNamingFileAndLine(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      j.record(0, outcome(5));
      j.record(1, outcome(6));
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    lines.set(1, lines.get(1).replaceFirst("\"hits\":\"[01]{3}\"", "\"hits\":\"1x1\""));
    assertTrue(lines.get(1).contains("1x1"), lines.get(1));
    Files.write(file, lines, StandardCharsets.UTF_8);

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> QueryJournal.open(file, KEY.fileName(), "fp"));
    assertTrue(e.getMessage().contains(file + " line 2"), e.getMessage());
  }

  @Test
  void open_logOfAnotherConfiguration_refused(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      j.record(0, outcome(5));
    }
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> QueryJournal.open(file, KEY.fileName(), "other"));
    assertTrue(e.getMessage().startsWith(file + " must be the query log of cell " + KEY.fileName()), e.getMessage());
  }

  @Test
  void open_logOfAnotherMechanismRevision_startedAfreshNotRecalled(@TempDir Path tmp) throws Exception {
    // queries an interrupted run of revision 1 logged must not enter a cell of revision 2
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      j.record(0, outcome(5));
      j.record(1, outcome(6));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp", 2)) {
      assertEquals(0, j.recalledCount());
      j.record(3, outcome(7));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp", 2)) {
      assertEquals(1, j.recalledCount());
      assertSame(outcome(7), j.recorded(3));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(0, j.recalledCount(), "and back: revision 1 does not recall revision 2's queries");
    }
  }

  @Test
  void open_logOfFormatOne_startedAfreshNotRecalled(@TempDir Path tmp) throws Exception {
    // A pmbench-queries/1 log has no neighbours; recalling its queries would leave the cell's
    // top-K lists incomplete, so they are recomputed.
    Path file = tmp.resolve("c.queries.jsonl");
    java.nio.file.Files.writeString(file, "{\"format\":\"pmbench-queries/1\",\"cell\":\"" + KEY.fileName()
        + "\",\"fingerprint\":\"fp\"}\n{\"i\":0,\"query\":5,\"hits\":\"101\"}\n");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(0, j.recalledCount());
      j.record(2, outcome(9));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      assertEquals(1, j.recalledCount());
      assertSame(outcome(9), j.recorded(2));
    }
  }

  @Test
  void open_logOfOtherParameters_startedAfreshNotRecalled(@TempDir Path tmp) throws Exception {
    // queries logged under other parameters (or by a run that did not record them) must not
    // enter a cell whose parameters differ: fails if the header's parameter digest is ignored
    Path file = tmp.resolve("c.queries.jsonl");
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp")) {
      j.record(0, outcome(5));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp", 1, "aaaa")) {
      assertEquals(0, j.recalledCount(), "a log that does not state its parameters is not trusted");
      j.record(1, outcome(6));
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp", 1, "aaaa")) {
      assertEquals(1, j.recalledCount());
    }
    try (QueryJournal j = QueryJournal.open(file, KEY.fileName(), "fp", 1, "bbbb")) {
      assertEquals(0, j.recalledCount());
    }
  }

  @Test
  void cellStore_putDeletesLog_openDropsOrphanAndFreshDropsAll(@TempDir Path tmp) throws Exception {
    // The log must not outlive its cell (a later run would otherwise read a stale log), and a
    // fresh run must not resume from an old configuration's queries.
    CellKey other = new CellKey("synthetic", "smlq", "", 0.1, 2);
    Path partial = tmp.resolve(CellStore.PARTIAL);
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      try (QueryJournal j = store.journal(KEY)) {
        j.record(0, outcome(1));
      }
      try (QueryJournal j = store.journal(other)) {
        j.record(0, outcome(1));
      }
      assertEquals(2, count(partial));
      store.put(SweepTest.cell(KEY, MANIFEST.fingerprint()));
      assertEquals(1, count(partial));
    }
    // a process killed between storing a cell and deleting its log leaves an orphan
    Path orphan = partial.resolve("synthetic_privatemail_e0.1_s2.queries.jsonl");
    Files.writeString(orphan, "{}\n", StandardOpenOption.CREATE);
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      assertFalse(Files.exists(orphan));
      assertEquals(1, store.journal(other).recalledCount());
    }
    try (CellStore store = CellStore.open(tmp, MANIFEST, true)) {
      assertEquals(0, count(partial));
      assertTrue(store.all().isEmpty());
    }
    assertFalse(Files.exists(partial), "a store closed with no part-done cell leaves no empty partial/ folder");
  }

  private static long count(Path dir) throws Exception {
    try (var s = Files.list(dir)) {
      return s.count();
    }
  }
}
