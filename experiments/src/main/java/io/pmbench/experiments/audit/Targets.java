package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.NoiseSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The audit targets of every private mechanism, taken from the registry: {@code privatemail}
 * under each calibration (CLASSIC — only at ε &lt; 1, where it is valid, SPEC.md §9 — ANALYTIC,
 * OFFICIAL_CODE), {@code private-rp}, {@code private-pca}, {@code dp-dsne} under the settings'
 * preset's calibration at ε ({@link Preset#calibrationFor}: {@code paper} CLASSIC below ε = 1 and
 * ANALYTIC from 1, {@code corrected} ANALYTIC, {@code official-code} OFFICIAL_CODE), and
 * {@code privatemail-v1}; one target per noisy stage the mechanism opens ({@link io.pmbench.core.mechanism.Auditable}).
 * Parameters are the settings' preset's (its kernels, renormalisation and M_ii; SPEC.md §8) at the
 * settings' σ, α, k and noise sampler, with each mechanism's default options.
 */
public final class Targets {
  /** The mechanisms {@code pmbench audit} covers, in table order. */
  public static final List<String> MECHANISMS = List.of("privatemail", "private-rp", "private-pca", "dp-dsne",
      "privatemail-v1");

  private Targets() {}

  /** Every target of one mechanism; an unknown name fails listing the known ones. */
  public static List<AuditTarget> of(String mechanism, AuditSettings s) {
    if (!MECHANISMS.contains(mechanism)) {
      throw new IllegalArgumentException("--mechanism must be one of " + String.join(", ", MECHANISMS)
          + " (the private mechanisms). Provided value: " + mechanism);
    }
    EmbeddingMechanism m = MechanismRegistry.discover().get(mechanism);
    List<NoiseCalibration> calibrations = new ArrayList<>();
    if (mechanism.equals("privatemail")) {
      for (NoiseCalibration c : NoiseCalibration.values()) {
        if (c != NoiseCalibration.CLASSIC || s.epsilon() < 1) {
          calibrations.add(c);
        }
      }
    } else {
      calibrations.add(s.preset().calibrationFor(s.epsilon()));
    }
    List<AuditTarget> out = new ArrayList<>();
    for (NoiseCalibration c : calibrations) {
      MechanismParams p = params(s, c);
      String label = mechanism.equals("privatemail-v1") ? "APPENDIX_B (Laplace)" : c.name();
      out.addAll(AuditTarget.stages(m, p, label, s));
    }
    return out;
  }

  /** The target of one mechanism, calibration and stage (for replay). */
  static AuditTarget of(String mechanism, String calibration, String stage, AuditSettings s) {
    return of(mechanism, s).stream().filter(t -> t.calibration().equals(calibration) && t.stageName().equals(stage))
        .findFirst().orElseThrow(() -> new IllegalArgumentException("calibration " + calibration + ", stage " + stage
            + " is not audited for " + mechanism + ". Provided value: " + calibration + ", " + stage));
  }

  /** The settings' preset's parameters at the settings, with calibration {@code c}. */
  static MechanismParams params(AuditSettings s, NoiseCalibration c) {
    return s.preset().builder(s.sigma(), s.alpha()).k(s.k()).calibration(c)
        .options(Map.of(NoiseSampler.OPTION, s.sampler().cliName())).build(s.epsilon(), s.delta());
  }
}
