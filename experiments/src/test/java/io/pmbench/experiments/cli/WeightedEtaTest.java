package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.experiments.sweep.CellKey;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link WeightedEta}: time left weighted by each mechanism's measured cost per query. */
class WeightedEtaTest {
  private static CellKey key(String mechanism, long seed) {
    return new CellKey("d", mechanism, "", 0.1, seed);
  }

  private static WeightedEta grid() {
    Map<CellKey, Long> pending = new LinkedHashMap<>();
    pending.put(key("random", 1), 100L);
    pending.put(key("tsne", 1), 100L);
    pending.put(key("tsne", 2), 100L);
    return new WeightedEta(pending);
  }

  @Test
  void text_slowMechanismNotYetTimed_lowerBoundNamingIt() {
    // After the cheap cell a query count would say "one third done"; the slow mechanism's cost is
    // unknown, so the estimate says so, and later gives only a lower bound that names it.
    WeightedEta eta = grid();
    assertEquals("", eta.text(1.0));
    eta.cellFinished(key("random", 1), 100, 1.0);
    assertEquals(", ETA unknown (not yet timed: tsne)", eta.text(0.1));

    Map<CellKey, Long> more = new LinkedHashMap<>(Map.of(key("random", 1), 100L, key("random", 2), 100L,
        key("tsne", 1), 100L));
    WeightedEta partly = new WeightedEta(more);
    partly.cellFinished(key("random", 1), 100, 1.0);
    assertEquals(", ETA > 10 s (not yet timed: tsne)", partly.text(10.0));
  }

  @Test
  void text_afterOneSlowCell_scalesElapsedByWorkLeftOverWorkDone() {
    // Work done 100·1 + 100·1000 ms in 100.1 s; left 100·1000 ms: ETA 100.1 · 100000 / 100100
    // = 100 s. Counting queries would give 50 s. Fails if queries are not weighted by their cost.
    WeightedEta eta = grid();
    eta.cellFinished(key("random", 1), 100, 1.0);
    eta.cellFinished(key("tsne", 1), 100, 1000.0);

    assertEquals(", ETA 100 s", eta.text(100.1));
  }

  @Test
  void text_manyUntimed_namesThreeAndCountsTheRest() {
    Map<CellKey, Long> pending = new LinkedHashMap<>();
    for (String m : new String[] {"a", "b", "c", "d", "e"}) {
      pending.put(key(m, 1), 10L);
    }
    WeightedEta eta = new WeightedEta(pending);
    eta.cellFinished(key("e", 1), 10, 5.0);

    assertEquals(", ETA unknown (not yet timed: a, b, c and 1 more)", eta.text(1.0));
  }

  @Test
  void text_refusedCell_removesItsPlannedQueries() {
    // A refused cell has no queries: its planned 100 must leave the work still to do.
    WeightedEta eta = grid();
    eta.cellFinished(key("tsne", 1), 100, 1000.0);
    eta.cellFinished(key("tsne", 2), 0, Double.NaN);

    assertEquals(", ETA unknown (not yet timed: random)", eta.text(100.0));
    eta.cellFinished(key("random", 1), 100, 1.0);
    assertEquals("", eta.text(100.1));
  }
}
