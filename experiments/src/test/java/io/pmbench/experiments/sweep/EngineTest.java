package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine hook of the sweep runner: selection, what an engine is given, and cell text a worker sends back. */
class EngineTest {
  private static final Manifest MANIFEST = Manifest.of("test", Map.of("a", 1), Map.of(), "cmd");

  private static final Sweep.Listener QUIET = new Sweep.Listener() {
    @Override
    public void accept(int value) {}

    @Override
    public void cellFinished(CellRecord cell, boolean computed) {}
  };

  private static CellRecord cell(CellKey key, Map<String, Object> params) {
    return CellRecord.notRun(key, MANIFEST.fingerprint(), "paper", 1e-5, params, CellRecord.Outcome.REFUSED, "no",
        "unknown");
  }

  @Test
  void named_unknownEngine_oneLineNamingTheOption() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engines.requireAvailable("mapreduce", null));
    assertTrue(e.getMessage().startsWith("--engine must be local"), e.getMessage());
    assertTrue(e.getMessage().endsWith("Provided value: mapreduce"), e.getMessage());
  }

  @Test
  void named_masterWithLocalEngine_refused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engines.named(Engine.LOCAL, "local[2]", 1, null, null));
    assertTrue(e.getMessage().startsWith("--master is only read by a distributed --engine"), e.getMessage());
  }

  @Test
  void run_otherEngine_receivesOnlyCellsMissingFromTheStore(@TempDir Path tmp) throws Exception {
    List<Sweep.Task> tasks = new ArrayList<>();
    for (long seed = 1; seed <= 3; seed++) {
      CellKey key = new CellKey("d", "m", "", 0.1, seed);
      tasks.add(new Sweep.Task(key, 1, progress -> cell(key, Map.of())));
    }
    List<CellKey> given = new ArrayList<>();
    Engine recording = (store, pending, listener) -> pending.forEach(t -> {
      given.add(t.key());
      Sweep.store(store, t.key(), t.compute().apply(listener), listener);
    });
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      Sweep.run(store, tasks.subList(0, 1), new LocalEngine(1), QUIET); // seed 1 on the local engine
      Sweep.Outcome o = Sweep.run(store, tasks, recording, QUIET);
      assertEquals(List.of(tasks.get(1).key(), tasks.get(2).key()), given);
      assertEquals(2, o.computed());
      assertEquals(1, o.reused());
    }
  }

  @Test
  void store_cellUnderAnotherKey_refused(@TempDir Path tmp) throws Exception {
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      CellRecord other = cell(new CellKey("d", "m", "", 0.1, 2), Map.of());
      assertThrows(IllegalStateException.class, () -> Sweep.store(store, new CellKey("d", "m", "", 0.1, 1), other,
          QUIET));
      assertTrue(store.all().isEmpty());
    }
  }

  @Test
  void cellRecord_nestedParamsRoundTrip_sameText() {
    // a worker sends cell text back and the driver parses and writes it: nested parameters
    // (the mechanism options) must survive that unchanged, or the engines' cell files differ
    Map<String, Object> params = new TreeMap<>(Map.of("sigma", 6.0, "k", 2, "options", Map.of("method", "PPCA"),
        "empty", Map.of(), "list", List.of(1, 2)));
    CellRecord r = cell(new CellKey("d", "m", "", 0.1, 1), params);
    assertEquals(r.toJson(), CellRecord.parse(r.toJson()).toJson());
  }
}
