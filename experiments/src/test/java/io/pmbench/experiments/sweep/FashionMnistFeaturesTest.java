package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.datasets.DatasetRegistry;
import org.junit.jupiter.api.Test;

/**
 * The check DATASETS.md asks any loader or retrieval change to keep: non-private k-NN on the
 * built-in Fashion-MNIST test split gives Recall@8 ≈ 0.95. Run through the protocol runner with
 * the {@code features} mechanism on a seeded sample of 1,000 test queries (leave-one-out).
 * The interval 0.94–0.97 is the issue's; the sampling standard error at 1,000 queries is ≈ 0.007.
 */
class FashionMnistFeaturesTest {
  @Test
  void features_fashionMnist1000Queries_recallAt8InExpectedRange() {
    FeatureSet data = DatasetRegistry.standard().load("fashion-mnist");
    ProtocolRunner runner = new ProtocolRunner(data, new ProtocolConfig(1000, 1000, true, new int[] {1, 8}));
    CellResult r = runner.run(MechanismRegistry.discover().get("features"),
        Preset.PAPER.builder(6, 0.6).build(0.1, 1e-5), 1, n -> { });
    double r8 = r.recallAt(8);
    System.out.printf("fashion-mnist features: R@1 = %.4f, R@8 = %.4f over %d queries%n", r.recallAt(1), r8,
        r.queries());
    assertTrue(r8 >= 0.94 && r8 <= 0.97, "Recall@8 = " + r8);
    assertTrue(r.recallAt(1) > 0.78 && r.recallAt(1) < 0.87, "Recall@1 = " + r.recallAt(1));
  }
}
