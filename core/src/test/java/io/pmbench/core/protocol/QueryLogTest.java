package io.pmbench.core.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link ProtocolRunner#run} with a {@link QueryLog}: a cell resumed from the queries an
 * interrupted run recorded gives the same result as one uninterrupted run, and recomputes only
 * the queries that were missing.
 */
class QueryLogTest {
  private static final FeatureSet DATA = SyntheticFeatureSets.clustered(77, 5, 12, 200, 150, 0.05);
  private static final ProtocolConfig CONFIG = new ProtocolConfig(40, 30, true, new int[] {1, 4, 8});
  private static final MechanismParams PARAMS = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);
  private static final EmbeddingMechanism PRIVATEMAIL = MechanismRegistry.discover().get("privatemail");

  /** An in-memory log: recalls what it was given, keeps what it is told. */
  private static final class MemoryLog implements QueryLog {
    final Map<Integer, QueryOutcome> recall;
    final Map<Integer, QueryOutcome> recorded = new ConcurrentHashMap<>();

    MemoryLog(Map<Integer, QueryOutcome> recall) {
      this.recall = recall;
    }

    @Override
    public QueryOutcome recorded(int i) {
      return recall.get(i);
    }

    @Override
    public void record(int i, QueryOutcome outcome) {
      recorded.put(i, outcome);
    }
  }

  @Test
  void run_halfRecalled_sameResultAndOnlyMissingQueriesComputed() {
    // Fails if a recalled query is recomputed (it would be recorded again), if a recalled outcome
    // lands at another position, or if the resumed cell's numbers differ from an uninterrupted run.
    MemoryLog full = new MemoryLog(Map.of());
    CellResult whole = new ProtocolRunner(DATA, CONFIG).run(PRIVATEMAIL, PARAMS, 3, done -> {}, full);
    assertEquals(CONFIG.nQueries(), full.recorded.size());

    Map<Integer, QueryOutcome> firstHalf = new ConcurrentHashMap<>();
    full.recorded.forEach((i, o) -> {
      if (i % 2 == 0) {
        firstHalf.put(i, o);
      }
    });
    MemoryLog resumed = new MemoryLog(firstHalf);
    AtomicInteger progress = new AtomicInteger();
    CellResult again = new ProtocolRunner(DATA, CONFIG).run(PRIVATEMAIL, PARAMS, 3, progress::addAndGet, resumed);

    assertEquals(CONFIG.nQueries() - firstHalf.size(), resumed.recorded.size());
    assertTrue(resumed.recorded.keySet().stream().allMatch(i -> i % 2 == 1), "recomputed a recalled query");
    assertEquals(CONFIG.nQueries(), progress.get(), "progress must count recalled queries too");
    assertTrue(Arrays.deepEquals(whole.hits(), again.hits()), "hits differ after resuming");
    assertArrayEquals(whole.queryIndices(), again.queryIndices());
    assertEquals(whole.meanSensitivity(), again.meanSensitivity());
    assertEquals(whole.meanNoiseScale(), again.meanNoiseScale());
    assertEquals(whole.claim(), again.claim());
    assertEquals(whole.objectiveIncreases(), again.objectiveIncreases());
    assertEquals(whole.nearest(), again.nearest(), "top-K lists differ after resuming");
  }

  @Test
  void run_topK_agreesWithHitsAndTheGalleryLabels() {
    // Fails if the kept top-K lists are not the lists the hits were scored on: every hit at K must
    // be a query label among the first K kept labels, each kept label the gallery's label of its
    // id, and each query label the gallery's label of the query row.
    CellResult r = new ProtocolRunner(DATA, CONFIG).run(PRIVATEMAIL, PARAMS, 4, done -> {});
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);
    int[] gallery = runner.data().test().labels();
    int k = r.nearest().k();
    assertEquals(8, k);
    int[] ids = r.nearest().ids();
    int[] labels = r.nearest().labels();
    for (int i = 0; i < r.queries(); i++) {
      int q = r.queryIndices()[i];
      assertEquals(gallery[q], r.nearest().queryLabels()[i]);
      for (int j = 0; j < CONFIG.ks().length; j++) {
        boolean found = false;
        for (int t = 0; t < CONFIG.ks()[j]; t++) {
          assertEquals(gallery[ids[i * k + t]], labels[i * k + t]);
          assertTrue(ids[i * k + t] != q, "the query retrieved itself");
          found |= labels[i * k + t] == gallery[q];
        }
        assertEquals(r.hits()[i][j], found, "query " + i + " K " + CONFIG.ks()[j]);
      }
    }
  }

  @Test
  void run_everyQueryRecalled_buildsNeitherSide() {
    // A cell whose queries all finished before the kill needs no server embedding (for t-SNE
    // that is a 15-minute build): fails if the runner builds either side anyway.
    MemoryLog full = new MemoryLog(Map.of());
    CellResult whole = new ProtocolRunner(DATA, CONFIG).run(PRIVATEMAIL, PARAMS, 4, done -> {}, full);
    WrappedMechanism counting = new WrappedMechanism(PRIVATEMAIL, "privatemail", false, () -> {});

    CellResult again = new ProtocolRunner(DATA, CONFIG).run(counting, PARAMS, 4, done -> {},
        new MemoryLog(full.recorded));

    assertEquals(0, counting.serverBuilds.get() + counting.clientBuilds.get());
    assertTrue(Arrays.deepEquals(whole.hits(), again.hits()));
  }

  /** Keeps server sides in memory, counting saves. */
  private static final class MemoryServers implements ServerStore {
    final Map<String, ServerSide> saved = new ConcurrentHashMap<>();

    @Override
    public ServerSide load(String serverKey, long seed) {
      return saved.get(serverKey + "|" + seed);
    }

    @Override
    public void save(String serverKey, long seed, ServerSide server) {
      saved.put(serverKey + "|" + seed, ServerSide.of(server.gallery(), server.publicRows()));
    }
  }

  @Test
  void run_persistingMechanism_secondRunnerLoadsServerInsteadOfBuilding() {
    // A resumed run must not rebuild a slow server embedding it already has: fails if the store is
    // not consulted, if a non-persisting mechanism's server is stored, or if the loaded server
    // side gives other numbers than the built one.
    MemoryServers store = new MemoryServers();
    WrappedMechanism persisting = new WrappedMechanism(PRIVATEMAIL, "pm-server", true, () -> {});
    CellResult first = new ProtocolRunner(DATA, CONFIG, store).run(persisting, PARAMS, 6, done -> {});
    WrappedMechanism other = new WrappedMechanism(PRIVATEMAIL, "not-kept", false, () -> {});
    new ProtocolRunner(DATA, CONFIG, store).run(other, PARAMS, 6, done -> {});

    assertEquals(java.util.Set.of("pm-server|6"), store.saved.keySet());
    WrappedMechanism again = new WrappedMechanism(PRIVATEMAIL, "pm-server", true, () -> {});
    CellResult second = new ProtocolRunner(DATA, CONFIG, store).run(again, PARAMS, 6, done -> {});

    assertEquals(0, again.serverBuilds.get());
    assertTrue(Arrays.deepEquals(first.hits(), second.hits()));
  }

  @Test
  void run_recalledOutcomeOfAnotherQuery_failsNamingIt() {
    // A log from another configuration (other queries) must not be mixed in silently.
    MemoryLog full = new MemoryLog(Map.of());
    new ProtocolRunner(DATA, CONFIG).run(PRIVATEMAIL, PARAMS, 5, done -> {}, full);
    QueryOutcome o = full.recorded.get(0);
    QueryOutcome wrong = new QueryOutcome(o.query() + 1, o.hits(), o.millis(), o.sensitivity(), o.noiseScale(),
        o.objectiveIncreased(), o.claim(), o.label(), o.neighbours(), o.neighbourLabels());

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ProtocolRunner(DATA, CONFIG)
        .run(PRIVATEMAIL, PARAMS, 5, done -> {}, new MemoryLog(Map.of(0, wrong))));
    assertTrue(e.getMessage().contains("recorded query " + wrong.query()), e.getMessage());
  }
}
