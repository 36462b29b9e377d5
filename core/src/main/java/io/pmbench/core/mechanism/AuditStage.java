package io.pmbench.core.mechanism;

import io.pmbench.core.Preconditions;
import java.util.SplittableRandom;

/**
 * One noisy stage of a mechanism's release, as the mechanism itself computes it (see
 * {@link Auditable}): the release is f(D) + noise, repeated {@code releases} times with fresh
 * noise, and the mechanism claims that this is (ε, δ)-DP because ‖f(D) − f(D′)‖ ≤ Δ in
 * {@code norm} for neighbours (SPEC.md §1) and the noise has scale {@code noiseScale}.
 *
 * @param name the stage's name
 * @param preNoise f(D), flattened, as the mechanism computes it (not copied: do not modify)
 * @param sensitivity the Δ the mechanism claims for this data set's size
 * @param norm the norm Δ is measured in (ℓ2 for Gaussian noise, ℓ1 for Laplace, Hamming for
 *     randomised response on ±1 coordinates)
 * @param noiseScale the noise scale the release uses (standard deviation, Laplace b, or the flip
 *     probability of randomised response)
 * @param epsilon the ε this stage is claimed at (its share of the mechanism's ε)
 * @param delta the δ this stage is claimed at (0 for a pure claim)
 * @param releases how many noisy copies of f(D) the claim covers at this scale (e.g. DP-dSNE's T
 *     gradient steps, read as a non-adaptive sequence); 1 for most stages
 * @param release one noisy release f(D) + noise by the mechanism's own code path
 * @param note what exactly is audited, printed beside the result
 */
public record AuditStage(String name, double[] preNoise, double sensitivity, Norm norm, double noiseScale,
    double epsilon, double delta, int releases, Release release, String note) {

  /** The norm of a sensitivity claim. */
  public enum Norm {
    /** ℓ1: Laplace noise. */
    L1,
    /** ℓ2: Gaussian noise. */
    L2,
    /**
     * Hamming (the number of coordinates that differ): randomised response on coordinates in
     * {−1, +1}, each flipped independently with probability q = {@code noiseScale} &lt; 1/2. A
     * release whose f(D) and f(D′) differ in at most Δ coordinates is pure (Δ·ln((1 − q)/q))-DP
     * (Warner 1965; Dwork &amp; Roth 2014, §3.2 and Theorem 3.16).
     */
    HAMMING
  }

  /** One noisy release of the stage by the mechanism's own code. */
  @FunctionalInterface
  public interface Release {
    /** f(D) + noise, all noise drawn from {@code noise}. */
    double[] draw(SplittableRandom noise);
  }

  public AuditStage {
    Preconditions.checkSensitivity(sensitivity);
    Preconditions.positiveFinite(noiseScale, "noiseScale");
    Preconditions.atLeast(releases, 1, "releases");
  }

  /** The unknown-stage error of {@link Auditable#auditStage}, naming the known stages. */
  public static IllegalArgumentException unknown(String stage, java.util.List<String> known) {
    return new IllegalArgumentException("stage must be one of " + String.join(", ", known) + ". Provided value: "
        + stage);
  }
}
