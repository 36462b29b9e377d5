package io.pmbench.core.mechanisms;

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
 * The noise PrivateMail adds has the stated scale: pooled over many releases, X̃ − f(X) has mean
 * 0 and variance s² within 5 standard errors (false-failure probability &lt; 1e-6 per check), and
 * s is exactly the calibration of the Δ the claim reports.
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
  void release_pooledNoise_hasStatedMeanAndVariance() {
    ClientData data = smallData(40, 6, 4, 7);
    MechanismParams p = Preset.PAPER.builder(4, 0.5).build(0.5, 1e-5);
    PrivateMailClient client = new PrivateMailClient(new ClientView(publicPart(data), 4, null, 1), p, true);
    SplittableRandom rng = new SplittableRandom(2024);
    int reps = 300;
    double sumZ = 0;
    double sumZ2 = 0;
    long count = 0;
    for (int r = 0; r < reps; r++) {
      PrivateMailClient.Release rel = client.release(data, rng);
      // the stated scale must be the calibration of the stated Δ, which must be Appendix B's
      double expectedDelta = AppendixB.sensitivity(client.boundParams(data.size()), rel.normQ());
      assertEquals(expectedDelta, rel.sensitivity(), 1e-15 * expectedDelta);
      assertEquals(GaussianCalibration.classic(rel.sensitivity(), 0.5, 1e-5), rel.noiseScale(), 1e-12 * rel.noiseScale());
      for (int i = 0; i < rel.f().length; i++) {
        double z = (rel.noisy()[i] - rel.f()[i]) / rel.noiseScale(); // standardised noise
        sumZ += z;
        sumZ2 += z * z;
        count++;
      }
    }
    double mean = sumZ / count;
    double var = sumZ2 / count - mean * mean;
    // mean of N(0,1) samples: se = 1/√N; variance: se = √(2/N)
    assertTrue(Math.abs(mean) < 5 / Math.sqrt(count), "noise mean " + mean);
    assertTrue(Math.abs(var - 1) < 5 * Math.sqrt(2.0 / count), "noise variance ratio " + var);
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
