package io.pmbench.core;

import java.util.Optional;

/**
 * Loads an implementation that uses the incubating {@code jdk.incubator.vector}, only when the JVM
 * has that module in its boot layer ({@code --add-modules jdk.incubator.vector}: the
 * {@code pmbench} launcher, surefire, the benchmarks' forks). Callers keep a scalar path with the
 * same bits for when it is absent ({@code java -jar} without the option, Spark executors).
 */
public final class VectorModule {
  private VectorModule() {}

  /**
   * A new instance of {@code className} (a public or package-private class with a no-argument
   * constructor, implementing {@code type}), or empty when the vector module is not in the boot
   * layer or the class cannot be loaded or made.
   */
  public static <T> Optional<T> load(Class<T> type, String className) {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return Optional.empty();
    }
    try {
      var constructor = Class.forName(className).asSubclass(type).getDeclaredConstructor();
      constructor.setAccessible(true);
      return Optional.of(constructor.newInstance());
    } catch (ReflectiveOperationException | LinkageError | ClassCastException | SecurityException e) {
      return Optional.empty();
    }
  }
}
