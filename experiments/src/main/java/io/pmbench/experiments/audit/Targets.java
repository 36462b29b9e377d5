package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit targets of every private mechanism: {@code privatemail} under each calibration
 * (CLASSIC, ANALYTIC, OFFICIAL_CODE), and {@code private-rp}, {@code private-pca},
 * {@code dp-dsne} under the {@code paper} preset's calibration at ε, and {@code privatemail-v1}.
 */
public final class Targets {
  /** The mechanisms {@code pmbench audit} covers, in table order. */
  public static final List<String> MECHANISMS = List.of("privatemail", "private-rp", "private-pca", "dp-dsne",
      "privatemail-v1");
  /** DP-dSNE's default number of noisy steps T (BASELINES.md §2). */
  static final int DPDSNE_STEPS = 1000;

  private Targets() {}

  /** Every target of one mechanism; an unknown name fails listing the known ones. */
  public static List<AuditTarget> of(String mechanism, AuditSettings s) {
    NoiseCalibration paper = Preset.PAPER.calibrationFor(s.epsilon());
    return switch (mechanism) {
      case "privatemail" -> {
        List<AuditTarget> out = new ArrayList<>();
        for (NoiseCalibration c : NoiseCalibration.values()) {
          if (c != NoiseCalibration.CLASSIC || s.epsilon() < 1) {
            out.add(SmlqStepTarget.privateMail(s, c));
          }
        }
        yield out;
      }
      case "private-rp" -> List.of(new ProjectionTarget(s, false, paper));
      case "private-pca" -> List.of(new ProjectionTarget(s, true, paper));
      case "dp-dsne" -> List.of(new ClippedGradientTarget(s, paper, DPDSNE_STEPS));
      case "privatemail-v1" -> List.of(SmlqStepTarget.privateMailV1(s));
      default -> throw new IllegalArgumentException("--mechanism must be one of " + String.join(", ", MECHANISMS)
          + " (the private mechanisms). Provided value: " + mechanism);
    };
  }

  /** The target of one mechanism and calibration (for replay). */
  static AuditTarget of(String mechanism, String calibration, AuditSettings s) {
    return of(mechanism, s).stream().filter(t -> t.calibration().equals(calibration)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("calibration " + calibration + " is not audited for "
            + mechanism + ". Provided value: " + calibration));
  }
}
