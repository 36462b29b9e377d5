package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@link EigenbasisCache}: PPCA builds a query's eigenbasis once and reuses it across ε. Fails if a
 * release made from a cached basis differs in any bit from the uncached path (e.g. a coordinate map
 * that writes into the shared basis), if a different D or another public set hits another entry, if
 * two cells computing the same query at once both build it, or if eviction loses correctness.
 */
class EigenbasisCacheTest {
  private static final int N = 70;
  private static final int D = 12;
  private static final int M = 6;
  private static final ClientData DATA = PcaTestData.clientData(N, D, M, 3, 81);
  private static final ClientView VIEW = PcaTestData.view(DATA, 3);

  private static MechanismParams params(double epsilon) {
    return Preset.PAPER.builder(1.0, 0.5).calibration(NoiseCalibration.ANALYTIC).build(epsilon, 1e-5);
  }

  /** DATA with free row 0 replaced by another unit row (the same public rows). */
  private static ClientData otherQuery(long seed) {
    float[] x = DATA.rows().data().clone();
    double[] r = Neighbours.unitRows(1, D, new SplittableRandom(seed));
    for (int j = 0; j < D; j++) {
      x[j] = (float) r[j];
    }
    return new ClientData(new FeatureMatrix(x, N, D), DATA.labels(), M);
  }

  private static double[] release(ClientView view, double epsilon, EigenbasisCache cache, ClientData d, long seed) {
    ClientRelease r = new PrivatePcaClient(view, params(epsilon), cache).embed(d, new SplittableRandom(seed));
    double[] noisy = r.embedding().data();
    double[] v = r.published().get(PrivatePcaMechanism.SUBSPACE).data();
    double[] both = new double[noisy.length + v.length];
    System.arraycopy(noisy, 0, both, 0, noisy.length);
    System.arraycopy(v, 0, both, noisy.length, v.length);
    return both;
  }

  @Test
  void embed_fourEpsilonsOneAfterAnother_oneBuildAndBitsOfUncachedPath() {
    EigenbasisCache shared = new EigenbasisCache();
    double[] epsilons = {0.1, 0.5, 1, 8};
    for (int e = 0; e < epsilons.length; e++) {
      double[] cached = release(VIEW, epsilons[e], shared, DATA, 10 + e);
      double[] fresh = release(VIEW, epsilons[e], new EigenbasisCache(), DATA, 10 + e);
      assertArrayEquals(fresh, cached, 0.0, "eps=" + epsilons[e]);
    }
    assertEquals(1, shared.builds());
    assertEquals(1, shared.size());
  }

  @Test
  void embed_otherFreeRowsOrOtherPublicSet_notServedFromAnotherEntry() {
    EigenbasisCache shared = new EigenbasisCache();
    release(VIEW, 1, shared, DATA, 3);
    ClientData other = otherQuery(82);
    double[] cached = release(VIEW, 1, shared, other, 3);
    // the same values in another public matrix: a miss (keys compare the public set by identity)
    ClientView copy = PcaTestData.view(DATA, 3);
    double[] otherPublic = release(copy, 1, shared, DATA, 3);

    assertArrayEquals(release(VIEW, 1, new EigenbasisCache(), other, 3), cached, 0.0);
    assertArrayEquals(release(VIEW, 1, new EigenbasisCache(), DATA, 3), otherPublic, 0.0);
    assertEquals(3, shared.builds());
  }

  @Test
  void embed_twoCellsAtOnce_oneBuildPerQuery() throws Exception {
    EigenbasisCache shared = new EigenbasisCache();
    List<ClientData> queries = new ArrayList<>();
    for (int q = 0; q < 8; q++) {
      queries.add(otherQuery(100 + q));
    }
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<double[]>>> cells = new ArrayList<>();
      for (double epsilon : new double[] {0.5, 2}) {
        cells.add(pool.submit(() -> {
          start.await();
          List<double[]> out = new ArrayList<>();
          for (int q = 0; q < queries.size(); q++) {
            out.add(release(VIEW, epsilon, shared, queries.get(q), q));
          }
          return out;
        }));
      }
      start.countDown();
      List<double[]> low = cells.get(0).get();
      List<double[]> high = cells.get(1).get();
      for (int q = 0; q < queries.size(); q++) {
        assertArrayEquals(release(VIEW, 0.5, new EigenbasisCache(), queries.get(q), q), low.get(q), 0.0);
        assertArrayEquals(release(VIEW, 2, new EigenbasisCache(), queries.get(q), q), high.get(q), 0.0);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(queries.size(), shared.builds());
  }

  @Test
  void embed_budgetOfAboutOneEntry_evictsAndStaysCorrect() {
    // one basis here is a few kB (6 updates of a 12-d basis): a budget of 1 byte keeps none
    EigenbasisCache tiny = new EigenbasisCache(1);
    double[] first = release(VIEW, 1, tiny, DATA, 4);
    release(VIEW, 1, tiny, otherQuery(83), 4);
    double[] again = release(VIEW, 1, tiny, DATA, 4);

    assertArrayEquals(first, again, 0.0);
    assertEquals(0, tiny.size());
    assertEquals(3, tiny.builds());
  }
}
