package io.pmbench.datasets.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import org.junit.jupiter.api.Test;

/**
 * The acceptance check of the Omniglot data's README, through the real protocol path: the
 * non-private {@code features} mechanism (exact cosine k-NN, the query itself excluded) with
 * every one of the 2,120 test rows a query, one seed. The README gives Recall@1 = 0.317 and
 * Recall@8 = 0.664; the ±0.005 tolerance (about 10 queries) only allows for float rounding and
 * ties, as the mechanism is deterministic. It fails if the loader scrambles pixels or labels,
 * takes the wrong alphabets into the test split, mis-normalises rows or loses rows.
 */
class OmniglotRecallTest {

  @Test
  void run_featuresMechanismAllQueries_matchesReferenceRecall() {
    FeatureSet s = Omniglot.load();
    ProtocolConfig config = new ProtocolConfig(1000, ProtocolConfig.ALL_QUERIES, true, new int[] {1, 2, 4, 8});
    MechanismParams params = Preset.PAPER.builder(s.defaults().sigma(), s.defaults().alpha()).build(1.0, 1e-5);

    CellResult r = new ProtocolRunner(s, config).run(MechanismRegistry.discover().get("features"), params, 1, q -> {});

    assertEquals(2_120, r.queries());
    assertEquals(0.317, r.recallAt(1), 0.005, "Recall@1 (README: 0.317)");
    assertEquals(0.664, r.recallAt(8), 0.005, "Recall@8 (README: 0.664)");
  }
}
