package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.runs.GitInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real protocol cells (fig6's grid and fig3's stateful per-seed server trace) computed in task
 * order on one thread and in a shuffled order on three threads give the same numbers cell by
 * cell: a cell's result depends on its key and the configuration only, never on which cells ran
 * before it or beside it.
 */
class CellOrderTest {
  private static final Sweep.Listener QUIET = new Sweep.Listener() {
    @Override
    public void accept(int value) {}

    @Override
    public void cellFinished(CellRecord cell, boolean computed) {}
  };

  private static GridSetup setup(Path out) {
    FeatureSet data = DatasetRegistry.standard().load(FiguresCliTest.DATA);
    Preset paper = Preset.parse("paper");
    return new GridSetup(FiguresCliTest.DATA, data, paper, paper.builder(data.defaults().sigma(),
        data.defaults().alpha()), 1e-5, new ProtocolConfig(60, 30, true, new int[] {1, 8}), List.of(1L, 2L),
        MechanismRegistry.discover(), out, 1, false, "test", new GitInfo(GitInfo.UNKNOWN, false));
  }

  /** Runs {@code e}'s cells, shuffled with {@code shuffleSeed} unless it is 0, on {@code threads}. */
  private static Map<String, CellRecord> run(Experiment e, Path dir, long shuffleSeed, int threads)
      throws Exception {
    GridSetup s = setup(dir);
    Manifest m = Manifest.of(e.name(), s.config(e.config(s)), e.grid(s), "test");
    try (CellStore store = CellStore.open(dir, m, false)) {
      List<Sweep.Task> tasks = new ArrayList<>(e.tasks(s, new Cells(m.fingerprint(), "paper", "test", true)));
      if (shuffleSeed != 0) {
        Collections.shuffle(tasks, new Random(shuffleSeed));
      }
      Sweep.run(store, tasks, new io.pmbench.experiments.sweep.LocalEngine(threads), QUIET);
      Map<String, CellRecord> out = new java.util.TreeMap<>();
      store.all().forEach(c -> out.put(c.key().fileName(), c));
      return out;
    }
  }

  private static void assertSameNumbers(Map<String, CellRecord> a, Map<String, CellRecord> b) {
    assertEquals(a.keySet(), b.keySet());
    for (String k : a.keySet()) {
      CellRecord x = a.get(k);
      CellRecord y = b.get(k);
      assertEquals(x.outcome(), y.outcome(), k);
      assertArrayEquals(x.queryIndices(), y.queryIndices(), k);
      assertArrayEquals(x.hits(), y.hits(), k);
      assertEquals(x.claim(), y.claim(), k);
      assertEquals(x.extras().keySet(), y.extras().keySet(), k);
      x.extras().forEach((name, v) -> assertArrayEquals(v, y.extras().get(name), k + " " + name));
    }
  }

  @Test
  void fig6Cells_shuffledOnThreeThreads_sameNumbersAsInOrderOnOne(@TempDir Path tmp) throws Exception {
    Fig6 e = new Fig6(List.of("features", "smlq", "privatemail", "label-only", "random"), List.of(0.1, 1.0), false);
    assertSameNumbers(run(e, tmp.resolve("a"), 0, 1), run(e, tmp.resolve("b"), 7, 3));
  }

  @Test
  void fig3Cells_shuffledOnThreeThreads_sameNumbersAndTracesAsInOrderOnOne(@TempDir Path tmp) throws Exception {
    Fig3 e = new Fig3(4, Fig6.REFERENCE_EPSILON);
    assertSameNumbers(run(e, tmp.resolve("a"), 0, 1), run(e, tmp.resolve("b"), 11, 3));
  }
}
