package io.pmbench.core.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link MechanismParams} is built and what it resolves once: the budget's noise source and the noise draw. */
class MechanismParamsTest {
  private static final MechanismParams PAPER = Preset.PAPER.builder(5, 0.5).build(0.4, 1e-5);

  /** A fresh builder must not let a field fall back to a default nobody chose (how sharedClientQ was once lost). */
  @Test
  void build_freshBuilderWithoutSharedClientQ_throwsNamingIt() {
    MechanismParams.Builder b = MechanismParams.builder().budget(PAPER.budget()).sigma(1).alpha(0).k(2).sigmaQ(1)
        .iterations(1).serverIterations(1).featureKernelScale(PAPER.featureKernelScale())
        .labelKernel(PAPER.labelKernel()).renormalize(false).officialCodeMii(false).options(Map.of());

    IllegalStateException e = assertThrows(IllegalStateException.class, b::build);

    assertTrue(e.getMessage().contains("sharedClientQ"), e.getMessage());
  }

  @Test
  void constructor_optionNoiseSourceDisagreesWithBudget_throwsNamingNoiseSource() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MechanismParams(
        PrivacyBudget.of(1, 1e-5, NoiseCalibration.ANALYTIC), 1, 0, 2, 1, 1, 1, PAPER.featureKernelScale(),
        PAPER.labelKernel(), false, false, false, Map.of(NoiseOrigin.OPTION, "system")));

    assertTrue(e.getMessage().startsWith("noiseSource must be"), e.getMessage());
  }

  @Test
  void options_noiseSourceGiven_becomesTheBudgets() {
    MechanismParams p = PAPER.toBuilder().options(Map.of(NoiseOrigin.OPTION, "system")).build();

    assertEquals(NoiseOrigin.SYSTEM, p.budget().noiseSource());
    assertEquals(new NoiseDraw(NoiseSampler.SECURE, NoiseOrigin.SYSTEM), p.noise());
  }

  @Test
  void options_withoutNoiseSourceOnSystemBudget_keepsTheBudgetsAndTheOption() {
    MechanismParams system = PAPER.toBuilder().options(Map.of(NoiseOrigin.OPTION, "system")).build();

    MechanismParams p = system.toBuilder().options(Map.of("probe", "x")).build();

    assertEquals(NoiseOrigin.SYSTEM, p.noiseOrigin());
    assertEquals("system", p.options().get(NoiseOrigin.OPTION));
  }

  @Test
  void noise_correctedPreset_isSecureAndSeeded() {
    MechanismParams p = Preset.CORRECTED.builder(5, 0.5).build(1, 1e-5);

    assertEquals(new NoiseDraw(NoiseSampler.SECURE, NoiseOrigin.SEEDED), p.noise());
  }

  @Test
  void noiseDraw_systemWithStandardSampler_throws() {
    assertThrows(IllegalArgumentException.class, () -> new NoiseDraw(NoiseSampler.STANDARD, NoiseOrigin.SYSTEM));
  }
}
