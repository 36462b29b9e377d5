package io.pmbench.reports;

import java.util.Objects;

/**
 * The argument checks of this package, all with one message shape: {@code "<name> must be
 * <range>. Provided value: %s"}.
 */
final class Checks {
  private Checks() {}

  static String nonBlank(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          name + " must be a non-blank string. Provided value: " + quoted(value));
    }
    return value;
  }

  static String nonNull(String value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must be non-null. Provided value: null");
    }
    return value;
  }

  static <T> T nonNullObject(T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must be non-null. Provided value: null");
    }
    return value;
  }

  static double positiveFinite(double value, String name) {
    if (!(value > 0) || !Double.isFinite(value)) {
      throw new IllegalArgumentException(
          name + " must be finite and > 0. Provided value: " + value);
    }
    return value;
  }

  static double nonNegativeFinite(double value, String name) {
    if (!(value >= 0) || !Double.isFinite(value)) {
      throw new IllegalArgumentException(
          name + " must be finite and >= 0. Provided value: " + value);
    }
    return value;
  }

  /** NaN stands for "not applicable" (e.g. the sensitivity of a non-private mechanism). */
  static double nonNegativeFiniteOrNaN(double value, String name) {
    if (!Double.isNaN(value) && (!(value >= 0) || !Double.isFinite(value))) {
      throw new IllegalArgumentException(
          name + " must be finite and >= 0, or NaN for none. Provided value: " + value);
    }
    return value;
  }

  static double unitInterval(double value, String name) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1]. Provided value: " + value);
    }
    return value;
  }

  static long atLeast(long value, long min, String name) {
    if (value < min) {
      throw new IllegalArgumentException(
          name + " must be >= " + min + ". Provided value: " + value);
    }
    return value;
  }

  private static String quoted(String value) {
    return value == null ? "null" : '"' + value + '"';
  }

  static void require(boolean condition, String name, String range, Object provided) {
    if (!condition) {
      throw new IllegalArgumentException(
          name + " must be " + range + ". Provided value: " + Objects.toString(provided));
    }
  }
}
