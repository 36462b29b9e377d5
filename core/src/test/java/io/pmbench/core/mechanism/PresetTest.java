package io.pmbench.core.mechanism;

import io.pmbench.core.privacy.NoiseCalibration;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.random.NoiseSampler;
import org.junit.jupiter.api.Test;

/** {@link Preset}: the fidelity presets of SPEC.md §8 and Table 2's shared defaults (§9). */
class PresetTest {
  @Test
  void builder_paper_usesSpecDefaultsAndServerOnOnePlusT() {
    MechanismParams p = Preset.PAPER.builder(6, 0.6).build(0.1, 1e-5);

    assertEquals(FeatureKernelScale.TWO_SIGMA_SQUARED, p.featureKernelScale());
    assertEquals(LabelKernel.GAUSSIAN_INTEGER, p.labelKernel());
    assertFalse(p.renormalize());
    assertFalse(p.officialCodeMii());
    assertEquals(2, p.k());
    assertEquals(1e-8, p.sigmaQ());
    assertEquals(5, p.iterations());
    assertEquals(6, p.serverIterations());
    assertEquals(6.0, p.sigma());
    assertEquals(0.6, p.alpha());
  }

  @Test
  void builder_officialCode_usesOfficialKnobsAndServerOnT() {
    MechanismParams p = Preset.OFFICIAL_CODE.builder(5, 0.5).iterations(7).build(0.1, 1e-5);

    assertEquals(FeatureKernelScale.SIGMA_SQUARED, p.featureKernelScale());
    assertEquals(LabelKernel.CENTERED_DISTANCE, p.labelKernel());
    assertTrue(p.renormalize());
    assertTrue(p.officialCodeMii());
    assertEquals(7, p.serverIterations());
  }

  @Test
  void builder_corrected_usesSameClassLabels() {
    MechanismParams p = Preset.CORRECTED.builder(5, 0.5).build(0.1, 1e-5);

    assertEquals(LabelKernel.SAME_CLASS, p.labelKernel());
    assertEquals(FeatureKernelScale.TWO_SIGMA_SQUARED, p.featureKernelScale());
    assertEquals(6, p.serverIterations());
    assertEquals(NoiseSampler.SECURE, p.noiseSampler());
  }

  @Test
  void builder_noiseSamplerOption_overridesPresetAndDefaultsToStandard() {
    assertEquals(NoiseSampler.STANDARD, Preset.PAPER.builder(5, 0.5).build(0.1, 1e-5).noiseSampler());
    assertEquals(NoiseSampler.STANDARD, Preset.CORRECTED.builder(5, 0.5)
        .options(java.util.Map.of(NoiseSampler.OPTION, "standard")).build(0.1, 1e-5).noiseSampler());
    assertThrows(IllegalArgumentException.class, () -> Preset.PAPER.builder(5, 0.5)
        .options(java.util.Map.of(NoiseSampler.OPTION, "fast")).build(0.1, 1e-5));
  }

  @Test
  void parse_everyCliName_roundTrips() {
    for (Preset p : Preset.values()) {
      assertEquals(p, Preset.parse(p.cliName()));
    }
    assertEquals("official-code", Preset.OFFICIAL_CODE.cliName());
    assertThrows(IllegalArgumentException.class, () -> Preset.parse("PAPER"));
  }

  /**
   * The grid fingerprint records the parameters once per regime of the calibration rule; these
   * entries must be exactly what sampling the parameters at ε = 0.5 and ε = 2 gave before, or
   * every existing run directory would stop resuming.
   */
  @Test
  void describe_eachRegime_equalsTheParametersAtHalfAndTwoWithoutEpsilon() {
    for (Preset p : Preset.values()) {
      for (NoiseCalibration forced : new NoiseCalibration[] {null, NoiseCalibration.ANALYTIC}) {
        Preset.Builder b = p.builder(6, 0.6).k(3).options(java.util.Map.of("method", "PPCA"));
        if (forced != null) {
          b.calibration(forced);
        }
        for (double eps : new double[] {0.5, 2}) {
          java.util.Map<String, Object> sampled = new java.util.TreeMap<>(b.build(eps, 1e-5).describe());
          sampled.remove("epsilon");
          assertEquals(sampled, b.describe(1e-5, eps >= 1), p + " " + forced + " at " + eps);
        }
      }
      assertEquals(p.calibrationFor(0.5), p.calibrationBelowEpsilonOne());
      assertEquals(p.calibrationFor(1), p.calibrationFromEpsilonOne());
    }
  }
}
