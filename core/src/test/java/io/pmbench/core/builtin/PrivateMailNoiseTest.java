package io.pmbench.core.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * PrivateMail's stated Δ is Appendix B's for the release's own Q, s is exactly its calibration, and
 * the claim carries the guarantee and caveats. The moments of the noise (mean 0, variance s²) are
 * checked by the test kit (testkit's {@code CoreMechanismsConformanceTest}).
 */
class PrivateMailNoiseTest {

  static ClientData smallData(int nPublic, int d, int classes, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int n = nPublic + 1;
    float[] x = new float[n * d];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % classes;
      for (int c = 0; c < d; c++) {
        x[i * d + c] = (float) Seeds.gaussian(rng);
      }
    }
    FeatureMatrix.normalizeInPlace(x, n, d, "test");
    return new ClientData(new FeatureMatrix(x, n, d), y, 1);
  }

  static LabelledSet publicPart(ClientData data) {
    int n = data.size();
    int[] rows = new int[n - 1];
    for (int i = 1; i < n; i++) {
      rows[i - 1] = i;
    }
    return new LabelledSet(data.rows(), data.labels()).select(rows);
  }

  @Test
  void release_statedSensitivity_isAppendixBAndScaleItsCalibration() {
    // Fails if the Δ a release states is not Appendix B's for its own ‖Q‖_F, or s is not CLASSIC(Δ).
    // The noise's moments are the test kit's check (testkit's CoreMechanismsConformanceTest).
    ClientData data = smallData(40, 6, 4, 7);
    MechanismParams p = Preset.PAPER.builder(4, 0.5).build(0.5, 1e-5);
    PrivateMailClient client = new PrivateMailClient(new ClientView(publicPart(data), 4, null, 1), p, true);
    SplittableRandom rng = new SplittableRandom(2024);
    for (int r = 0; r < 5; r++) {
      PrivateMailClient.Release rel = client.release(data, rng);
      double expectedDelta = AppendixB.sensitivity(client.boundParams(data.size()), rel.normQ());
      assertEquals(expectedDelta, rel.sensitivity(), 1e-15 * expectedDelta);
      assertEquals(GaussianCalibration.classic(rel.sensitivity(), 0.5, 1e-5), rel.noiseScale(), 1e-12 * rel.noiseScale());
    }
  }

  @Test
  void embed_claims_statePrivacyAndCaveats() {
    ClientData data = smallData(30, 5, 3, 3);
    MechanismParams p = Preset.PAPER.builder(4, 0.5).build(0.1, 1e-5);
    ClientRelease rel = new PrivateMailClient(new ClientView(publicPart(data), 3, null, 1), p, true)
        .embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.APPROXIMATE_DP, rel.claim().guarantee());
    assertEquals(0.1, rel.claim().epsilon());
    assertEquals(1e-5, rel.claim().delta());
    assertTrue(rel.claim().caveats().stream().anyMatch(c -> c.contains("labels")));
    MechanismParams official = Preset.OFFICIAL_CODE.builder(4, 0.5).build(0.1, 1e-5);
    ClientRelease off = new PrivateMailClient(new ClientView(publicPart(data), 3, null, 1), official, true)
        .embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.NOT_DP, off.claim().guarantee());
    assertEquals(NoiseCalibration.OFFICIAL_CODE.name(), off.claim().calibration());
  }
}
