package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The claims are about the mechanism that declares itself their subject in its {@code Reporting},
 * not a name written into the claims code. Fails if no registered mechanism, or a second one,
 * declares it, or if PrivateMail stops being the one.
 */
class ClaimsSubjectTest {
  @Test
  void subject_registeredMechanisms_isPrivateMail() {
    assertEquals("privatemail", ReportPages.subject());
  }
}
