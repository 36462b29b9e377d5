package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.NoiseCalibration;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks that a copy of {@link MechanismParams} with some knobs changed keeps every other field.
 * A hand-written copy once reset {@code sharedClientQ} to false in fig5 and fig3 while run.json
 * recorded true; {@link #assertKeepsAllBut} compares every record component by reflection, so a
 * field added later is covered without editing the check.
 */
public final class ParamsCopies {
  /** Number of components of {@link MechanismParams} that {@link #distinctive()} sets. */
  private static final int COMPONENTS = 15;

  private ParamsCopies() {}

  /**
   * Parameters whose every field differs from any default a dropped field could fall back to
   * (false, zero, the first enum constant, no options, the presets' values).
   *
   * @throws AssertionError if {@link MechanismParams} gained a component this method does not set
   */
  public static MechanismParams distinctive() {
    assertEquals(COMPONENTS, MechanismParams.class.getRecordComponents().length,
        "MechanismParams gained a field: give it a non-default value in ParamsCopies.distinctive()");
    return new MechanismParams(0.37, 3e-7, 4.25, 0.83, 5, 0.0625, 7, 9, FeatureKernelScale.SIGMA,
        LabelKernel.SAME_CLASS, NoiseCalibration.OFFICIAL_CODE, true, true, true, Map.of("probe", "kept"));
  }

  /**
   * Asserts that {@code copy} equals {@code original} in every component not named in
   * {@code varied}, and differs from it in each one named.
   */
  public static void assertKeepsAllBut(MechanismParams original, MechanismParams copy, Set<String> varied) {
    Set<String> unknown = new TreeSet<>(varied);
    for (RecordComponent c : MechanismParams.class.getRecordComponents()) {
      Object before = value(c, original);
      Object after = value(c, copy);
      if (unknown.remove(c.getName())) {
        assertNotEquals(before, after, c.getName() + " was meant to vary but kept its value");
      } else {
        assertEquals(before, after, c.getName() + " was dropped by the copy");
      }
    }
    assertEquals(Set.of(), unknown, "no such MechanismParams components");
  }

  private static Object value(RecordComponent c, MechanismParams p) {
    try {
      return c.getAccessor().invoke(p);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + c.getName(), e);
    }
  }
}
