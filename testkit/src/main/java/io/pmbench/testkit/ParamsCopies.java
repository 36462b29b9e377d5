package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks that a copy of {@link MechanismParams} with some knobs changed keeps every other field.
 * A hand-written copy once reset {@code sharedClientQ} to false in fig5 and fig3 while run.json
 * recorded true; {@link #assertKeepsAllBut} compares every field by reflection over the record
 * components, descending into components that are records themselves (the budget's ε, δ,
 * calibration and noise source are compared one by one, as {@code budget.epsilon} ...), so a field
 * added later is covered without editing the check.
 */
public final class ParamsCopies {
  /** Number of fields (nested record components counted one by one) that {@link #distinctive()} sets. */
  private static final int FIELDS = 16;

  private ParamsCopies() {}

  /**
   * Parameters whose every field differs from any default a dropped field could fall back to
   * (false, zero, the first enum constant, seeded noise, no options, the presets' values).
   *
   * @throws AssertionError if {@link MechanismParams} gained a field this method does not set
   */
  public static MechanismParams distinctive() {
    MechanismParams p = MechanismParams.builder()
        .budget(new PrivacyBudget(0.37, 3e-7, NoiseCalibration.OFFICIAL_CODE, NoiseOrigin.SYSTEM))
        .sigma(4.25).alpha(0.83).k(5).sigmaQ(0.0625).iterations(7).serverIterations(9)
        .featureKernelScale(FeatureKernelScale.SIGMA).labelKernel(LabelKernel.SAME_CLASS)
        .renormalize(true).officialCodeMii(true).sharedClientQ(true)
        .options(Map.of("probe", "kept", NoiseSampler.OPTION, NoiseSampler.SECURE.cliName(),
            NoiseOrigin.OPTION, NoiseOrigin.SYSTEM.cliName()))
        .build();
    assertEquals(FIELDS, fields(p).size(),
        "MechanismParams gained a field: give it a non-default value in ParamsCopies.distinctive()");
    return p;
  }

  /**
   * Asserts that {@code copy} equals {@code original} in every field not named in {@code varied},
   * and differs from it in each one named (a nested field as {@code budget.epsilon}).
   */
  public static void assertKeepsAllBut(MechanismParams original, MechanismParams copy, Set<String> varied) {
    Set<String> unknown = new TreeSet<>(varied);
    Map<String, Object> after = fields(copy);
    fields(original).forEach((name, before) -> {
      if (unknown.remove(name)) {
        assertNotEquals(before, after.get(name), name + " was meant to vary but kept its value");
      } else {
        assertEquals(before, after.get(name), name + " was dropped by the copy");
      }
    });
    assertEquals(Set.of(), unknown, "no such MechanismParams fields");
  }

  /** Every field of {@code p} by name, nested records flattened ({@code budget.epsilon}). */
  static Map<String, Object> fields(MechanismParams p) {
    Map<String, Object> out = new TreeMap<>();
    flatten("", p, out);
    return out;
  }

  private static void flatten(String prefix, Record r, Map<String, Object> out) {
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      Object v = value(c, r);
      if (v instanceof Record nested) {
        flatten(prefix + c.getName() + ".", nested, out);
      } else {
        out.put(prefix + c.getName(), v);
      }
    }
  }

  private static Object value(RecordComponent c, Record r) {
    try {
      return c.getAccessor().invoke(r);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + c.getName(), e);
    }
  }
}
