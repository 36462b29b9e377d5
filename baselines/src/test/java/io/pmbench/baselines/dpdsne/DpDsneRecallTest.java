package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DP-dSNE end to end through the protocol runner on two well-separated synthetic classes (all 120
 * gallery rows are queries; D = [r; 1 dummy; 60 public rows]).
 */
class DpDsneRecallTest {
  private static final FeatureSet DATA = SyntheticData.clustered(12, 2, 16, 200, 120, 0.05);
  private static final ProtocolConfig CONFIG =
      new ProtocolConfig(60, ProtocolConfig.ALL_QUERIES, true, new int[] {1, 2, 4, 8});

  private static CellResult run(EmbeddingMechanism m, double epsilon, Map<String, String> options) {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).options(options).build(epsilon, 1e-5);
    return new ProtocolRunner(DATA, CONFIG).run(m, p, 8, q -> {});
  }

  @Test
  void registry_discoversBothDpDsneMechanisms() {
    MechanismRegistry r = MechanismRegistry.discover();

    assertFalse(r.get("dp-dsne").alignsOnPublic());
    assertTrue(r.get("dp-dsne-official").alignsOnPublic());
    assertEquals(r.get("tsne").serverKey(Preset.PAPER.builder(1, 0.5).build(0.5, 1e-5)),
        r.get("dp-dsne").serverKey(Preset.PAPER.builder(2, 0.7).build(4, 1e-6)));
  }

  @Test
  void run_noiseOff_recallAtOneNearOne() {
    // With P fixed at the server's t-SNE map and no noise, r must settle among its own class's
    // public points. Fails if the fixed points, the affinities over D or the release's space
    // (row 0 in server coordinates, no alignment) are wrong.
    CellResult r = run(new DpDsneMechanism(false), 0.5, Map.of());

    System.out.printf("dp-dsne noise off: Recall@1 = %.3f over %d queries%n", r.recallAt(1), r.queries());
    assertTrue(r.recallAt(1) >= 0.95, "Recall@1 = " + r.recallAt(1));
    assertEquals(Guarantee.NONE, r.claim().guarantee());
  }

  @Test
  void run_tinyEpsilon_recallAtOneNearChance() {
    // ε = 0.01: s ≈ 5e4 per entry against gradients clipped to 1, so r's position is noise. With
    // balanced classes Recall@1 is then Binomial(120, 1/2)/120: sd 0.046; tolerance 5 sd
    // (false-failure probability < 1e-6). Fails if the noise is not added to the released rows
    // (recall would stay near 1).
    CellResult r = run(new DpDsneMechanism(), 0.01, Map.of());

    System.out.printf("dp-dsne eps=0.01: Recall@1 = %.3f over %d queries (s = %.4g)%n", r.recallAt(1), r.queries(),
        r.meanNoiseScale());
    assertEquals(0.5, r.recallAt(1), 5 * Math.sqrt(0.25 / r.queries()));
    assertEquals(Guarantee.APPROXIMATE_DP, r.claim().guarantee());
  }

  @Test
  void run_sameSeedTwice_identicalHits() {
    CellResult a = run(new DpDsneMechanism(), 2, Map.of("iterations", "100"));
    CellResult b = run(new DpDsneMechanism(), 2, Map.of("iterations", "100"));

    assertTrue(Arrays.deepEquals(a.hits(), b.hits()));
  }

  @Test
  void run_official_claimsNotDpAndAlignsOnP() {
    // The official code's variant at its default noise level: no accounting, so NOT_DP with the
    // caveat; its map is aligned on P and should still separate two far-apart classes.
    CellResult r = run(new DpDsneOfficialMechanism(), 1, Map.of("iterations", "300"));

    System.out.printf("dp-dsne-official (noiseVariance 1e-3, T=300): Recall@1 = %.3f%n", r.recallAt(1));
    assertEquals(Guarantee.NOT_DP, r.claim().guarantee());
    assertTrue(r.claim().caveats().contains("no privacy accounting exists for this mode"));
    assertTrue(r.recallAt(1) >= 0.9, "Recall@1 = " + r.recallAt(1));
  }
}
