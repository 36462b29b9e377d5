package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.random.NoiseOrigin;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every copy path of {@link MechanismParams} in core ({@code toBuilder}, the withers,
 * {@code forMechanism}, {@code of}) keeps every field it does not change, checked over all fields
 * by {@link ParamsCopies}; fig5's and fig3's copies are checked in experiments' {@code VariantsTest}.
 */
class ParamsCopiesTest {
  private static final MechanismParams BASE = ParamsCopies.distinctive();

  @Test
  void toBuilder_unchanged_equalsOriginal() {
    assertEquals(BASE, BASE.toBuilder().build());
  }

  @Test
  void withPrivacy_keepsEveryOtherField() {
    ParamsCopies.assertKeepsAllBut(BASE, BASE.withPrivacy(2.5, NoiseCalibration.ANALYTIC),
        Set.of("budget.epsilon", "budget.calibration"));
  }

  @Test
  void withKernel_keepsEveryOtherField() {
    ParamsCopies.assertKeepsAllBut(BASE, BASE.withKernel(1.5, 0.2), Set.of("sigma", "alpha"));
  }

  @Test
  void forMechanism_namespacedOption_keepsEveryOtherField() {
    Map<String, String> options = new java.util.TreeMap<>(BASE.options());
    options.put("m.probe", "own");
    MechanismParams namespaced = BASE.toBuilder().options(options).build();
    ParamsCopies.assertKeepsAllBut(namespaced, namespaced.forMechanism("m"), Set.of("options"));
  }

  @Test
  void of_otherBudget_keepsEveryKnob() {
    PrivacyBudget other = new PrivacyBudget(1.5, 1e-9, NoiseCalibration.CLASSIC, NoiseOrigin.SYSTEM);
    ParamsCopies.assertKeepsAllBut(BASE, MechanismParams.of(other, BASE),
        Set.of("budget.epsilon", "budget.delta", "budget.calibration"));
  }

  @Test
  void builderOptions_withoutNoiseSource_keepsTheSystemNoiseSource() {
    Map<String, String> options = new java.util.TreeMap<>(BASE.options());
    options.remove(NoiseOrigin.OPTION);
    options.put("probe", "changed");
    ParamsCopies.assertKeepsAllBut(BASE, BASE.toBuilder().options(options).build(), Set.of("options"));
  }

  /** The check itself must catch a dropped field, or every test above could pass by doing nothing. */
  @Test
  void assertKeepsAllBut_droppedSharedClientQ_fails() {
    MechanismParams dropped = BASE.toBuilder().k(3).sharedClientQ(false).build();
    assertThrows(AssertionError.class, () -> ParamsCopies.assertKeepsAllBut(BASE, dropped, Set.of("k")));
  }

  /** A field inside the budget is compared on its own: a copy that loses the noise source fails. */
  @Test
  void assertKeepsAllBut_droppedNoiseSourceInsideBudget_fails() {
    MechanismParams seeded = BASE.toBuilder().budget(BASE.budget().withNoiseSource(NoiseOrigin.SEEDED)).build();
    assertThrows(AssertionError.class, () -> ParamsCopies.assertKeepsAllBut(BASE, seeded, Set.of("options")));
  }

  @Test
  void assertKeepsAllBut_variedFieldUnchanged_fails() {
    assertThrows(AssertionError.class, () -> ParamsCopies.assertKeepsAllBut(BASE, BASE, Set.of("k")));
  }
}
