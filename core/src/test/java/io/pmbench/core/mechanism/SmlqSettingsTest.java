package io.pmbench.core.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SmlqSettings}: every SMLQ knob declared once, its value the parameters' own. */
class SmlqSettingsTest {
  @Test
  void declared_namesEveryComponentInOrder() {
    List<String> components = Arrays.stream(SmlqSettings.class.getRecordComponents()).map(RecordComponent::getName)
        .toList();

    assertEquals(components, SmlqSettings.DECLARED.stream().map(OptionSpec::name).toList());
  }

  @Test
  void declaredValue_officialCodeParams_equalsEachTypedField() throws ReflectiveOperationException {
    MechanismParams p = Preset.OFFICIAL_CODE.builder(4, 0.7).k(3).iterations(9).build(0.3, 1e-5);
    SmlqSettings s = p.smlq();

    for (OptionSpec<?> spec : SmlqSettings.DECLARED) {
      Object field = SmlqSettings.class.getMethod(spec.name()).invoke(s);
      assertEquals(field, spec.value(p), spec.name());
      assertEquals(String.valueOf(field), spec.resolvedText(p), spec.name());
    }
  }

  @Test
  void declaredFlag_notABoolean_throwsNamingTheSetting() {
    OptionSpec<?> renormalize = SmlqSettings.DECLARED.stream().filter(o -> o.name().equals("renormalize"))
        .findFirst().orElseThrow();

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> renormalize.parse("yes"));

    assertEquals("renormalize must be true or false. Provided value: yes", e.getMessage());
  }
}
