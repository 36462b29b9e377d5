package io.pmbench.experiments.filter;

/** Argument checks of this package, with the project's one message shape. */
final class Args {
  private Args() {}

  /** Throws unless {@code ok}: "{@code name} must be {@code range}. Provided value: {@code value}". */
  static void require(boolean ok, String name, String range, Object value) {
    if (!ok) {
      throw new IllegalArgumentException(name + " must be " + range + ". Provided value: " + value);
    }
  }

  static int positive(int v, String name) {
    require(v > 0, name, "> 0", v);
    return v;
  }

  static double positive(double v, String name) {
    require(v > 0 && Double.isFinite(v), name, "> 0 and finite", v);
    return v;
  }

  static double nonNegative(double v, String name) {
    require(v >= 0 && Double.isFinite(v), name, ">= 0 and finite", v);
    return v;
  }
}
