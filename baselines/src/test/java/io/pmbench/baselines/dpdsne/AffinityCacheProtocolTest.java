package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@code dp-dsne}'s {@link AffinityCache} as a sweep uses it: one protocol runner and one mechanism
 * for every ε cell of a seed (what {@code fig6} builds). Fails if a release made with the cache warm
 * differs in any bit from the same release made cold (a fresh mechanism and runner), or if the
 * perplexity calibration runs more than once per (seed, query) across ε, one cell after another or
 * two at once (as {@code --parallel 2} runs them).
 */
class AffinityCacheProtocolTest {
  private static final FeatureSet DATA = SyntheticData.clustered(13, 3, 16, 150, 40, 0.05);
  private static final ProtocolConfig CONFIG = new ProtocolConfig(60, 6, true, new int[] {1, 8});
  private static final long SEED = 3;
  private static final double[] EPSILONS = {0.5, 1, 2, 4};

  private static MechanismParams params(double epsilon) {
    return Preset.PAPER.builder(1.0, 0.5).options(Map.of("iterations", "80")).build(epsilon, 1e-5);
  }

  /** Every query's release of the cell (mechanism, ε, SEED), in query order, as the runner makes them. */
  private static List<double[]> releases(ProtocolRunner runner, DpDsneMechanism m, double epsilon) {
    MechanismParams p = params(epsilon).forMechanism(m.name());
    ClientSide client = runner.sides(m, p, SEED).client();
    ProtocolRunner.SeedContext ctx = runner.context(SEED);
    List<double[]> out = new ArrayList<>();
    for (int q : ctx.queries()) {
      out.add(client.embed(runner.clientData(ctx, q), runner.queryStream(m, p, SEED, q)).embedding().data());
    }
    return out;
  }

  @Test
  void releases_cacheWarmFromEarlierEpsilons_bitsOfColdRuns() {
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);
    DpDsneMechanism warm = new DpDsneMechanism();
    for (double eps : EPSILONS) {
      List<double[]> cached = releases(runner, warm, eps);

      List<double[]> cold = releases(new ProtocolRunner(DATA, CONFIG), new DpDsneMechanism(), eps);

      for (int i = 0; i < cold.size(); i++) {
        assertArrayEquals(Fixtures.bits(cold.get(i)), Fixtures.bits(cached.get(i)), "eps " + eps + ", query " + i);
      }
    }
    assertEquals(CONFIG.nQueries(), warm.affinityComputations());
  }

  @Test
  void run_fourEpsilonCellsTwoAtATime_calibrationOncePerQueryAndHitsOfColdCells() throws Exception {
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);
    DpDsneMechanism shared = new DpDsneMechanism();
    ExecutorService cells = Executors.newFixedThreadPool(2);
    List<Future<CellResult>> warm = new ArrayList<>();
    try {
      for (double eps : EPSILONS) {
        warm.add(cells.submit(() -> runner.run(shared, params(eps), SEED, q -> {})));
      }
      for (int e = 0; e < EPSILONS.length; e++) {
        CellResult cold = new ProtocolRunner(DATA, CONFIG).run(new DpDsneMechanism(), params(EPSILONS[e]), SEED,
            q -> {});
        assertTrue(Arrays.deepEquals(cold.hits(), warm.get(e).get().hits()), "eps " + EPSILONS[e]);
      }
    } finally {
      cells.shutdownNow();
    }
    assertEquals(CONFIG.nQueries(), shared.affinityComputations());
  }
}
