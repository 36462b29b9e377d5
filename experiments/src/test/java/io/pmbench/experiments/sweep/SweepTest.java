package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.runs.AtomicFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep runner and its store on synthetic cells (no protocol): resume, parallelism, clashes. */
class SweepTest {
  private static final Manifest MANIFEST = Manifest.of("test", Map.of("a", 1), Map.of("seeds", List.of(1)), "cmd");

  /** A cell whose numbers are a pure function of its key (like a protocol cell). */
  static CellRecord cell(CellKey key, String fingerprint) {
    SplittableRandom rng = new SplittableRandom(key.fileName().hashCode());
    boolean[][] hits = new boolean[50][2];
    int[] idx = new int[50];
    for (int i = 0; i < 50; i++) {
      hits[i][0] = rng.nextDouble() < 0.4;
      hits[i][1] = hits[i][0] || rng.nextDouble() < 0.5;
      idx[i] = i * 3;
    }
    TreeMap<String, double[]> extras = new TreeMap<>();
    extras.put("trace", new double[] {1.5, Double.NaN, -2e-300});
    return new CellRecord(key, fingerprint, CellRecord.Outcome.OK, "", "paper", 1e-5, Map.of("sigma", 6.0), new int[] {1, 8},
        idx, hits, 1.25, 0, new CellRecord.Claim("NONE", "none", Double.NaN, Double.NaN, "none", "n/a", "n/a",
            List.of("caveat")), 0, extras, "abc");
  }

  private static List<Sweep.Task> grid(String fingerprint, AtomicInteger computed) {
    List<Sweep.Task> tasks = new ArrayList<>();
    for (long seed = 1; seed <= 3; seed++) {
      for (String m : List.of("a", "b", "c")) {
        for (double eps : List.of(0.1, 1.0)) {
          CellKey key = new CellKey("synthetic", m, "", eps, seed);
          tasks.add(new Sweep.Task(key, 50, progress -> {
            computed.incrementAndGet();
            progress.accept(50);
            return cell(key, fingerprint);
          }));
        }
      }
    }
    return tasks;
  }

  private static final Sweep.Listener QUIET = new Sweep.Listener() {
    @Override
    public void accept(int value) {}

    @Override
    public void cellFinished(CellRecord cell, boolean computed) {}
  };

  @Test
  void cellRecord_jsonRoundTrip_identical() {
    CellRecord r = cell(new CellKey("synthetic", "privatemail", "k=4", 0.1, 7), "f");
    CellRecord back = CellRecord.parse(r.toJson());
    assertEquals(r.toJson(), back.toJson());
    assertEquals(r.hitCount(8), back.hitCount(8));
    assertTrue(Double.isNaN(back.extras().get("trace")[1]));
    assertEquals(-2e-300, back.extras().get("trace")[2]);
  }

  @Test
  void run_cellsOfAnotherMechanismRevision_recomputedAndStampedOthersReused(@TempDir Path tmp) throws Exception {
    // A mechanism whose default draws changed bumps its revision: a resumed run must replace its
    // stored cells rather than mix two chains in one figure, and keep every other cell.
    AtomicInteger first = new AtomicInteger();
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      Sweep.run(store, grid(MANIFEST.fingerprint(), first), new LocalEngine(2), QUIET);
    }
    assertEquals(18, first.get());
    List<Sweep.Task> revised = new ArrayList<>();
    AtomicInteger second = new AtomicInteger();
    for (Sweep.Task t : grid(MANIFEST.fingerprint(), second)) {
      revised.add(t.key().mechanism().equals("b")
          ? new Sweep.Task(t.key(), t.queries(), p -> t.compute().apply(p).withRevision(2), 2) : t);
    }
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      assertEquals(6, Sweep.stale(store, revised).size());
      assertEquals(6 * 50, Sweep.pendingQueries(store, revised));
      Sweep.Outcome o = Sweep.run(store, revised, new LocalEngine(2), QUIET);
      assertEquals(6, o.computed());
      assertEquals(12, o.reused());
      assertTrue(Sweep.stale(store, revised).isEmpty());
    }
    assertEquals(6, second.get());
    try (CellStore store = CellStore.read(tmp)) {
      for (CellRecord c : store.all()) {
        assertEquals(c.key().mechanism().equals("b") ? 2 : 1, c.revision(), c.key().fileName());
        assertEquals(c.revision() == 2, c.params().containsKey(CellRecord.REVISION), c.key().fileName());
      }
    }
    assertTrue(RunCheck.of(tmp).verified(), "the replaced cells verify");
  }

  @Test
  void run_cellsMadeWithOtherParameters_recomputedOthersReused(@TempDir Path tmp) throws Exception {
    // The cells of "b" were stored with sigma 6.0 (as a figure variant that dropped a parameter
    // would have made them); a run that asks for sigma 5.0 must recompute them, not reuse them.
    // Fails if finished() ignores the parameters a task states.
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      Sweep.run(store, grid(MANIFEST.fingerprint(), new AtomicInteger()), new LocalEngine(2), QUIET);
    }
    String asked = CellRecord.paramsDigest(Map.of("sigma", 5.0));
    String stored = CellRecord.paramsDigest(Map.of("sigma", 6.0));
    AtomicInteger second = new AtomicInteger();
    List<Sweep.Task> tasks = new ArrayList<>();
    for (Sweep.Task t : grid(MANIFEST.fingerprint(), second)) {
      tasks.add(new Sweep.Task(t.key(), t.queries(), t.compute(), 1,
          Optional.of(t.key().mechanism().equals("b") ? asked : stored)));
    }
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      List<Sweep.Stale> stale = Sweep.stale(store, tasks);
      assertEquals(6, stale.size());
      assertTrue(stale.stream().allMatch(s -> s.cell().key().mechanism().equals("b")
          && s.reason().contains("other parameters")), stale.toString());
      Sweep.Outcome o = Sweep.run(store, tasks, new LocalEngine(2), QUIET);
      assertEquals(6, o.computed());
      assertEquals(12, o.reused());
    }
    assertEquals(6, second.get());
  }

  @Test
  void paramsDigest_revisionAndJsonRoundTrip_ignored() {
    CellRecord r = cell(new CellKey("synthetic", "private-pca", "", 0.1, 7), "f");
    assertEquals(r.paramsDigest(), CellRecord.parse(r.withRevision(2).toJson()).paramsDigest());
    assertEquals(CellRecord.paramsDigest(Map.of("sigma", 6.0)), r.paramsDigest());
    assertNotEquals(CellRecord.paramsDigest(Map.of("sigma", 6.5)), r.paramsDigest());
  }

  @Test
  void cellRecord_revision_absentMeansOneAndRoundTrips() {
    CellRecord r = cell(new CellKey("synthetic", "private-pca", "", 0.1, 7), "f");
    assertEquals(1, r.revision());
    assertEquals(r, r.withRevision(1));
    CellRecord two = CellRecord.parse(r.withRevision(2).toJson());
    assertEquals(2, two.revision());
    assertEquals(r.toJson(), two.withRevision(1).toJson());
    assertThrows(IllegalArgumentException.class, () -> r.withRevision(0));
  }

  @Test
  void run_resumedAfterCrash_recomputesOnlyMissingAndMatchesUninterrupted(@TempDir Path tmp) throws Exception {
    AtomicInteger first = new AtomicInteger();
    List<String> reference = new ArrayList<>();
    try (CellStore store = CellStore.open(tmp.resolve("a"), MANIFEST, false)) {
      Sweep.run(store, grid(MANIFEST.fingerprint(), first), new LocalEngine(1), QUIET).cells()
          .forEach(c -> reference.add(c.toJson()));
    }
    assertEquals(18, first.get());
    // Simulate a crash: three finished cells lost, one cell caught mid-write (a temporary file).
    Path cells = tmp.resolve("a").resolve(CellStore.CELLS);
    List<Path> files;
    try (var s = Files.list(cells)) {
      files = s.sorted().toList();
    }
    for (int i = 0; i < 3; i++) {
      Files.delete(files.get(i * 5));
    }
    Path temp = cells.resolve("." + files.get(0).getFileName() + ".999-1.tmp");
    Files.writeString(temp, "{\"format\": \"pmbench-cell/1\", \"key\": {");
    AtomicInteger second = new AtomicInteger();
    Sweep.Outcome o;
    try (CellStore store = CellStore.open(tmp.resolve("a"), MANIFEST, false)) {
      o = Sweep.run(store, grid(MANIFEST.fingerprint(), second), new LocalEngine(4), QUIET);
    }
    assertEquals(3, second.get(), "only the lost cells are recomputed");
    assertEquals(3, o.computed());
    assertEquals(15, o.reused());
    assertEquals(reference, o.cells().stream().map(CellRecord::toJson).toList());
    assertTrue(Files.notExists(temp), "the stale temporary file is removed");
    try (var s = Files.list(cells)) {
      assertEquals(18, s.count(), "one file per cell, none twice");
    }
  }

  @Test
  void run_parallelAndSerial_sameCellsInTaskOrder(@TempDir Path tmp) throws Exception {
    List<CellRecord> serial;
    List<CellRecord> parallel;
    try (CellStore store = CellStore.open(tmp.resolve("s"), MANIFEST, false)) {
      serial = Sweep.run(store, grid(MANIFEST.fingerprint(), new AtomicInteger()), new LocalEngine(1), QUIET).cells();
    }
    try (CellStore store = CellStore.open(tmp.resolve("p"), MANIFEST, false)) {
      parallel = Sweep.run(store, grid(MANIFEST.fingerprint(), new AtomicInteger()), new LocalEngine(4), QUIET).cells();
    }
    assertEquals(serial.stream().map(CellRecord::toJson).toList(), parallel.stream().map(CellRecord::toJson).toList());
  }

  @Test
  void open_changedConfiguration_refusedUnlessFresh(@TempDir Path tmp) throws Exception {
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      Sweep.run(store, grid(MANIFEST.fingerprint(), new AtomicInteger()), new LocalEngine(2), QUIET);
    }
    Manifest other = Manifest.of("test", Map.of("a", 2), Map.of(), "cmd");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> CellStore.open(tmp, other, false));
    assertTrue(e.getMessage().contains("differs in a") && e.getMessage().contains("--fresh"), e.getMessage());
    try (CellStore store = CellStore.open(tmp, other, true)) {
      assertEquals(0, store.all().size());
    }
  }

  @Test
  void open_secondProcessOnSameDirectory_refused(@TempDir Path tmp) throws Exception {
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> CellStore.open(tmp, MANIFEST, false));
      assertTrue(e.getMessage().contains("in use"), e.getMessage());
      assertTrue(store.all().isEmpty());
    }
  }

  @Test
  void run_cellThrows_finishedCellsKeptAndErrorRethrown(@TempDir Path tmp) throws Exception {
    AtomicInteger n = new AtomicInteger();
    List<Sweep.Task> tasks = new ArrayList<>(grid(MANIFEST.fingerprint(), n));
    CellKey bad = new CellKey("synthetic", "z", "", 0.1, 1);
    tasks.add(3, new Sweep.Task(bad, 1, p -> {
      throw new IllegalStateException("boom");
    }));
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      assertThrows(IllegalStateException.class, () -> Sweep.run(store, tasks, new LocalEngine(1), QUIET));
      assertEquals(3, store.all().size(), "cells finished before the failure are on disk");
    }
    assertTrue(AtomicFiles.isTemporary(Path.of(".x.json.1-1.tmp")));
  }
  /**
   * recheck: every stored cell whose task can recheck is rechecked once, on two threads, and the
   * differences come back in task order, whatever order the threads finish in; a task that cannot
   * recheck is skipped, not counted as matching. If recheck skipped cells or reordered them, the
   * counts or the order below would differ.
   */
  @Test
  void recheck_storedCells_reportsDifferencesInTaskOrderAndSkipsTasksThatCannot(@TempDir Path tmp)
      throws java.io.IOException {
    AtomicInteger computed = new AtomicInteger();
    List<Sweep.Task> plain = grid(MANIFEST.fingerprint(), computed);
    AtomicInteger asked = new AtomicInteger();
    List<Sweep.Task> tasks = new ArrayList<>();
    for (int i = 0; i < plain.size(); i++) {
      Sweep.Task t = plain.get(i);
      boolean differs = t.key().mechanism().equals("b");
      Optional<Sweep.Recheck> recheck = t.key().mechanism().equals("c") ? Optional.empty()
          : Optional.of((stored, n) -> {
            asked.incrementAndGet();
            assertEquals(t.key(), stored.key());
            assertEquals(4, n);
            return differs ? Optional.of("differs at " + stored.key().fileName()) : Optional.empty();
          });
      tasks.add(new Sweep.Task(t.key(), t.queries(), t.compute(), 1, Optional.empty(), recheck));
    }
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      assertEquals(0, Sweep.recheck(store, tasks, 4, 2, c -> { }).size(), "nothing stored yet: nothing to recheck");
      Sweep.run(store, tasks, new LocalEngine(2), QUIET);
      AtomicInteger told = new AtomicInteger();

      List<Sweep.Mismatch> differ = Sweep.recheck(store, tasks, 4, 2, c -> told.incrementAndGet());

      assertEquals(12, asked.get(), "mechanisms a and b, 2 eps x 3 seeds");
      assertEquals(12, told.get());
      assertEquals(12, Sweep.recheckable(store, tasks));
      List<String> expected = tasks.stream().filter(t -> t.key().mechanism().equals("b"))
          .map(t -> "differs at " + t.key().fileName()).toList();
      assertEquals(expected, differ.stream().map(Sweep.Mismatch::difference).toList());
      assertThrows(IllegalArgumentException.class, () -> Sweep.recheck(store, tasks, 0, 2, c -> { }));
    }
  }
}
