package io.pmbench.experiments.audit;

/**
 * An empirical lower bound on ε from a trade-off curve ({@link FdpCurve}) fitted to one threshold
 * test's errors, confidence-bounded (Nasr et al. 2023, "Tight auditing of differentially private
 * machine learning", §4, with Dong, Roth &amp; Su 2019's f-DP curves).
 *
 * <p>The test says "D′" when the attack's score exceeds τ, τ fixed before any run (the midpoint
 * between the scores of the two noiseless releases, where both error rates are equal for noise
 * symmetric about its mean, and where the mean error of a symmetric curve is smallest): no run
 * is spent choosing it, and no choice among thresholds has to be paid for. Its errors —
 * E = fp + fn, false positives among n runs under D plus false negatives among n under D′ — are
 * 2n independent trials whose mean error rate is r = (FPR + FNR)/2. The one-sided Clopper–Pearson
 * upper bound u on E/(2n) at the stated confidence c covers r with probability ≥ c: for
 * independent trials of unequal rates the count's lower tail is no heavier than the binomial's of
 * the same mean (Hoeffding 1956, "On the distribution of the number of successes in independent
 * trials", Theorem 4), and a Clopper–Pearson bound only fails in its lower tail. Then r ≤ u, so the
 * curve's parameter is at least θ_lower = {@link FdpCurve#lowerParameter}(u) (any test's mean
 * error is at least the curve's {@link FdpCurve#minimalError}), and ε at the stage's δ at least
 * {@link FdpCurve#epsilonAt}(θ_lower): an honest stage's bound exceeds its claim with probability
 * at most 1 − c (if its release has the curve's shape).
 *
 * <p>A score that carries no signal has r = ½, so its bound is exactly 0 unless u &lt; ½, which
 * happens with probability at most 1 − c (the stated false-alarm rate: a ε = 0 release is the
 * extreme honest stage); a constant score makes every run on one side an error, E = n, and gives
 * exactly 0 always.
 *
 * @param curve the curve fitted
 * @param parameterLower θ_lower (μ for {@link FdpCurve#GAUSSIAN_DP}, ε for the others)
 * @param epsilonLower the ε lower bound at the stage's δ and the stated confidence
 * @param threshold τ
 * @param fpr measured false-positive rate
 * @param fnr measured false-negative rate
 * @param trials runs per side, all of them measuring the rates
 */
public record FdpLowerBound(FdpCurve curve, double parameterLower, double epsilonLower, double threshold, double fpr,
    double fnr, int trials) {

  /** The bound of the test "D′ when the score exceeds {@code tau}" on scores under D and D′. */
  public static FdpLowerBound of(double[] underD, double[] underDPrime, double tau, FdpCurve curve, double delta,
      double confidence) {
    if (underD.length != underDPrime.length || underD.length < 1) {
      throw new IllegalArgumentException("trials must be equal on both sides and >= 1. Provided value: "
          + underD.length + " and " + underDPrime.length);
    }
    int n = underD.length;
    long fp = 0;
    long fn = 0;
    for (int i = 0; i < n; i++) {
      fp += underD[i] > tau ? 1 : 0;
      fn += underDPrime[i] > tau ? 0 : 1;
    }
    double theta = curve.lowerParameter(ClopperPearson.upper(fp + fn, 2L * n, confidence), delta);
    return new FdpLowerBound(curve, theta, curve.epsilonAt(theta, delta), tau, (double) fp / n, (double) fn / n, n);
  }

  /** The largest ε lower bound n runs per side can give with {@code curve}: no error on either side. */
  public static double maxProvable(FdpCurve curve, int trials, double delta, double confidence) {
    return curve.epsilonAt(curve.lowerParameter(ClopperPearson.upper(0, 2L * trials, confidence), delta), delta);
  }
}
