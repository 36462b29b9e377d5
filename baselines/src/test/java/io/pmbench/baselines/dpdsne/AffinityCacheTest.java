package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@link AffinityCache}: {@code dp-dsne} computes a query's perplexity calibration once and reuses
 * it across ε. Fails if a cached release differs in any bit from the uncached path (e.g. the t-SNE
 * loop's in-place division by 12 reaching the cache), or if a different D hits another D's entry.
 */
class AffinityCacheTest {
  private static final Fixtures FIX = new Fixtures(50, 8, 61);

  private static ClientData data(long seed) {
    double[] r = SyntheticData.unitRows(1, 8, new SplittableRandom(seed))[0];
    return FIX.data(new double[][] {r, FIX.publicRows[4], FIX.publicRows[9]});
  }

  private static MechanismParams params(double epsilon) {
    return Preset.PAPER.builder(1.0, 0.5).options(Map.of("iterations", "60")).build(epsilon, 1e-5);
  }

  @Test
  void embed_secondEpsilonFromCache_bitsOfUncachedPath() {
    AffinityCache shared = new AffinityCache();
    ClientData d = data(62);
    // first ε fills the cache; the second ε's release must equal a client without the shared cache
    new DpDsneClient(FIX.view, params(0.5), true, shared).embed(d, new SplittableRandom(7));
    ClientRelease cached = new DpDsneClient(FIX.view, params(2), true, shared).embed(d, new SplittableRandom(8));

    ClientRelease fresh = new DpDsneClient(FIX.view, params(2), true).embed(d, new SplittableRandom(8));

    assertEquals(1, shared.size());
    assertArrayEquals(fresh.embedding().data(), cached.embedding().data(), 0.0);
  }

  @Test
  void affinities_hitIsACopyEqualToTheComputation() {
    DpDsneClient client = new DpDsneClient(FIX.view, params(1), true);
    ClientData d = data(63);
    double[][] first = client.affinities(d);
    first[0][5] = -1; // a caller's in-place change must not reach the cache

    double[][] again = client.affinities(d);

    double[][] direct = client.computeAffinities(d);
    for (int i = 0; i < direct.length; i++) {
      assertArrayEquals(direct[i], again[i], 0.0, "row " + i);
    }
  }

  @Test
  void affinities_differentQuery_notServedFromAnotherQuerysEntry() {
    DpDsneClient client = new DpDsneClient(FIX.view, params(1), true);
    client.affinities(data(64));

    double[][] other = client.affinities(data(65));

    assertArrayEquals(client.computeAffinities(data(65))[0], other[0], 0.0);
  }

  @Test
  void embed_fourEpsilonsOneAfterAnother_calibrationOncePerQuery() {
    // Fails if a later ε cell misses the entry an earlier one made (e.g. ε or the noise in the key).
    AffinityCache shared = new AffinityCache();
    for (double eps : new double[] {0.5, 1, 2, 8}) {
      DpDsneClient client = new DpDsneClient(FIX.view, params(eps), true, shared);
      for (long q = 80; q < 83; q++) {
        client.affinities(data(q));
      }
    }

    assertEquals(3, shared.computations());
    assertEquals(3, shared.size());
  }

  @Test
  void get_twoCellsAskingAtOnce_computeOnceAndBothGetTheSameDoubles() throws Exception {
    // Two ε cells running side by side (--parallel 2) ask for each query at about the same time: the
    // second must wait for the first's computation, not repeat it. Fails if concurrent misses both compute.
    AffinityCache shared = new AffinityCache();
    ClientData d = data(90);
    double[][] direct = new DpDsneClient(FIX.view, params(1), true).computeAffinities(d);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<double[][]> first = pool.submit(() -> shared.get(FIX.view.publicSet().features(), d, () -> {
        started.countDown();
        await(release);
        return new DpDsneClient(FIX.view, params(0.5), true).computeAffinities(d);
      }));
      started.await();
      Future<double[][]> second = pool.submit(() -> shared.get(FIX.view.publicSet().features(), d, () -> {
        throw new AssertionError("the second cell computed the affinities the first was computing");
      }));
      release.countDown();

      for (double[][] p : List.of(first.get(), second.get())) {
        for (int i = 0; i < direct.length; i++) {
          assertArrayEquals(direct[i], p[i], 0.0, "row " + i);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, shared.computations());
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void get_computationThrows_everyCallerSeesItAndNothingIsCached() {
    AffinityCache cache = new AffinityCache();
    ClientData d = data(91);

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> cache.get(FIX.view.publicSet().features(), d, () -> {
          throw new IllegalStateException("boom");
        }));

    assertEquals("boom", e.getMessage());
    assertEquals(0, cache.size());
  }

  @Test
  void get_overBudget_dropsLeastRecentlyUsed() {
    // each entry is 3 x 53 doubles = 1,272 bytes plus its key's 3 x 8 floats = 96 bytes: a budget
    // of 3,000 keeps two
    AffinityCache cache = new AffinityCache(3000);
    DpDsneClient client = new DpDsneClient(FIX.view, params(1), true, cache);
    for (long s = 70; s < 75; s++) {
      client.affinities(data(s));
    }

    assertEquals(2, cache.size());
  }
}
