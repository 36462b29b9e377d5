package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.Guarantee;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * private-pca's noise scale is exactly Calibrate(Δ = 1) at the stated share of the budget (ε/2 with
 * δ for PPCA, δ/2 for MOD-SULQ, checked against hand-computed numbers), every row of D is released,
 * V is orthonormal and published, and the claim says so. The noise's moments, determinism and the
 * claim's consistency are the test kit's checks ({@code BaselinesConformanceTest}). Failing means
 * the budget split or the claim is wrong.
 */
class PrivatePcaNoiseTest {

  private static MechanismParams params(String method, double epsilon) {
    return Preset.PAPER.builder(1, 0.5).options(Map.of("method", method, "burnIn", "20")).build(epsilon, 1e-5);
  }

  private static void checkRelease(String method, double expectedS) {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 5);
    MechanismParams p = params(method, 0.5);
    PrivatePcaClient client = new PrivatePcaClient(PcaTestData.view(data, 3), p);
    SplittableRandom rng = new SplittableRandom(77);
    for (int rep = 0; rep < 20; rep++) {
      PrivatePcaClient.Release r = client.release(data, rng);
      assertEquals(expectedS, r.noiseScale(), 1e-8 * expectedS);
      assertEquals(data.size() * 2, r.noisy().length, "every row of D must be released");
      for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
          double dot = 0;
          for (int i = 0; i < 6; i++) {
            dot += r.v()[i * 2 + a] * r.v()[i * 2 + b];
          }
          assertEquals(a == b ? 1 : 0, dot, 1e-10, "V must have orthonormal columns");
        }
      }
    }
  }

  // Hand-computed budget split at ε = 0.5, δ = 1e-5 (CLASSIC, Δ = 1): the release gets ε₂ = 0.25.
  //   PPCA (δ₁ = 0, δ₂ = δ): s = √(2·ln(1.25/1e-5))/0.25 = √(2·11.7360690)/0.25 = 4.8448053/0.25 = 19.3792211;
  //   MOD-SULQ (δ₂ = δ/2): s = √(2·ln(1.25/5e-6))/0.25 = √(2·12.4292162)/0.25 = 4.9858231/0.25 = 19.9432926.
  // Fails if the split (ε/2, and δ or δ/2) or the calibration of Δ = 1 is wrong.
  @Test
  void release_ppca_noiseHasStatedScale() {
    assertEquals(19.3792211, GaussianCalibration.classic(1.0, 0.25, 1e-5), 1e-6);
    checkRelease("PPCA", 19.3792211);
  }

  @Test
  void release_modSulq_noiseHasStatedScale() {
    assertEquals(19.9432926, GaussianCalibration.classic(1.0, 0.25, 0.5e-5), 1e-6);
    checkRelease("MOD_SULQ", 19.9432926);
  }

  @Test
  void embed_claimAndPublishedSubspace_stateThePrivacy() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 6);
    ClientRelease ppca = new PrivatePcaClient(PcaTestData.view(data, 3), params("PPCA", 0.5))
        .embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.APPROXIMATE_DP, ppca.claim().guarantee());
    assertEquals(0.5, ppca.claim().epsilon());
    assertEquals(1e-5, ppca.claim().delta());
    assertEquals(1.0, ppca.claim().sensitivity());
    assertTrue(ppca.claim().caveats().stream().anyMatch(c -> c.contains("Gibbs") && c.contains("burnIn=20")),
        "every PPCA result must carry the Gibbs-chain caveat");
    Embedding v = ppca.published().get(PrivatePcaMechanism.SUBSPACE);
    assertEquals(6, v.rows());
    assertEquals(2, v.dim());
    assertEquals(data.size(), ppca.embedding().rows());
    ClientRelease sulq = new PrivatePcaClient(PcaTestData.view(data, 3), params("MOD_SULQ", 0.5))
        .embed(data, new SplittableRandom(1));
    assertTrue(sulq.claim().caveats().stream().anyMatch(c -> c.contains("MOD-SULQ")));
    assertTrue(sulq.claim().caveats().stream().noneMatch(c -> c.contains("Gibbs")));
    assertTrue(sulq.diagnostics().get("beta") > 0);
  }
}
