package io.pmbench.core.mechanism;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One option a mechanism declares ({@link EmbeddingMechanism#options()}): its key, its type in
 * words, its default as it would be typed, what it does, and the parser that checks a value.
 * {@code pmbench mechanisms NAME} prints these records; the command line refuses a key no meant
 * mechanism declares and a value its parser rejects before any data is loaded; a mechanism reads
 * its value with {@link #value(MechanismParams)}.
 *
 * @param name the key of {@code --option KEY=VALUE} (no {@code .} or {@code =}: {@code MECHANISM.KEY}
 *     names one mechanism's option)
 * @param type the accepted values in words, e.g. {@code integer >= 1} or {@code one of PPCA, MOD_SULQ}
 * @param defaultValue the value used when the option is not given, as it would be typed (or in words
 *     when it depends on other parameters, e.g. {@code k}; the mechanism then reads {@link #given})
 * @param description what the option does, one line
 * @param parser checks and converts a value; throws {@link IllegalArgumentException} naming the
 *     option ({@code "<name> must be <range>. Provided value: <v>"})
 * @param derivedDefault the default computed from the other parameters (e.g. the run's k), or
 *     {@code null} when {@code defaultValue} parses to the default ({@link #derivedFrom})
 * @param <T> the value's type
 */
public record OptionSpec<T>(String name, String type, String defaultValue, String description,
    Function<String, T> parser, Function<MechanismParams, T> derivedDefault) {
  /** Separates a mechanism's name from its option's key in {@code MECHANISM.KEY}. */
  public static final char NAMESPACE = '.';

  public OptionSpec {
    if (name.isBlank() || name.indexOf(NAMESPACE) >= 0 || name.indexOf('=') >= 0) {
      throw new IllegalArgumentException("option name must be non-empty without '.' or '='. Provided value: " + name);
    }
  }

  /** An option whose default is {@code defaultValue} parsed. */
  public OptionSpec(String name, String type, String defaultValue, String description, Function<String, T> parser) {
    this(name, type, defaultValue, description, parser, null);
  }

  /**
   * This option with its default computed from the other parameters by {@code derived}
   * ({@code defaultValue} stays the words {@code pmbench mechanisms} prints, e.g. {@code k}).
   */
  public OptionSpec<T> derivedFrom(Function<MechanismParams, T> derived) {
    return new OptionSpec<>(name, type, defaultValue, description, parser, derived);
  }

  /** An integer option ≥ {@code min}. */
  public static OptionSpec<Integer> integer(String name, int min, String defaultValue, String description) {
    String type = "integer >= " + min;
    return new OptionSpec<>(name, type, defaultValue, description, v -> {
      try {
        int i = Integer.parseInt(v.strip());
        if (i >= min) {
          return i;
        }
      } catch (NumberFormatException e) {
        // reported below with the range
      }
      throw new IllegalArgumentException(name + " must be an " + type + ". Provided value: " + v);
    });
  }

  /** A finite number option &gt; 0. */
  public static OptionSpec<Double> positive(String name, String defaultValue, String description) {
    return new OptionSpec<>(name, "number > 0", defaultValue, description, v -> {
      try {
        double x = Double.parseDouble(v.strip());
        if (x > 0 && Double.isFinite(x)) {
          return x;
        }
      } catch (NumberFormatException e) {
        // reported below with the range
      }
      throw new IllegalArgumentException(name + " must be a number > 0 and finite. Provided value: " + v);
    });
  }

  /**
   * An option naming a constant of {@code type}, matched case-insensitively with {@code -} read
   * as {@code _} (e.g. {@code mod-sulq} for {@code MOD_SULQ}).
   */
  public static <E extends Enum<E>> OptionSpec<E> choice(String name, Class<E> type, E defaultValue,
      String description) {
    String values = Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", "));
    return new OptionSpec<>(name, "one of " + values, defaultValue.name(), description, v -> {
      String key = v.strip().toUpperCase(Locale.ROOT).replace('-', '_');
      for (E e : type.getEnumConstants()) {
        if (e.name().equals(key)) {
          return e;
        }
      }
      throw new IllegalArgumentException(name + " must be one of " + values + ". Provided value: " + v);
    });
  }

  /** Checks and converts {@code value}; throws naming the option. */
  public T parse(String value) {
    return parser.apply(value);
  }

  /** The value given in {@code params}, if any (checked). */
  public Optional<T> given(MechanismParams params) {
    return params.option(name).map(this::parse);
  }

  /** The value given in {@code params}, else the (derived or declared) default (both checked). */
  public T value(MechanismParams params) {
    return given(params).orElseGet(() -> defaultFor(params));
  }

  /**
   * The value in effect under {@code params} as it would be typed, for provenance: the given text,
   * else the derived default (e.g. {@code 2} for a default of k at k = 2), else {@code defaultValue}.
   */
  public String resolvedText(MechanismParams params) {
    return params.option(name).orElseGet(() -> derivedDefault == null ? defaultValue
        : String.valueOf(derivedDefault.apply(params)));
  }

  private T defaultFor(MechanismParams params) {
    return derivedDefault == null ? parse(defaultValue) : derivedDefault.apply(params);
  }

  /** One line for {@code pmbench mechanisms NAME}: key, type, default and description. */
  public String line() {
    return String.format(Locale.ROOT, "%-18s %-28s %-16s %s", name, type, defaultValue, description);
  }
}
