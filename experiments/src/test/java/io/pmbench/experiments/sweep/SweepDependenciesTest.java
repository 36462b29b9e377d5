package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The classes of {@code sweep} depend on each other one way: no class's code (comments and
 * string literals left out) names a class that names it back, directly or through others. It
 * fails when, e.g., {@link Engine} constructs {@link LocalEngine} again, or {@link RunCheck} reads
 * a constant of {@link CellStore} while the store calls the check.
 */
class SweepDependenciesTest {
  private static final Path SOURCES = Path.of("src/main/java/io/pmbench/experiments/sweep");
  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
  private static final Pattern STRINGS = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

  /** Each class of the package to the package's other classes its code names. */
  static Map<String, Set<String>> references() throws IOException {
    Map<String, String> code = new TreeMap<>();
    try (Stream<Path> files = Files.list(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String name = f.getFileName().toString().replace(".java", "");
        if (!name.equals("package-info")) {
          String text = COMMENTS.matcher(Files.readString(f)).replaceAll(" ");
          code.put(name, STRINGS.matcher(text).replaceAll("\"\""));
        }
      }
    }
    Map<String, Set<String>> refs = new TreeMap<>();
    code.forEach((name, text) -> {
      Set<String> named = new HashSet<>();
      code.keySet().stream().filter(o -> !o.equals(name) && Pattern.compile("\\b" + o + "\\b").matcher(text).find())
          .forEach(named::add);
      refs.put(name, named);
    });
    return refs;
  }

  /** The path from {@code from} back to {@code target} through {@code refs}, if any. */
  private static List<String> pathBack(String from, String target, Map<String, Set<String>> refs, Set<String> seen) {
    for (String next : refs.get(from)) {
      if (next.equals(target)) {
        return new ArrayList<>(List.of(from, next));
      }
      if (seen.add(next)) {
        List<String> rest = pathBack(next, target, refs, seen);
        if (!rest.isEmpty()) {
          rest.add(0, from);
          return rest;
        }
      }
    }
    return List.of();
  }

  @Test
  void sweepClasses_noClassReachesBackToItself() throws IOException {
    Map<String, Set<String>> refs = references();
    assertTrue(refs.size() >= 20 && refs.get("CellStore").contains("RunCheck"),
        "the sources must be read (run from the module directory): " + refs.keySet());
    for (String c : refs.keySet()) {
      assertEquals(List.of(), pathBack(c, c, refs, new HashSet<>()), c + " reaches back to itself");
    }
  }
}
