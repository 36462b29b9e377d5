package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.NoiseSampler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trial cap of heavy stages under the secure sampler (what keeps {@code --noise-sampler secure} fast). */
class AuditSettingsTest {
  /**
   * The mechanisms the audit discovers under the secure sampler at the defaults, pinned: one that
   * drops out of discovery fails here instead of silently losing its trial-cap check.
   */
  private static final List<String> AUDITED = List.of("dp-dsne", "private-pca", "private-rp", "privatemail",
      "privatemail-v1", "public-pca", "public-pca-tuned", "shuffled-labels", "simhash-rr");

  private static AuditStage stage(int releases, int coordinates) {
    double[] f = new double[coordinates];
    return new AuditStage("s", f, 1, AuditStage.Norm.L2, 1, 0.1, 1e-5, releases, noise -> f, "test stage");
  }

  @Test
  void trialsFor_heavyStageUnderSecureSampler_capped() {
    AuditSettings secure = AuditSettings.defaults(1, Preset.PAPER).withSampler(NoiseSampler.SECURE);
    assertEquals(AuditSettings.SECURE_HEAVY_TRIALS, secure.trialsFor(stage(1000, 10)));
    assertEquals(500, secure.withTrials(500).trialsFor(stage(1000, 80)), "a cap never raises the trials asked");
  }

  @Test
  void trialsFor_dpDsneUnderSecureSampler_cappedAndOthersNot() {
    // fails if dp-dsne's stage is not heavy (its secure audit then takes ten minutes) or another is
    AuditSettings secure = AuditSettings.defaults(1, Preset.PAPER).withSampler(NoiseSampler.SECURE);
    assertEquals(AUDITED, Targets.mechanisms(secure));
    for (String m : AUDITED) {
      for (AuditTarget t : Targets.of(m, secure)) {
        AuditStage st = t.stage(t.randomData(new java.util.SplittableRandom(1)));
        assertEquals(m.equals("dp-dsne") ? AuditSettings.SECURE_HEAVY_TRIALS : secure.trials(), secure.trialsFor(st),
            m + " " + t.stageName());
      }
    }
  }

  @Test
  void trialsFor_lightStageOrStandardSampler_allTrials() {
    AuditSettings secure = AuditSettings.defaults(1, Preset.PAPER).withSampler(NoiseSampler.SECURE);
    assertEquals(secure.trials(), secure.trialsFor(stage(1, 80)));
    assertEquals(secure.trials(), secure.trialsFor(stage(1, AuditSettings.SECURE_HEAVY_DRAWS)));
    AuditSettings standard = AuditSettings.defaults(1, Preset.PAPER);
    assertEquals(standard.trials(), standard.trialsFor(stage(1000, 80)));
  }
}
