package io.pmbench.core.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.protocol.SyntheticFeatureSets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * shuffled-labels (SPEC.md §7): the labels of D are a seeded uniform permutation of the original
 * ones, and everything else — Δ, s, the claim, the server — is PrivateMail's. A failure of the
 * calibration test means the control is calibrated differently from PrivateMail, so the two
 * results would not be comparable at the same (ε, δ).
 */
class ShuffledLabelsMechanismTest {
  private static final ShuffledLabelsMechanism MECHANISM = new ShuffledLabelsMechanism();

  @Test
  void shuffled_typicalData_isPermutationDeterministicPerSeedAndNotIdentity() {
    ClientData data = PrivateMailNoiseTest.smallData(40, 6, 4, 7);
    ClientData a = ShuffledLabelsMechanism.shuffled(data, new SplittableRandom(5));
    ClientData b = ShuffledLabelsMechanism.shuffled(data, new SplittableRandom(5));
    ClientData c = ShuffledLabelsMechanism.shuffled(data, new SplittableRandom(6));
    int[] sortedOriginal = data.labels().clone();
    Arrays.sort(sortedOriginal);
    int[] sortedShuffled = a.labels().clone();
    Arrays.sort(sortedShuffled);
    assertArrayEquals(sortedOriginal, sortedShuffled, "the labels must be the same multiset");
    assertArrayEquals(a.labels(), b.labels(), "the same seed must give the same permutation");
    assertFalse(Arrays.equals(a.labels(), c.labels()), "another seed must give another permutation");
    assertFalse(Arrays.equals(data.labels(), a.labels()), "41 rows of 4 classes stay put with probability ~1e-40");
    assertSame(data.rows(), a.rows());
    assertEquals(data.publicOffset(), a.publicOffset());
  }

  @Test
  void shuffled_queryLabel_movesUniformly() {
    // r's label (row 0) must be among those permuted: with 5 rows of distinct labels, row 0 keeps
    // its label in 1/5 of 20,000 permutations, within 5 standard errors (false failure < 1e-6).
    int[] y = {0, 1, 2, 3, 4};
    ClientData data = new ClientData(PrivateMailNoiseTest.smallData(4, 3, 5, 1).rows(), y, 1);
    SplittableRandom rng = new SplittableRandom(11);
    int trials = 20_000;
    int kept = 0;
    for (int t = 0; t < trials; t++) {
      kept += ShuffledLabelsMechanism.shuffled(data, rng).labels()[0] == 0 ? 1 : 0;
    }
    double se = Math.sqrt(0.2 * 0.8 / trials);
    assertEquals(0.2, kept / (double) trials, 5 * se);
  }

  @Test
  void embed_sameD_calibratedExactlyAsPrivateMail() {
    // Fails if the control's Δ, s or guarantee differ from PrivateMail's on the same D and Q.
    ClientData data = PrivateMailNoiseTest.smallData(40, 6, 4, 7);
    MechanismParams p = Preset.PAPER.builder(4, 0.5).build(0.5, 1e-5);
    ClientView view = new ClientView(PrivateMailNoiseTest.publicPart(data), 4, null, 1);
    ClientRelease shuffled = MECHANISM.client(view, p).embed(data, new SplittableRandom(3));
    SplittableRandom rng = new SplittableRandom(3);
    ShuffledLabelsMechanism.shuffled(data, rng); // the control draws its permutation first
    PrivateMailClient.Release pm = new PrivateMailClient(view, p, true).release(data, rng);
    assertEquals(pm.sensitivity(), shuffled.claim().sensitivity(), 0.0);
    assertEquals(pm.noiseScale(), shuffled.claim().noiseScale(), 0.0);
    assertEquals(pm.normQ(), shuffled.diagnostics().get("normQ"), 0.0);
    assertEquals(Guarantee.APPROXIMATE_DP, shuffled.claim().guarantee());
    assertEquals(ShuffledLabelsMechanism.CONTROL_CAVEAT, shuffled.claim().caveats().get(0));
    assertEquals(new PrivateMailMechanism().serverKey(p), MECHANISM.serverKey(p));
  }

  @Test
  void protocol_smallSyntheticCell_runsEndToEnd() {
    FeatureSet fs = SyntheticFeatureSets.clustered(2024, 5, 16, 300, 200, 0.05);
    ProtocolRunner runner = new ProtocolRunner(fs, new ProtocolConfig(60, 50, true, new int[] {1, 2, 4, 8}));
    MechanismRegistry registry = MechanismRegistry.discover();
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);
    CellResult shuffled = runner.run(registry.get("shuffled-labels"), p, 1, q -> {});
    CellResult privateMail = runner.run(registry.get("privatemail"), p, 1, q -> {});
    System.out.printf("Recall@8 synthetic (5 classes, d=16, 50 queries): shuffled-labels %.3f, privatemail %.3f%n",
        shuffled.recallAt(8), privateMail.recallAt(8));
    assertTrue(shuffled.recallAt(8) >= 0 && shuffled.recallAt(8) <= 1);
    assertEquals(privateMail.claim().noiseScale() > 0, shuffled.claim().noiseScale() > 0);
    assertEquals(Guarantee.APPROXIMATE_DP, shuffled.claim().guarantee());
  }
}
