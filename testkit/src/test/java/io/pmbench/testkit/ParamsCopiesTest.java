package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Core's copies of {@link MechanismParams} keep every field they do not change. */
class ParamsCopiesTest {
  private static final MechanismParams BASE = ParamsCopies.distinctive();

  @Test
  void toBuilder_unchanged_equalsOriginal() {
    assertEquals(BASE, BASE.toBuilder().build());
  }

  @Test
  void withPrivacy_keepsEveryOtherField() {
    ParamsCopies.assertKeepsAllBut(BASE, BASE.withPrivacy(2.5, NoiseCalibration.ANALYTIC),
        Set.of("epsilon", "calibration"));
  }

  @Test
  void withKernel_keepsEveryOtherField() {
    ParamsCopies.assertKeepsAllBut(BASE, BASE.withKernel(1.5, 0.2), Set.of("sigma", "alpha"));
  }

  @Test
  void forMechanism_namespacedOption_keepsEveryOtherField() {
    MechanismParams namespaced = BASE.toBuilder().options(Map.of("m.probe", "own")).build();
    ParamsCopies.assertKeepsAllBut(namespaced, namespaced.forMechanism("m"), Set.of("options"));
  }

  /** The check itself must catch a dropped field, or every test above could pass by doing nothing. */
  @Test
  void assertKeepsAllBut_droppedSharedClientQ_fails() {
    MechanismParams dropped = new MechanismParams(BASE.epsilon(), BASE.delta(), BASE.sigma(), BASE.alpha(), 3,
        BASE.sigmaQ(), BASE.iterations(), BASE.serverIterations(), BASE.featureKernelScale(), BASE.labelKernel(),
        BASE.calibration(), BASE.renormalize(), BASE.officialCodeMii(), false, BASE.options());
    assertThrows(AssertionError.class, () -> ParamsCopies.assertKeepsAllBut(BASE, dropped, Set.of("k")));
  }

  @Test
  void assertKeepsAllBut_variedFieldUnchanged_fails() {
    assertThrows(AssertionError.class, () -> ParamsCopies.assertKeepsAllBut(BASE, BASE, Set.of("k")));
  }
}
