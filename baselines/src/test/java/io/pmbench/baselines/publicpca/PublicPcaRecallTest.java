package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.v1.SyntheticFeatureSets;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * public-pca end to end through the protocol runner on a small synthetic cell (10 classes,
 * d = 32, spread 0.1, |P| = 200, 150 queries, seed 1): with almost no noise (ε = 1000) the query lands in the
 * server's space and recalls far above the random control; at ε = 0.5 it still runs and states
 * its claim. Prints Recall@8. Fails if client and server project with different bases.
 */
class PublicPcaRecallTest {

  @Test
  void protocol_smallSyntheticCell_recallsAboveRandomWhenNoiseIsNegligible() {
    FeatureSet fs = SyntheticFeatureSets.clustered(5, 10, 32, 600, 300, 0.1);
    ProtocolRunner runner = new ProtocolRunner(fs, new ProtocolConfig(200, 150, true, new int[] {1, 2, 4, 8}));
    MechanismRegistry registry = MechanismRegistry.discover();
    MechanismParams noiseless = Preset.PAPER.builder(1.0, 0.5).options(Map.of("dims", "8")).build(1000, 1e-5);
    MechanismParams private05 = Preset.PAPER.builder(1.0, 0.5).options(Map.of("dims", "8")).build(0.5, 1e-5);
    CellResult almostExact = runner.run(registry.get("public-pca"), noiseless, 1, q -> {});
    CellResult noisy = runner.run(registry.get("public-pca"), private05, 1, q -> {});
    CellResult random = runner.run(registry.get("random"), private05, 1, q -> {});
    System.out.printf("Recall@8 synthetic: public-pca dims=8 eps=1000 %.3f, eps=0.5 %.3f, random %.3f%n",
        almostExact.recallAt(8), noisy.recallAt(8), random.recallAt(8));
    assertTrue(almostExact.recallAt(8) > random.recallAt(8) + 0.2, "public-pca at eps=1000 near chance");
    assertEquals(Guarantee.APPROXIMATE_DP, noisy.claim().guarantee());
    assertTrue(noisy.recallAt(8) >= 0 && noisy.recallAt(8) <= 1);
  }
}
