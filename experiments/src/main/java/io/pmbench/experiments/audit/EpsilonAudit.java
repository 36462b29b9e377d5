package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;
import java.util.SplittableRandom;

/**
 * Two ways to audit a stage's noise, both on the mechanism's own code path. {@link #run}: the
 * stage's noisy release — {@link AuditStage#release()}, the mechanism's own code — {@code trials}
 * times on each side of one pair, the Neyman–Pearson statistic ({@link NoiseKind#statistic},
 * summed over the stage's releases) turned into two ε lower bounds at the stage's δ and 95%
 * confidence ({@link Bounds}). {@link #atClaimedDelta}: the calibration alone, on a query whose
 * two values are exactly the claimed Δ apart.
 */
final class EpsilonAudit {
  static final double CONFIDENCE = 0.95;
  /** The pilot sample of {@link #atClaimedDelta} is {@code trials} / this. */
  static final int PILOT_FRACTION = 4;
  /** The smallest pilot sample of {@link #atClaimedDelta}. */
  static final int PILOT_MIN = 100;

  private EpsilonAudit() {}

  /**
   * The two bounds of one audit, on the same runs: Clopper–Pearson on one threshold test with the
   * (ε, δ) region (the threshold chosen on held-out runs), and a fitted trade-off curve at the
   * midpoint threshold ({@link FdpLowerBound}).
   *
   * @param clopperPearson the (ε, δ)-region bound
   * @param fdp the trade-off-curve bound
   */
  record Bounds(EpsilonLowerBound clopperPearson, FdpLowerBound fdp) {}

  /**
   * The bounds on one pair. Both sides' runs feed the Clopper–Pearson bound (half choose its
   * threshold, half measure) and all of them the curve's: {@link FdpCurve#GAUSSIAN_DP} for a
   * Gaussian stage (its statistic is N(0, R·s²·‖f′ − f‖²) against the same shifted by
   * R·‖f′ − f‖², R releases), {@link FdpCurve#EPSILON_DELTA} for a Laplace one (a sum of clamped
   * terms over coordinates has no Laplace curve), at the statistic's value halfway between the
   * noiseless releases f and f′.
   */
  static Bounds run(AuditTarget t, NeighbourPair pair, int trials, SplittableRandom rng) {
    AuditStage sd = t.stage(pair.d());
    AuditStage sp = t.stage(pair.dPrime());
    double[] fd = sd.preNoise();
    double[] fp = sp.preNoise();
    NoiseKind kind = NoiseKind.of(sd.norm());
    double[] underD = new double[trials];
    double[] underP = new double[trials];
    for (int i = 0; i < trials; i++) {
      underD[i] = statistic(sd, kind, fd, fp, rng);
      underP[i] = statistic(sp, kind, fd, fp, rng);
    }
    double tau = sd.releases() * (kind.statistic(fd, fd, fp) + kind.statistic(fp, fd, fp)) / 2;
    FdpCurve curve = kind == NoiseKind.GAUSSIAN ? FdpCurve.GAUSSIAN_DP : FdpCurve.EPSILON_DELTA;
    return new Bounds(EpsilonLowerBound.of(underD, underP, sd.delta(), CONFIDENCE),
        FdpLowerBound.of(underD, underP, tau, curve, sd.delta(), CONFIDENCE));
  }

  /** The statistic summed over the stage's releases. */
  private static double statistic(AuditStage stage, NoiseKind kind, double[] fd, double[] fp, SplittableRandom rng) {
    double total = 0;
    for (int r = 0; r < stage.releases(); r++) {
      total += kind.statistic(stage.release().draw(rng), fd, fp);
    }
    return total;
  }

  /**
   * The calibration alone at the claimed Δ: the stage's noise on two means μ₀ = f(D) and
   * μ₁ = μ₀ + Δ·e₁ (all of Δ in the first coordinate, so ‖μ₁ − μ₀‖ = Δ in ℓ1 and in ℓ2 alike),
   * each of the stage's releases shifted alike (for randomised response, μ₁ negates the first Δ
   * coordinates of μ₀ instead: {@link #drawFlips}). Under D the output is the stage's own release
   * x = {@link AuditStage#release()}; under D′ it is x + Δ·e₁ — the same noise function on a
   * query of sensitivity exactly Δ (for the secure sampler, the grid rounding of μ₁ is not
   * applied: its claim pays for rounding by a larger scale, so this shift is within it).
   *
   * <p>The test's threshold is chosen on a separate pilot sample of {@code trials / 4} runs per side
   * (at least {@value #PILOT_MIN}), from the releases themselves — not from the stage's stated
   * scale, which an under-noised stage may misstate — so all {@code trials} measure the rates. If
   * the stage is (ε, δ)-DP for every query of sensitivity Δ, so is this pair, and the returned
   * bound is ≤ ε with probability ≥ 95%. Unlike {@link #run} on the worst data-set pair
   * found (whose ‖f(D) − f(D′)‖ may be far below Δ), the test here has the power the claim allows:
   * the bound can approach ε.
   *
   * <p>The curve's bound uses the same {@code trials} runs at the midpoint threshold R·Δ/2 (R
   * releases), not the pilot: {@link FdpCurve#GAUSSIAN_DP} for a Gaussian stage,
   * {@link FdpCurve#LAPLACE} for a Laplace stage of one release (one Laplace coordinate shifted by
   * Δ: exactly that curve), {@link FdpCurve#EPSILON_DELTA} for a Laplace stage of several (a sum of
   * Laplace draws has another curve), and {@link FdpCurve#EPSILON_DELTA} at threshold 0 for
   * randomised response ({@link AuditStage.Norm#HAMMING}).
   */
  static Bounds atClaimedDelta(AuditStage stage, int trials, SplittableRandom rng) {
    int pilot = Math.max(PILOT_MIN, trials / PILOT_FRACTION);
    double[] fitD = new double[pilot];
    double[] fitP = new double[pilot];
    draw(stage, fitD, fitP, rng);
    double tau = EpsilonLowerBound.threshold(fitD, fitP, stage.delta(), trials);
    double[] underD = new double[trials];
    double[] underP = new double[trials];
    draw(stage, underD, underP, rng);
    // Randomised response has neither a Gaussian nor a Laplace curve: the (ε, δ) curve, which every
    // (ε, δ)-DP release meets, keeps its bound a lower bound; its statistic runs from -RΔ under μ₀ to
    // +RΔ under μ₁, so the midpoint is 0.
    boolean flips = stage.norm() == AuditStage.Norm.HAMMING;
    FdpCurve curve = stage.norm() == AuditStage.Norm.L2 ? FdpCurve.GAUSSIAN_DP
        : !flips && stage.releases() == 1 ? FdpCurve.LAPLACE : FdpCurve.EPSILON_DELTA;
    double midpoint = flips ? 0 : stage.releases() * stage.sensitivity() / 2;
    return new Bounds(EpsilonLowerBound.ofFixedThreshold(underD, underP, tau, stage.delta(), CONFIDENCE),
        FdpLowerBound.of(underD, underP, midpoint, curve, stage.delta(), CONFIDENCE));
  }

  /**
   * Fills {@code underD} and {@code underP} with the statistic of fresh releases under μ₀ and μ₁:
   * the first coordinate's offset from μ₀, summed over the stage's releases (under μ₁ the same
   * draw + Δ). Only coordinate 0 differs between the means, so this is the likelihood ratio's
   * direction: for Gaussian noise the ratio itself up to a positive factor, for one Laplace release
   * a monotone function of it. It is used rather than {@link NoiseKind#statistic}, whose Laplace
   * form is constant (±Δ) on two half-lines: a threshold inside that atom would split it by
   * floating-point rounding, which differs between x and x + Δ, and measure an artefact of the
   * audit's own arithmetic instead of the noise.
   */
  private static void draw(AuditStage stage, double[] underD, double[] underP, SplittableRandom rng) {
    if (stage.norm() == AuditStage.Norm.HAMMING) {
      drawFlips(stage, underD, underP, rng);
      return;
    }
    double mu0 = stage.preNoise()[0];
    for (int i = 0; i < underD.length; i++) {
      for (int r = 0; r < stage.releases(); r++) {
        underD[i] += stage.release().draw(rng)[0] - mu0;
        underP[i] += stage.release().draw(rng)[0] + stage.sensitivity() - mu0;
      }
    }
  }

  /**
   * {@link #draw} for randomised response on ±1 coordinates: μ₁ is μ₀ = f(D) with its first Δ
   * coordinates negated (Hamming distance exactly Δ). Under D the output is the stage's own release
   * x; under D′ it is x with those Δ coordinates negated — randomised response on μ₁, since flipping
   * commutes with negation. The statistic is the number of those coordinates that agree with μ₁
   * less those that agree with μ₀ (the log-likelihood ratio over ln((1 − q)/q); an integer, so no
   * rounding can split an atom).
   */
  private static void drawFlips(AuditStage stage, double[] underD, double[] underP, SplittableRandom rng) {
    double[] mu0 = stage.preNoise();
    int flipped = (int) Math.min(mu0.length, Math.round(stage.sensitivity()));
    for (int i = 0; i < underD.length; i++) {
      for (int r = 0; r < stage.releases(); r++) {
        double[] x = stage.release().draw(rng);
        double[] y = stage.release().draw(rng);
        for (int j = 0; j < flipped; j++) {
          underD[i] += x[j] == mu0[j] ? -1 : 1;
          underP[i] += y[j] == mu0[j] ? 1 : -1;
        }
      }
    }
  }
}
