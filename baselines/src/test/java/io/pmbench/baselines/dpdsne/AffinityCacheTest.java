package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import java.util.Map;
import java.util.SplittableRandom;
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
  void get_overBudget_dropsLeastRecentlyUsed() {
    // each entry is 3 x 53 doubles = 1,272 bytes: a budget of 3,000 keeps two
    AffinityCache cache = new AffinityCache(3000);
    DpDsneClient client = new DpDsneClient(FIX.view, params(1), true, cache);
    for (long s = 70; s < 75; s++) {
      client.affinities(data(s));
    }

    assertEquals(2, cache.size());
  }
}
