package io.pmbench.baselines.v1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.builtin.SmlqMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.smlq.Smlq;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PrivateMailV1MechanismTest {

  /** D = [r; P] with n − 1 public rows, labels i mod classes, unit rows in R^d. */
  static ClientData smallData(int n, int d, int classes, long seed) {
    LabelledSet set = SyntheticFeatureSets.labelledUnitRows(n, d, classes, new SplittableRandom(seed));
    return new ClientData(set.features(), set.labels(), 1);
  }

  static ClientView viewOf(ClientData data, int classes) {
    int[] rows = new int[data.size() - 1];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = i + 1;
    }
    return new ClientView(new LabelledSet(data.rows(), data.labels()).select(rows), classes, null, 1);
  }

  static MechanismParams params(double sigma, double alpha, double eps, Map<String, String> options) {
    return Preset.PAPER.builder(sigma, alpha).options(options).build(eps, 1e-5);
  }

  @Test
  void registry_baselinesOnClassPath_listsBothMechanisms() {
    var names = MechanismRegistry.discover().names();
    assertTrue(names.contains("privatemail-v1") && names.contains("smlq-cccp"), names.toString());
  }

  @Test
  void validate_badOptions_refusedNamingTheOption() {
    PrivateMailV1Mechanism m = new PrivateMailV1Mechanism();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> m.validate(params(4, 0.5, 0.5, Map.of(SensitivityMode.OPTION, "gaussian"))));
    assertEquals("sensitivity must be one of APPENDIX_B, EARLY_PAPER. Provided value: gaussian", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> m.validate(params(4, 0.5, 0.5, Map.of(PrivateMailV1Mechanism.NOISY_ITERATIONS, "0"))));
    assertEquals("noisyIterations must be an integer >= 1. Provided value: 0", e.getMessage());
    m.validate(params(4, 0.5, 0.5, Map.of(SensitivityMode.OPTION, "early_paper")));
  }

  @Test
  void serverKey_sameAsCoreSmlq_sharesTheServerEmbedding() {
    MechanismParams p = params(4, 0.5, 0.5, Map.of());
    assertEquals(new SmlqMechanism().serverKey(p), new PrivateMailV1Mechanism().serverKey(p));
  }

  /**
   * The noise of both noisy iterations has the stated Laplace scale, and the stated scale is
   * √((n+1)k)·Δ₂(‖input‖_F)/ε₀ with the input Q for iteration 1 and the released X̃₁ for
   * iteration 2. Pooled standardised noise (X̃_t − f_t)/b_t over 200 releases has mean 0 (se
   * √(2/N)) and variance 2 (se √(20/N)) within 5 standard errors: false-failure probability
   * ≈ 6·10⁻⁷ per check. For it to fail, the noise would not be what the claim says.
   */
  @Test
  void release_appendixB_noiseHasStatedScaleAndCalibration() {
    ClientData data = smallData(41, 6, 4, 7);
    MechanismParams p = params(4, 0.5, 0.5, Map.of());
    PrivateMailV1Client client = new PrivateMailV1Client(viewOf(data, 4), p, PrivateMailV1Mechanism.Settings.of(p));
    assertEquals(0.25, client.epsilon0(), 0.0); // basic composition binds: eps/2
    int n = data.size();
    SplittableRandom rng = new SplittableRandom(2024);
    double sum = 0;
    double sum2 = 0;
    long count = 0;
    for (int r = 0; r < 200; r++) {
      PrivateMailV1Client.Release rel = client.release(data, rng);
      double[] inputNorms = {rel.normQ(), Smlq.frobenius(rel.noisy()[0])};
      for (int t = 0; t < 2; t++) {
        double expected = Math.sqrt((n + 1.0) * p.k())
            * AppendixB.sensitivity(client.boundParams(n), inputNorms[t]);
        assertEquals(expected, rel.sensitivityL1()[t], 1e-15 * expected);
        assertEquals(expected / 0.25, rel.scale()[t], 1e-15 * expected / 0.25);
        for (int i = 0; i < rel.f()[t].length; i++) {
          double z = (rel.noisy()[t][i] - rel.f()[t][i]) / rel.scale()[t];
          sum += z;
          sum2 += z * z;
          count++;
        }
      }
    }
    double mean = sum / count;
    double var = sum2 / count - mean * mean;
    assertTrue(Math.abs(mean) < 5 * Math.sqrt(2.0 / count), "noise mean " + mean);
    assertTrue(Math.abs(var - 2) < 5 * Math.sqrt(20.0 / count), "standardised noise variance " + var);
  }

  /**
   * For m = 2 and δ &lt; 1/e basic composition binds, so the release is pure ε-DP with ε₀ = ε/2;
   * for this to fail the claim would overstate (or misreport) the guarantee.
   */
  @Test
  void embed_appendixB_claimsPureDpWithCaveats() {
    ClientData data = smallData(41, 6, 4, 7);
    MechanismParams p = params(4, 0.5, 1.0, Map.of());
    var client = new PrivateMailV1Mechanism().client(viewOf(data, 4), p);
    ClientRelease a = client.embed(data, new SplittableRandom(9));
    ClientRelease b = client.embed(data, new SplittableRandom(9));
    assertArrayEquals(a.embedding().data(), b.embedding().data(), 0.0); // deterministic per stream
    assertEquals(Guarantee.PURE_DP, a.claim().guarantee());
    assertEquals(1.0, a.claim().epsilon(), 0.0);
    assertEquals(0.0, a.claim().delta(), 0.0);
    assertEquals(0.5, a.diagnostics().get("epsilon0"), 0.0);
    assertEquals(a.claim().noiseScale(), a.diagnostics().get("laplaceScale_1"), 0.0);
    assertTrue(a.claim().caveats().stream().anyMatch(c -> c.contains("||X~_1||_F")), a.claim().caveats().toString());
    assertEquals(data.size(), a.embedding().rows());
  }

  /**
   * EARLY_PAPER where Corollary 1.1 "exists" (n = 8, σ = 0.77, α = 0.5, c = 3): both noisy
   * iterations use Laplace scale GS/ε₀, and the claim is NOT_DP.
   */
  @Test
  void embed_earlyPaperWhereBoundExists_notDpWithGsOverEpsilon0() {
    ClientData data = smallData(8, 5, 4, 3);
    MechanismParams p = params(0.77, 0.5, 0.5, Map.of(SensitivityMode.OPTION, "EARLY_PAPER"));
    PrivateMailV1Client client = new PrivateMailV1Client(viewOf(data, 4), p, PrivateMailV1Mechanism.Settings.of(p));
    double gs = EarlyPaperBound.globalSensitivity(EarlyPaperBound.constants(8, 0.77, 0.5, 3), 2, 1e-8);
    PrivateMailV1Client.Release rel = client.release(data, new SplittableRandom(1));
    assertEquals(gs / 0.25, rel.scale()[0], 0.0);
    assertEquals(gs / 0.25, rel.scale()[1], 0.0);
    ClientRelease out = client.embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.NOT_DP, out.claim().guarantee());
    assertEquals(gs, out.claim().sensitivity(), 0.0);
    assertTrue(out.claim().caveats().stream().anyMatch(c -> c.contains("no valid DP guarantee")));
  }
}
