package io.pmbench.core.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.ParameterException;
import io.pmbench.core.random.NoiseSampler;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@code --option}: typed records, refusal of unknown, ambiguous and ill-typed keys
 * in one line naming the valid keys, and namespacing ({@code MECHANISM.KEY}). If these fail, a
 * misspelt option would again be ignored silently, or one mechanism's option would reach another.
 */
class MechanismOptionsTest {
  private static final OptionSpec<Integer> STEPS = OptionSpec.integer("steps", 1, "10", "steps");
  private static final OptionSpec<Double> CLIP = OptionSpec.positive("clip", "1.0", "clip");

  /** A mechanism declaring {@code options}; it is never run. */
  private static final class Fake extends MechanismRegistryTest.Stub {
    private final String name;
    private final List<OptionSpec<?>> options;

    Fake(String name, List<OptionSpec<?>> options) {
      this.name = name;
      this.options = options;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public List<OptionSpec<?>> options() {
      return options;
    }
  }

  private static final Fake A = new Fake("a-mech", List.of(STEPS, CLIP));
  private static final Fake B = new Fake("b-mech", List.of(STEPS));
  private static final Fake C = new Fake("c-mech", List.of(OptionSpec.integer("steps", 0, "3", "other steps")));
  private static final Fake NONE = new Fake("none", List.of());

  private static String refusal(Map<String, String> options, EmbeddingMechanism... meant) {
    ParameterException e = assertThrows(ParameterException.class,
        () -> MechanismOptions.check(options, List.of(meant)));
    assertEquals("option", e.parameter());
    return e.message(n -> "--" + n);
  }

  @Test
  void check_unknownKey_oneLineNamingEachMechanismsValidKeys() {
    String m = refusal(Map.of("nosuch", "1"), A, NONE);
    assertTrue(m.startsWith("--option nosuch: "), m);
    assertTrue(m.contains("a-mech: steps, clip"), m);
    assertTrue(m.contains("noiseSampler, noiseSource (every mechanism)"), m);
    assertEquals(1, m.lines().count(), m);
  }

  @Test
  void check_keyOfAMechanismNotMeant_refused() {
    assertTrue(refusal(Map.of("clip", "2"), B, NONE).startsWith("--option clip: "));
  }

  @Test
  void check_illTypedValue_refusedNamingTheOption() {
    assertEquals("--option steps: steps must be an integer >= 1. Provided value: many",
        refusal(Map.of("steps", "many"), A, B));
    assertEquals("--option a-mech.clip: clip must be a number > 0 and finite. Provided value: -1",
        refusal(Map.of("a-mech.clip", "-1"), A));
  }

  @Test
  void check_plainKeyTwoMechanismsDeclareAlike_accepted() {
    MechanismOptions.check(Map.of("steps", "4", NoiseSampler.OPTION, "secure"), List.of(A, B, NONE));
  }

  @Test
  void check_plainKeyTwoMechanismsDeclareDifferently_ambiguousUnlessNamespaced() {
    String m = refusal(Map.of("steps", "4"), A, C);
    assertTrue(m.contains("ambiguous") && m.contains("MECHANISM.steps"), m);
    MechanismOptions.check(Map.of("a-mech.steps", "4", "c-mech.steps", "0"), List.of(A, C));
  }

  @Test
  void check_namespacedKey_mechanismMustBeMeantAndDeclareIt() {
    assertTrue(refusal(Map.of("c-mech.steps", "1"), A).contains("mechanism must be one this command runs (a-mech)"));
    String m = refusal(Map.of("b-mech.clip", "1"), A, B);
    assertTrue(m.startsWith("--option b-mech.clip: b-mech has no option clip; valid keys: "), m);
  }

  @Test
  void resolve_namespacedKey_reachesItsMechanismOnlyAndOverridesThePlainKey() {
    Map<String, String> given = Map.of("steps", "4", "a-mech.steps", "7", "b-mech.clip", "2");
    assertEquals(Map.of("steps", "7"), MechanismOptions.resolve(given, "a-mech"));
    assertEquals(Map.of("steps", "4", "clip", "2"), MechanismOptions.resolve(given, "b-mech"));
    assertEquals(Map.of("steps", "4"), MechanismOptions.resolve(given, "c-mech"));
    Map<String, String> plain = Map.of("steps", "4");
    assertSame(plain, MechanismOptions.resolve(plain, "a-mech"), "plain options pass unchanged");
  }

  @Test
  void inEffect_givenResolvedOrDefault_perMechanism() {
    MechanismParams p = Preset.PAPER.builder(1, 0.5).options(Map.of("steps", "4", "b-mech.steps", "2"))
        .build(0.5, 1e-5);
    Map<String, Map<String, String>> e = MechanismOptions.inEffect(p, List.of(A, B));
    assertEquals("4", e.get("a-mech").get("steps"));
    assertEquals("1.0", e.get("a-mech").get("clip"));
    assertEquals("2", e.get("b-mech").get("steps"));
    assertEquals("standard", e.get("b-mech").get(NoiseSampler.OPTION));
  }

  @Test
  void inEffect_derivedDefault_recordsTheResolvedValueNotItsWords() {
    OptionSpec<Integer> dims = OptionSpec.integer("dims", 1, "k", "dims").derivedFrom(MechanismParams::k);
    Fake c = new Fake("c-mech", List.of(dims));
    MechanismParams p = Preset.PAPER.builder(1, 0.5).k(3).build(0.5, 1e-5);

    assertEquals("3", MechanismOptions.inEffect(p, List.of(c)).get("c-mech").get("dims"));
    assertEquals(3, dims.value(p));
    assertEquals(5, dims.value(p.toBuilder().options(Map.of("dims", "5")).build()));
  }

  @Test
  void forMechanism_noNamespacedKey_sameParametersSoFingerprintsKeep() {
    MechanismParams p = Preset.PAPER.builder(1, 0.5).options(Map.of("steps", "4")).build(0.5, 1e-5);
    assertSame(p, p.forMechanism("a-mech"));
    MechanismParams q = Preset.PAPER.builder(1, 0.5).options(Map.of("a-mech.steps", "9")).build(0.5, 1e-5);
    assertEquals(9, STEPS.value(q.forMechanism("a-mech")));
    assertEquals(10, STEPS.value(q.forMechanism("b-mech")), "the default where the option is another's");
  }

  @Test
  void optionSpec_choiceAndParsers_typedValuesAndOneMessageShape() {
    OptionSpec<NoiseSampler> s = OptionSpec.choice("sampler", NoiseSampler.class, NoiseSampler.STANDARD, "x");
    assertEquals(NoiseSampler.SECURE, s.parse("secure"));
    assertEquals("one of STANDARD, SECURE", s.type());
    assertEquals("sampler must be one of STANDARD, SECURE. Provided value: exact",
        assertThrows(IllegalArgumentException.class, () -> s.parse("exact")).getMessage());
    assertEquals(2.5, CLIP.parse(" 2.5 "));
    assertThrows(IllegalArgumentException.class, () -> CLIP.parse("Infinity"));
    assertThrows(IllegalArgumentException.class, () -> OptionSpec.integer("a.b", 0, "1", "dotted"));
  }
}
