package io.pmbench.runs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CodeVersionTest {
  // Fails if version.properties is not filtered by Maven (reports/pom.xml <resources>).
  @Test
  void current_builtByMaven_isFilteredProjectVersion() {
    String version = CodeVersion.current();
    assertTrue(version.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), version);
  }
}
