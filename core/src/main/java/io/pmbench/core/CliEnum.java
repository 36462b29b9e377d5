package io.pmbench.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An enum with a user-facing spelling ({@link #cliName()}): the constant's name in lower case with
 * {@code _} written {@code -} (e.g. {@code OFFICIAL_CODE} is {@code official-code}), parsed back by
 * {@link #parse}.
 */
public interface CliEnum {
  /** The constant's name ({@link Enum#name()}). */
  String name();

  /** The user-facing spelling, e.g. {@code official-code}. */
  default String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The constant of {@code values} spelled {@code value}: exactly, or, when {@code lenient}, ignoring
   * case and surrounding blanks. Anything else fails with one line:
   * "{@code option} must be one of <the spellings, in the order of values>. Provided value: …".
   */
  static <E extends CliEnum> E parse(E[] values, String value, String option, boolean lenient) {
    return find(values, value, lenient).orElseThrow(() -> new IllegalArgumentException(option + " must be one of "
        + Arrays.stream(values).map(CliEnum::cliName).collect(Collectors.joining(", ")) + ". Provided value: " + value));
  }

  /** The constant of {@code values} spelled {@code value}, as {@link #parse} matches it, if any. */
  static <E extends CliEnum> Optional<E> find(E[] values, String value, boolean lenient) {
    for (E e : values) {
      if (lenient ? e.cliName().equalsIgnoreCase(value.strip()) : e.cliName().equals(value)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }
}
