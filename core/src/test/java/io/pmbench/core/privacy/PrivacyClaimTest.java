package io.pmbench.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PrivacyClaimTest {
  @Test
  void summary_formatsEachGuarantee() {
    PrivacyClaim c = new PrivacyClaim(Guarantee.APPROXIMATE_DP, 0.1, 1e-5, 2, 3, "CLASSIC", "x", "y", List.of());
    assertEquals("(0.1, 1.0E-5)-DP", c.summary());
    assertEquals("none", PrivacyClaim.none("reference").summary());
  }

  @Test
  void constructor_dpWithoutEpsilon_refuses() {
    assertThrows(IllegalArgumentException.class,
        () -> new PrivacyClaim(Guarantee.APPROXIMATE_DP, 0, 1e-5, 1, 1, "CLASSIC", "x", "y", List.of()));
  }
}
