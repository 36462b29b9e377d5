package io.pmbench.experiments.audit;

import java.util.Locale;

/**
 * One line of the audit table.
 *
 * @param mechanism the mechanism
 * @param calibration the noise calibration (or accounting) audited
 * @param stage the noisy stage audited (e.g. {@code Laplace iteration 2 of 2})
 * @param sampler the noise sampler ({@code standard} or {@code secure})
 * @param claimedEpsilon ε the mechanism states for this stage (its share of the run's ε)
 * @param delta δ of the stage's claim
 * @param claimedSensitivity Δ the mechanism claims
 * @param worstSensitivity the largest ‖f(D) − f(D′)‖ found
 * @param epsilonLower the empirical ε lower bound at 95% confidence
 * @param epsilonPoint the same bound from the measured rates (the interval's other end)
 * @param trials runs per data set
 * @param pair how the audited pair was found
 * @param pairFile the saved pair (replay with {@code pmbench audit --replay})
 * @param note what was audited
 */
public record AuditRow(String mechanism, String calibration, String stage, String sampler, double claimedEpsilon, double delta,
    double claimedSensitivity, double worstSensitivity, double epsilonLower, double epsilonPoint, int trials,
    String pair, String pairFile, String note) {

  /** Below this tightness a row is marked low power (it could not have refuted much). */
  public static final double LOW_TIGHTNESS = 0.1;

  /**
   * Tightness: the ε lower bound / claimed ε. Near 1 the audit has the power to refute a
   * slightly false claim; above 1 the claim is refuted (the mechanism or the audit is wrong).
   */
  public double tightness() {
    return epsilonLower / claimedEpsilon;
  }

  /**
   * Whether the row has little power: tightness below {@link #LOW_TIGHTNESS}, or trials too few
   * for any outcome to prove the claimed ε (with no error at all on the evaluation half, the
   * Clopper–Pearson bound is {@link #maxProvable}).
   */
  public boolean lowPower() {
    return tightness() < LOW_TIGHTNESS || maxProvable(trials, delta) < claimedEpsilon;
  }

  /** The largest ε lower bound {@code trials} runs per side can give: no error on the evaluation half. */
  public static double maxProvable(int trials, double delta) {
    double up = ClopperPearson.of(0, trials - trials / 2, EpsilonAudit.CONFIDENCE).upper();
    return EpsilonLowerBound.bound(up, up, delta);
  }

  /** "low" or "ok" (see {@link #lowPower}). */
  public String power() {
    return lowPower() ? "low" : "ok";
  }

  /** worst / claimed Δ; above 1 the sensitivity claim failed. */
  public double sensitivityRatio() {
    return worstSensitivity / claimedSensitivity;
  }

  /** Whether the sensitivity claim failed (a pair exceeds Δ by more than round-off). */
  public boolean sensitivityFailed() {
    return sensitivityRatio() > 1 + 1e-9;
  }

  /** Whether the empirical lower bound exceeds the claimed ε (the (ε, δ) claim failed). */
  public boolean epsilonFailed() {
    return epsilonLower > claimedEpsilon;
  }

  /** "OK" or a plain statement of which claim failed. */
  public String verdict() {
    if (sensitivityFailed() && epsilonFailed()) {
      return "FAILED: sensitivity and epsilon";
    }
    if (sensitivityFailed()) {
      return "FAILED: sensitivity";
    }
    return epsilonFailed() ? "FAILED: epsilon" : "OK";
  }

  /** A short console line. */
  public String summary() {
    return String.format(Locale.ROOT, "%-14s %-20s %-26s eps=%-8.4g Delta claimed %.4g, worst %.4g (ratio %.4f);"
        + " eps_lb %.3f [95%%] (point %.3f), %d trials, tightness %.3f (power %s), %s: %s", mechanism, calibration,
        stage, claimedEpsilon, claimedSensitivity, worstSensitivity, sensitivityRatio(), epsilonLower, epsilonPoint,
        trials, tightness(), power(), pair, verdict());
  }
}
