package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The noise DP-dSNE adds has the stated scale and is what the step uses; every step's gradient is
 * clipped; the claim reports Δ, s and the accounting.
 */
class DpDsneNoiseTest {
  private static final Fixtures FIX = new Fixtures(40, 6, 31);

  private static ClientData data(long seed) {
    return FIX.data(SyntheticData.unitRows(3, 6, new SplittableRandom(seed)));
  }

  /** The client's audited stage on {@code data(dataSeed)}, its start map from a fixed stream. */
  private static AuditStage auditStage(DpDsneClient client, long dataSeed) {
    return client.auditStage(DpDsneClient.AUDIT_STAGE, data(dataSeed), new SplittableRandom(3));
  }

  @Test
  void auditStage_release_equalsAddNoiseOfItsGradientBitForBit() {
    // The audited release builds its noise source once per stage, not once per draw (issue 37), and
    // perturbs a flat copy of f instead of row copies (issue 35): fails if it draws other values, or in
    // another order, than the per-step addNoise the mechanism's step uses (same stream, 50 draws in a row).
    DpDsneClient client = new DpDsneClient(FIX.view, Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5), true);
    AuditStage stage = auditStage(client, 7);
    double[] f = stage.preNoise();
    double[][] g = new double[f.length / 2][];
    for (int i = 0; i < g.length; i++) {
      g[i] = new double[] {f[2 * i], f[2 * i + 1]};
    }
    SplittableRandom ours = new SplittableRandom(11);
    SplittableRandom ref = new SplittableRandom(11);
    for (int draw = 0; draw < 50; draw++) {
      double[][] expected = client.addNoise(g, stage.noiseScale(), stage.sensitivity(), ref);
      double[] got = stage.release().draw(ours);
      for (int i = 0; i < g.length; i++) {
        for (int c = 0; c < 2; c++) {
          assertEquals(Double.doubleToRawLongBits(expected[i][c]), Double.doubleToRawLongBits(got[2 * i + c]),
              "draw " + draw + ", row " + i);
        }
      }
    }
  }

  @Test
  void auditStage_release_equalsOneGaussianAtATimeBitForBit() {
    // The standard sampler draws a release's polar-method rejections first and its logarithms after
    // (Seeds.addGaussians, issue 35): fails if the audited release, and so every score the audit
    // computes from it, differs in any bit or stream position from the one-draw-at-a-time
    // f_i + s * Seeds.gaussian(rng) it replaced (same stream, 50 releases in a row).
    AuditStage stage = auditStage(new DpDsneClient(FIX.view, Preset.PAPER.builder(1.0, 0.5).build(1.0, 1e-5), true), 5);
    SplittableRandom ours = new SplittableRandom(13);
    SplittableRandom old = new SplittableRandom(13);
    for (int draw = 0; draw < 50; draw++) {
      double[] got = stage.release().draw(ours);
      for (int i = 0; i < got.length; i++) {
        double expected = stage.preNoise()[i] + stage.noiseScale() * Seeds.gaussian(old);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(got[i]),
            "draw " + draw + ", entry " + i);
      }
    }
    assertEquals(old.nextLong(), ours.nextLong(), "stream position after 50 releases");
  }

  @Test
  void embed_pooledStepNoise_hasStatedMeanAndVariance() {
    // Pools (noisy − clipped)/s over every step and entry of 4 queries: 4 × 1000 × 3 × 2 = 24,000
    // standard normals if s is right. Tolerance 5 standard errors for the mean (1/√N) and for the
    // variance (√(2/N)); false-failure probability < 1e-6 each. Fails if the noise is mis-scaled
    // (e.g. variance used as sd, Δ without √T), missing, or not the noise the step consumes.
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);
    DpDsneClient client = new DpDsneClient(FIX.view, p, true);
    double s = client.noiseScale(3);
    double stepDelta = 2 * 1.0 * Math.sqrt(3 + 1);
    assertEquals(GaussianCalibration.classic(stepDelta * Math.sqrt(1000), 0.5, 1e-5), s, 1e-12 * s);
    double[] sums = new double[2];
    long[] count = new long[1];
    for (long q = 0; q < 4; q++) {
      ClientRelease rel = client.embed(data(q), new SplittableRandom(500 + q), (t, clipped, noisy) -> {
        for (int i = 0; i < clipped.length; i++) {
          for (int c = 0; c < clipped[i].length; c++) {
            double z = (noisy[i][c] - clipped[i][c]) / s;
            sums[0] += z;
            sums[1] += z * z;
            count[0]++;
          }
        }
      });
      PrivacyClaim claim = rel.claim();
      assertEquals(Guarantee.APPROXIMATE_DP, claim.guarantee());
      assertEquals(s, claim.noiseScale(), 0.0);
      assertEquals(stepDelta * Math.sqrt(1000), claim.sensitivity(), 1e-12);
      assertEquals(3, rel.embedding().rows());
    }
    double mean = sums[0] / count[0];
    double var = sums[1] / count[0] - mean * mean;
    System.out.printf("DP-dSNE step noise: N=%d standardised mean=%.5f variance=%.5f (s=%.4g)%n", count[0], mean,
        var, s);
    assertEquals(24_000, count[0]);
    assertTrue(Math.abs(mean) < 5 / Math.sqrt(count[0]), "noise mean " + mean);
    assertTrue(Math.abs(var - 1) < 5 * Math.sqrt(2.0 / count[0]), "noise variance ratio " + var);
  }

  @Test
  void embed_tinyClip_everyStepGradientRowWithinClip() {
    // Fails if a step skips clipping (the sensitivity bound would not hold).
    double clip = 1e-6;
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).options(Map.of("clip", "1e-6", "iterations", "300"))
        .build(0.5, 1e-5);
    double[] worst = new double[1];
    new DpDsneClient(FIX.view, p, true).embed(data(9), new SplittableRandom(9), (t, clipped, noisy) -> {
      for (double[] row : clipped) {
        worst[0] = Math.max(worst[0], Math.hypot(row[0], row[1]));
      }
    });

    assertTrue(worst[0] <= clip * (1 + 1e-12), "largest clipped row norm " + worst[0]);
    assertTrue(worst[0] > 0.5 * clip, "gradients should be clipped at this C: " + worst[0]);
  }

  @Test
  void embed_zcdpAccounting_claimsZcdpNoise() {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).options(Map.of("accounting", "ZCDP", "iterations", "50"))
        .build(2.0, 1e-5);
    ClientRelease rel = new DpDsneClient(FIX.view, p, true).embed(data(1), new SplittableRandom(1));

    assertEquals("ZCDP", rel.claim().calibration());
    assertEquals(Accounting.zcdpNoise(2 * Math.sqrt(4), 50, PrivacyBudget.of(2.0, 1e-5, NoiseCalibration.ANALYTIC)),
        rel.claim().noiseScale(), 0.0);
  }

  @Test
  void embed_sameStream_identicalRelease() {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);
    DpDsneClient client = new DpDsneClient(FIX.view, p, true);

    assertEquals(
        java.util.Arrays.toString(client.embed(data(3), new SplittableRandom(3)).embedding().data()),
        java.util.Arrays.toString(client.embed(data(3), new SplittableRandom(3)).embedding().data()));
  }
}
