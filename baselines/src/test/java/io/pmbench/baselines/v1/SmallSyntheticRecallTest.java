package io.pmbench.baselines.v1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.cccp.SmlqCccpMechanism;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Recall@8 of privatemail-v1 (APPENDIX_B) and smlq-cccp beside core's mechanisms on one small
 * synthetic cell (10 classes, d = 32, |P| = 200, 150 queries, dummies on, σ = 1, α = 0.5), run
 * through the protocol runner end to end (this once crashed in alignment when privatemail-v1's
 * post-processing overflowed). Prints Recall@1 and @8; asserts sanity only: recalls in [0, 1] and
 * the non-private CCCP embedding within 0.1 of SMLQ's at K = 8 (both embed the same two graphs).
 * On this set every SMLQ-family embedding is below the random control at K = 8.
 */
class SmallSyntheticRecallTest {

  @Test
  void protocol_smallSyntheticCell_printsRecallAt8() {
    FeatureSet fs = SyntheticFeatureSets.clustered(5, 10, 32, 600, 300, 0.6);
    ProtocolRunner runner = new ProtocolRunner(fs, new ProtocolConfig(200, 150, true, new int[] {1, 2, 4, 8}));
    MechanismRegistry registry = MechanismRegistry.discover();
    Map<String, double[]> recall = new LinkedHashMap<>();
    for (String name : new String[] {"features", "smlq", "smlq-cccp", "label-only", "random"}) {
      recall.put(name, run(runner, registry.get(name), 0.5));
    }
    for (double eps : new double[] {0.1, 0.5, 1, 8}) {
      recall.put("privatemail-v1 eps=" + eps, run(runner, new PrivateMailV1Mechanism(), eps));
    }
    recall.put("privatemail eps=0.5", run(runner, registry.get("privatemail"), 0.5));
    StringBuilder sb = new StringBuilder("Recall@1/@8, synthetic (10 classes, d=32, |P|=200, 150 queries, seed 1):");
    recall.forEach((k, v) -> sb.append(String.format(" %s %.3f/%.3f;", k, v[0], v[1])));
    System.out.println(sb);
    recall.values().forEach(v -> assertTrue(v[0] >= 0 && v[1] <= 1));
    assertTrue(Math.abs(recall.get("smlq-cccp")[1] - recall.get("smlq")[1]) <= 0.1, "CCCP far from SMLQ");
  }

  private static double[] run(ProtocolRunner runner, EmbeddingMechanism m, double eps) {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).build(eps, 1e-5);
    CellResult r = runner.run(m, p, 1, q -> {});
    return new double[] {r.recallAt(1), r.recallAt(8)};
  }

  /** The class javadoc's claim that smlq-cccp is on the class path as a plugin. */
  @Test
  void registry_cccpRegisteredUnderItsName() {
    assertTrue(MechanismRegistry.discover().get("smlq-cccp") instanceof SmlqCccpMechanism);
  }
}
