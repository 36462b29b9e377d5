package io.pmbench.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.NoiseOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link PrivacyBudget}: validated where it enters, and carried whole by {@link MechanismParams}. */
class PrivacyBudgetTest {
  @Test
  void constructor_nonPositiveEpsilon_throwsNamingEpsilon() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PrivacyBudget.of(0, 1e-5, NoiseCalibration.ANALYTIC));

    assertTrue(e.getMessage().contains("epsilon"), e.getMessage());
  }

  @Test
  void constructor_deltaOne_throwsNamingDelta() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PrivacyBudget.of(1, 1, NoiseCalibration.ANALYTIC));

    assertTrue(e.getMessage().contains("delta"), e.getMessage());
  }

  @Test
  void budget_paramsWithSystemNoise_carriesEveryPart() {
    MechanismParams p = Preset.PAPER.builder(5, 0.5)
        .options(Map.of(NoiseOrigin.OPTION, "system")).build(0.4, 1e-6);

    assertEquals(new PrivacyBudget(0.4, 1e-6, NoiseCalibration.CLASSIC, NoiseOrigin.SYSTEM), p.budget());
  }

  @Test
  void builderBudget_seededOnParamsWithoutOption_leavesDescribeAsItWas() {
    MechanismParams p = Preset.PAPER.builder(5, 0.5).build(0.4, 1e-5);

    MechanismParams q = p.toBuilder().budget(PrivacyBudget.of(2, 1e-5, NoiseCalibration.ANALYTIC)).build();

    assertEquals(p.withPrivacy(2, NoiseCalibration.ANALYTIC).describe(), q.describe());
    assertFalse(((Map<?, ?>) q.describe().get("options")).containsKey(NoiseOrigin.OPTION));
  }

  @Test
  void builderBudget_systemNoise_setsTheOption() {
    MechanismParams p = Preset.PAPER.builder(5, 0.5).build(0.4, 1e-5);

    MechanismParams q = p.toBuilder()
        .budget(new PrivacyBudget(0.4, 1e-5, NoiseCalibration.CLASSIC, NoiseOrigin.SYSTEM)).build();

    assertEquals(NoiseOrigin.SYSTEM, q.noiseOrigin());
  }

  @Test
  void withPrivacy_keepsNoiseSource() {
    MechanismParams p = Preset.PAPER.builder(5, 0.5)
        .options(Map.of(NoiseOrigin.OPTION, "system")).build(0.4, 1e-5);

    MechanismParams q = p.withPrivacy(3, NoiseCalibration.ANALYTIC);

    assertEquals(new PrivacyBudget(3, 1e-5, NoiseCalibration.ANALYTIC, NoiseOrigin.SYSTEM), q.budget());
  }
}
