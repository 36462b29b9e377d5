package io.pmbench.core.mechanism;

import io.pmbench.core.DidYouMean;
import io.pmbench.core.ParameterException;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The options every mechanism accepts, and the rules of {@code --option}: a key {@code KEY}
 * applies to every meant mechanism that declares it, {@code MECHANISM.KEY} to that mechanism
 * only. {@link #check} refuses, in one line naming the mechanisms and their valid keys, a key no
 * meant mechanism declares, a plain key two meant mechanisms declare differently, and a value
 * the option's parser rejects; {@link #resolve} gives one mechanism its own view.
 */
public final class MechanismOptions {
  private MechanismOptions() {}

  /** {@code noiseSampler}: how every mechanism's privacy noise is drawn ({@link NoiseSampler}). */
  public static final OptionSpec<NoiseSampler> NOISE_SAMPLER = new OptionSpec<>(NoiseSampler.OPTION,
      "one of standard, secure", NoiseSampler.STANDARD.cliName(),
      "how privacy noise is drawn: double precision, or exact discrete (floating-point safe; corrected's default)",
      NoiseSampler::parse);

  /** {@code noiseSource}: where the privacy noise's bits come from ({@link NoiseOrigin}; set by {@code --noise-source}). */
  public static final OptionSpec<NoiseOrigin> NOISE_SOURCE = new OptionSpec<>(NoiseOrigin.OPTION,
      "one of seeded, system", NoiseOrigin.SEEDED.cliName(),
      "where privacy noise comes from: the run's seeds, or an OS-seeded DRBG",
      NoiseOrigin::parse);

  /** The options every mechanism accepts (read by {@link MechanismParams} itself). */
  public static final List<OptionSpec<?>> COMMON = List.of(NOISE_SAMPLER, NOISE_SOURCE);

  /** Every option {@code m} accepts: its own, then {@link #COMMON}. */
  public static List<OptionSpec<?>> accepted(EmbeddingMechanism m) {
    List<OptionSpec<?>> out = new ArrayList<>(m.options());
    COMMON.stream().filter(c -> out.stream().noneMatch(o -> o.name().equals(c.name()))).forEach(out::add);
    return out;
  }

  /**
   * The options {@code mechanism} sees: every plain key, with {@code mechanism.KEY} overriding
   * {@code KEY}, and other mechanisms' namespaced keys dropped. Returns {@code options} itself
   * when none is namespaced.
   */
  public static Map<String, String> resolve(Map<String, String> options, String mechanism) {
    if (options.keySet().stream().noneMatch(k -> k.indexOf(OptionSpec.NAMESPACE) >= 0)) {
      return options;
    }
    Map<String, String> out = new TreeMap<>();
    options.forEach((k, v) -> {
      if (k.indexOf(OptionSpec.NAMESPACE) < 0) {
        out.putIfAbsent(k, v);
      }
    });
    options.forEach((k, v) -> {
      int dot = k.lastIndexOf(OptionSpec.NAMESPACE);
      if (dot >= 0 && k.substring(0, dot).equals(mechanism)) {
        out.put(k.substring(dot + 1), v);
      }
    });
    return out;
  }

  /**
   * Checks every {@code --option} key and value against the mechanisms a command runs; throws
   * {@link IllegalArgumentException} with one line otherwise.
   *
   * @param options the options as given ({@code KEY} or {@code MECHANISM.KEY} to value)
   * @param meant the mechanisms the command runs
   */
  public static void check(Map<String, String> options, Collection<EmbeddingMechanism> meant) {
    Map<String, EmbeddingMechanism> byName = new TreeMap<>();
    meant.forEach(m -> byName.put(m.name(), m));
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey();
      int dot = key.lastIndexOf(OptionSpec.NAMESPACE);
      if (dot >= 0) {
        String mechanism = key.substring(0, dot);
        EmbeddingMechanism m = byName.get(mechanism);
        if (m == null) {
          throw new ParameterException("option", "${option} " + key + ": mechanism must be one this command runs ("
              + String.join(", ", byName.keySet()) + "). Provided value: " + mechanism
              + DidYouMean.hint(mechanism, byName.keySet()));
        }
        parse(key, spec(m, key.substring(dot + 1)).orElseThrow(() -> new ParameterException("option",
            "${option} " + key + ": " + m.name() + " has no option " + key.substring(dot + 1)
                + DidYouMean.hint(key.substring(dot + 1), names(List.of(m))) + "; valid keys: " + keys(List.of(m)))),
            e.getValue());
        continue;
      }
      Map<OptionSpec<?>, List<String>> declaring = new LinkedHashMap<>();
      byName.values().forEach(m -> spec(m, key).ifPresent(s -> declaring.computeIfAbsent(s, x -> new ArrayList<>())
          .add(m.name())));
      if (declaring.isEmpty()) {
        throw new ParameterException("option", "${option} " + key + ": no mechanism of this command ("
            + String.join(", ", byName.keySet()) + ") has it" + DidYouMean.hint(key, names(byName.values()))
            + "; valid keys: " + keys(byName.values()));
      }
      if (declaring.size() > 1) {
        throw new ParameterException("option", "${option} " + key + " is ambiguous: " + declaring.values().stream()
            .map(ms -> String.join(", ", ms)).collect(Collectors.joining(" and ")) + " declare different options of"
            + " that name; write MECHANISM." + key + "=VALUE");
      }
      parse(key, declaring.keySet().iterator().next(), e.getValue());
    }
  }

  /**
   * Every option of each of {@code mechanisms} as it is in effect under {@code params} (given,
   * resolved for that mechanism, or the default, a derived default computed from {@code params}),
   * for provenance: mechanism name → key → value as typed.
   */
  public static Map<String, Map<String, String>> inEffect(MechanismParams params,
      Collection<EmbeddingMechanism> mechanisms) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (EmbeddingMechanism m : mechanisms) {
      MechanismParams own = params.forMechanism(m.name());
      Map<String, String> values = new TreeMap<>();
      accepted(m).forEach(s -> values.put(s.name(), s.resolvedText(own)));
      out.put(m.name(), values);
    }
    return out;
  }

  private static java.util.Optional<OptionSpec<?>> spec(EmbeddingMechanism m, String key) {
    return accepted(m).stream().filter(s -> s.name().equals(key)).findFirst();
  }

  private static void parse(String key, OptionSpec<?> spec, String value) {
    try {
      spec.parse(value);
    } catch (IllegalArgumentException ex) {
      throw new ParameterException("option", "${option} " + key + ": " + ex.getMessage(), ex);
    }
  }

  /** Every key {@code mechanisms} accept: the common ones, then each one's own, in order. */
  private static Set<String> names(Collection<EmbeddingMechanism> mechanisms) {
    Set<String> names = COMMON.stream().map(OptionSpec::name).collect(Collectors.toCollection(
        java.util.LinkedHashSet::new));
    mechanisms.forEach(m -> m.options().forEach(o -> names.add(o.name())));
    return names;
  }

  /**
   * The valid keys of {@code mechanisms} in one line: the common ones once, then each group of
   * mechanisms with the same own keys, e.g. {@code noiseSampler, noiseSource (every mechanism);
   * smlq, privatemail: server, serverNeighbours}.
   */
  public static String keys(Collection<EmbeddingMechanism> mechanisms) {
    Set<String> common = COMMON.stream().map(OptionSpec::name).collect(Collectors.toCollection(
        java.util.LinkedHashSet::new));
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (EmbeddingMechanism m : mechanisms) {
      String own = m.options().stream().map(OptionSpec::name).filter(n -> !common.contains(n))
          .collect(Collectors.joining(", "));
      if (!own.isEmpty()) {
        groups.computeIfAbsent(own, x -> new ArrayList<>()).add(m.name());
      }
    }
    StringBuilder sb = new StringBuilder(String.join(", ", common)).append(" (every mechanism)");
    groups.forEach((own, ms) -> sb.append("; ").append(String.join(", ", ms)).append(": ").append(own));
    return sb.append("; MECHANISM.KEY for one mechanism only").toString();
  }
}
