package io.pmbench.experiments.audit;

import java.util.Locale;
import java.util.Optional;

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
 * @param epsilonLower the Clopper–Pearson ε lower bound at 95% confidence ({@link EpsilonLowerBound})
 * @param epsilonPoint the same bound from the measured rates (the interval's other end)
 * @param trials runs per data set
 * @param pair how the audited pair was found
 * @param pairFile the saved pair (replay with {@code pmbench audit --replay})
 * @param note what was audited
 * @param fdp the trade-off-curve bound on the same runs ({@link FdpLowerBound}); empty in a table
 *     written before it was computed
 */
public record AuditRow(String mechanism, String calibration, String stage, String sampler, double claimedEpsilon, double delta,
    double claimedSensitivity, double worstSensitivity, double epsilonLower, double epsilonPoint, int trials,
    String pair, String pairFile, String note, Optional<Fdp> fdp) {

  /**
   * The f-DP columns of a row.
   *
   * @param curve the trade-off curve fitted
   * @param parameterLower its parameter's lower bound (μ or ε) at 95% confidence
   * @param epsilonLower the ε lower bound at the row's δ and 95% confidence
   */
  public record Fdp(FdpCurve curve, double parameterLower, double epsilonLower) {
    /** The columns of {@code b}. */
    static Fdp of(FdpLowerBound b) {
      return new Fdp(b.curve(), b.parameterLower(), b.epsilonLower());
    }
  }

  /** A row without the f-DP columns (a table written before them). */
  public AuditRow(String mechanism, String calibration, String stage, String sampler, double claimedEpsilon,
      double delta, double claimedSensitivity, double worstSensitivity, double epsilonLower, double epsilonPoint,
      int trials, String pair, String pairFile, String note) {
    this(mechanism, calibration, stage, sampler, claimedEpsilon, delta, claimedSensitivity, worstSensitivity,
        epsilonLower, epsilonPoint, trials, pair, pairFile, note, Optional.empty());
  }

  /** Below this tightness a row is marked low power (it could not have refuted much). */
  public static final double LOW_TIGHTNESS = 0.1;

  /**
   * Tightness of the Clopper–Pearson bound: the ε lower bound / claimed ε. Near 1 the audit has
   * the power to refute a slightly false claim; above 1 the claim is refuted (the mechanism or the
   * audit is wrong).
   */
  public double tightness() {
    return epsilonLower / claimedEpsilon;
  }

  /** Tightness of the f-DP bound ({@link #fdp}), when the row has one. */
  public Optional<Double> fdpTightness() {
    return fdp.map(f -> f.epsilonLower() / claimedEpsilon);
  }

  /**
   * Whether the row has little power: its best tightness (Clopper–Pearson or f-DP) below
   * {@link #LOW_TIGHTNESS}, or trials too few for any outcome of either bound to prove the claimed
   * ε (with no test error at all the bounds are {@link #maxProvable} and
   * {@link FdpLowerBound#maxProvable}).
   */
  public boolean lowPower() {
    double best = Math.max(tightness(), fdpTightness().orElse(0.0));
    double provable = Math.max(maxProvable(trials, delta), fdp.map(f -> FdpLowerBound.maxProvable(f.curve(), trials,
        delta, EpsilonAudit.CONFIDENCE)).orElse(0.0));
    return best < LOW_TIGHTNESS || provable < claimedEpsilon;
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

  /**
   * Whether an empirical lower bound — Clopper–Pearson or f-DP — exceeds the claimed ε (the (ε, δ)
   * claim failed). Each bound exceeds an honest claim with probability at most 5%, so an honest
   * stage is judged failed with probability at most 10% (union of the two).
   */
  public boolean epsilonFailed() {
    return epsilonLower > claimedEpsilon || fdp.filter(f -> f.epsilonLower() > claimedEpsilon).isPresent();
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
        + " eps_lb %.3f [95%%] (point %.3f), %d trials, tightness %.3f%s (power %s), %s: %s", mechanism, calibration,
        stage, claimedEpsilon, claimedSensitivity, worstSensitivity, sensitivityRatio(), epsilonLower, epsilonPoint,
        trials, tightness(), fdpSummary(), power(), pair, verdict());
  }

  /** The f-DP part of {@link #summary} ("" without it). */
  private String fdpSummary() {
    return fdp.map(f -> String.format(Locale.ROOT, "; %s %s_lb %.4f, eps_lb %.3f [95%%], tightness %.3f",
        f.curve().cliName(), f.curve().parameterName(), f.parameterLower(), f.epsilonLower(),
        f.epsilonLower() / claimedEpsilon)).orElse("");
  }
}
