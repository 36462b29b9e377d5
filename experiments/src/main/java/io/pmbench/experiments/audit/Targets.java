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
 * The audit targets, discovered in the registry: every mechanism that reads ε (a mechanism claiming
 * differential privacy must, {@link EmbeddingMechanism#readsEpsilon}) and whose client side, built
 * on the audit's small public set, opens at least one noisy stage ({@link io.pmbench.core.mechanism.Auditable}),
 * in the registry's (name) order; one target per stage. Each is audited under the settings'
 * preset's calibration at ε ({@link Preset#calibrationFor}: {@code paper} CLASSIC below ε = 1 and
 * ANALYTIC from 1, {@code corrected} ANALYTIC, {@code official-code} OFFICIAL_CODE), labelled with
 * the mechanism's own noise rule where it has one (privatemail-v1's Laplace scale). A mechanism
 * that declares itself the subject of the claims ({@link io.pmbench.core.mechanism.Reporting#subject()},
 * {@code privatemail}) is audited under every calibration (CLASSIC only at ε &lt; 1, where it is
 * valid, SPEC.md §9). Parameters are the settings' preset's (its
 * kernels, renormalisation and M_ii; SPEC.md §8) at the settings' σ, α, k and noise sampler, with
 * each mechanism's default options.
 */
public final class Targets {
  private Targets() {}

  /** The names of the mechanisms {@code pmbench audit} covers at these settings, sorted. */
  public static List<String> mechanisms(AuditSettings s) {
    MechanismRegistry registry = MechanismRegistry.discover();
    return registry.names().stream().filter(n -> audited(registry.get(n), s)).toList();
  }

  private static boolean audited(EmbeddingMechanism m, AuditSettings s) {
    return m.readsEpsilon() && AuditTarget.opensStages(m, params(s, s.preset().calibrationFor(s.epsilon())), s);
  }

  /** Every target of one mechanism; a name that is not audited fails listing the audited ones. */
  public static List<AuditTarget> of(String mechanism, AuditSettings s) {
    MechanismRegistry registry = MechanismRegistry.discover();
    if (!registry.names().contains(mechanism) || !audited(registry.get(mechanism), s)) {
      throw new IllegalArgumentException("--mechanism must be one of " + String.join(", ", mechanisms(s))
          + " (the private mechanisms that open noisy stages to audit). Provided value: " + mechanism);
    }
    EmbeddingMechanism m = registry.get(mechanism);
    List<NoiseCalibration> calibrations = new ArrayList<>();
    if (m.reporting().subject()) {
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
      out.addAll(AuditTarget.stages(m, params(s, c), c.name(), s));
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
