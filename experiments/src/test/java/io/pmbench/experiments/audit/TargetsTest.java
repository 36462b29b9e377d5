package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.Preset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit finds its targets in the registry: every private mechanism that opens a noisy stage,
 * and no other. Fails if a private mechanism silently drops out of {@code pmbench audit all} (its
 * claim would go unchecked) or a non-private one is audited.
 */
class TargetsTest {
  private static final AuditSettings S = AuditSettings.defaults(1, Preset.PAPER).withTrials(100);

  @Test
  void mechanisms_defaultSettings_areTheRegisteredAuditableOnes() {
    assertEquals(List.of("dp-dsne", "private-pca", "private-rp", "privatemail", "privatemail-v1", "public-pca",
        "public-pca-tuned", "shuffled-labels", "simhash-rr"), Targets.mechanisms(S));
  }

  @Test
  void of_labels_calibrationOrTheMechanismsOwnNoiseRule() {
    assertEquals(List.of("CLASSIC", "ANALYTIC", "OFFICIAL_CODE"),
        Targets.of("privatemail", S).stream().map(AuditTarget::calibration).toList());
    assertEquals("CLASSIC", Targets.of("public-pca", S).get(0).calibration());
    assertEquals("CLASSIC", Targets.of("shuffled-labels", S).get(0).calibration());
    assertEquals("RANDOMISED_RESPONSE", Targets.of("simhash-rr", S).get(0).calibration());
    assertTrue(Targets.of("privatemail-v1", S).stream().allMatch(t -> t.calibration().equals("APPENDIX_B (Laplace)")));
  }

  @Test
  void of_nonPrivateMechanism_failsListingTheAuditedOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Targets.of("label-only", S));
    assertTrue(e.getMessage().startsWith("--mechanism must be one of dp-dsne, private-pca,"), e.getMessage());
    assertTrue(e.getMessage().endsWith("Provided value: label-only"), e.getMessage());
  }
}
