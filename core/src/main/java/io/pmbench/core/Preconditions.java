package io.pmbench.core;

import java.util.Objects;

/**
 * The argument checks of every pmbench module, each with one message shape:
 * {@code "<name> must be <range>. Provided value: <v>"} (after Google differential-privacy's
 * {@code DpPreconditions}). The privacy parameters ε, δ and the sensitivity are checked here and
 * nowhere else ({@link #checkEpsilon}, {@link #checkDelta}, {@link #checkSensitivity},
 * {@link #checkClassicGaussianEpsilon}). Every check throws a {@link ParameterException} naming the
 * parameter (an {@link IllegalArgumentException}, so that a front end can name it its own way) and
 * returns its argument, so a constructor can check and assign in one statement.
 */
public final class Preconditions {
  private Preconditions() {}

  /** Throws unless {@code condition}: "{@code name} must be {@code range}. Provided value: …". */
  public static void require(boolean condition, String name, String range, Object provided) {
    if (!condition) {
      String named = name.matches("[A-Za-z][A-Za-z0-9]*") ? ParameterException.ref(name) : name;
      throw new ParameterException(name, named + " must be " + range + ". Provided value: "
          + Objects.toString(provided).replace("${", "$ {"));
    }
  }

  /** {@code value} must not be {@code null}. */
  public static <T> T nonNull(T value, String name) {
    require(value != null, name, "non-null", null);
    return value;
  }

  /** {@code value} must be non-null and hold a non-whitespace character. */
  public static String nonBlank(String value, String name) {
    require(value != null && !value.isBlank(), name, "a non-blank string",
        value == null ? null : '"' + value + '"');
    return value;
  }

  /** {@code value} must be > 0. */
  public static int positive(int value, String name) {
    require(value > 0, name, "> 0", value);
    return value;
  }

  /** {@code value} must be finite and > 0. */
  public static double positiveFinite(double value, String name) {
    require(value > 0 && Double.isFinite(value), name, "> 0 and finite", value);
    return value;
  }

  /** {@code value} must be finite and >= 0. */
  public static double nonNegativeFinite(double value, String name) {
    require(value >= 0 && Double.isFinite(value), name, ">= 0 and finite", value);
    return value;
  }

  /** Finite and >= 0, or NaN for "not applicable" (e.g. the sensitivity of a non-private mechanism). */
  public static double nonNegativeFiniteOrNaN(double value, String name) {
    require(Double.isNaN(value) || (value >= 0 && Double.isFinite(value)), name,
        "finite and >= 0, or NaN for none", value);
    return value;
  }

  /** {@code value} must lie in [0, 1]. */
  public static double unitInterval(double value, String name) {
    require(value >= 0 && value <= 1, name, "in [0, 1]", value);
    return value;
  }

  /** {@code value} must be >= {@code min}. */
  public static long atLeast(long value, long min, String name) {
    require(value >= min, name, ">= " + min, value);
    return value;
  }

  /** ε must be finite and > 0. */
  public static void checkEpsilon(double epsilon) {
    positiveFinite(epsilon, "epsilon");
  }

  /** δ must be in (0, 1) for a Gaussian mechanism. */
  public static void checkDelta(double delta) {
    require(delta > 0 && delta < 1, "delta", "in (0, 1)", delta);
  }

  /** Sensitivity must be finite and > 0. */
  public static void checkSensitivity(double sensitivity) {
    positiveFinite(sensitivity, "sensitivity");
  }

  /** The classic Gaussian mechanism's range: 0 < ε < 1 (Dwork & Roth 2014, Thm A.1). */
  public static void checkClassicGaussianEpsilon(double epsilon) {
    checkEpsilon(epsilon);
    require(epsilon < 1, "epsilon",
        "< 1 for the CLASSIC Gaussian calibration (use ANALYTIC for epsilon >= 1)", epsilon);
  }
}
