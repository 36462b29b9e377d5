package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismParams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code MechanismParams} is made only by its builder: a hand-called many-argument constructor is
 * how {@code sharedClientQ} was once dropped (issue 36). Scans every Java source of the repository
 * (plugin example included) for a call of the canonical constructor outside its own file; the one
 * test allowed to call it checks the constructor's own refusal of an inconsistent noise source.
 */
class ParamsConstructionTest {
  /** The constructor call, assembled so that this file does not hold it. */
  private static final String CALL = "new " + MechanismParams.class.getSimpleName() + "(";
  private static final List<String> ALLOWED = List.of(
      "core/src/main/java/io/pmbench/core/mechanism/MechanismParams.java",
      "core/src/test/java/io/pmbench/core/mechanism/MechanismParamsTest.java");

  @Test
  void sources_constructorCalledOutsideItsBuilder_none() throws IOException {
    Path root = repositoryRoot();
    List<String> callers;
    try (Stream<Path> files = Files.walk(root)) {
      callers = files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/")
              && !p.toString().contains("/target/"))
          .filter(p -> read(p).contains(CALL))
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(p -> !ALLOWED.contains(p)).sorted().toList();
    }
    assertEquals(List.of(), callers, "copy with toBuilder() or build with MechanismParams.builder()");
  }

  /** The scan must see the builder's own call, or it could pass by reading nothing. */
  @Test
  void sources_builderFile_isFoundAndCallsTheConstructor() {
    Path own = repositoryRoot().resolve(ALLOWED.get(0));
    assertTrue(read(own).contains(CALL), own + " should hold the builder's constructor call");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path repositoryRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("core"))
          && Files.isRegularFile(p.resolve("README.md"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root (pom.xml, README.md and core/) above "
        + Path.of("").toAbsolutePath());
  }
}
