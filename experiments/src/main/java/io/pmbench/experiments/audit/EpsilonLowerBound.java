package io.pmbench.experiments.audit;

import java.util.Arrays;

/**
 * An empirical lower bound on ε from a threshold test (Jagielski, Ullman &amp; Oprea 2020, §3;
 * Nasr et al. 2021, §3). A mechanism that is (ε, δ)-DP forces every test that tells D′ from D
 * to satisfy FPR + e^ε·FNR ≥ 1 − δ and FNR + e^ε·FPR ≥ 1 − δ, so
 *
 * <pre>  ε ≥ max( ln((1 − δ − FNR)/FPR), ln((1 − δ − FPR)/FNR) ).</pre>
 *
 * <p>The test says "D′" when a 1-D statistic exceeds a threshold τ (the statistic is larger
 * under D′). τ is chosen on the first half of each sample (the one maximising the point estimate)
 * and the rates are measured on the other half, so choosing τ does not bias them. The bound
 * replaces FPR and FNR by the upper ends of their two-sided Clopper–Pearson intervals at
 * {@code confidence}: it holds with probability at least 1 − 2·(1 − confidence)/2 = confidence.
 *
 * @param lowerBound ε lower bound at the stated confidence (0 when the test shows nothing)
 * @param pointEstimate the same bound with the measured rates themselves (no interval)
 * @param threshold τ
 * @param fpr measured false-positive rate on the evaluation half
 * @param fnr measured false-negative rate on the evaluation half
 * @param trials runs per data set (both halves)
 */
public record EpsilonLowerBound(double lowerBound, double pointEstimate, double threshold, double fpr, double fnr,
    int trials) {

  /** The bound from statistics under D ({@code null}-hypothesis side) and D′, at (δ, confidence). */
  public static EpsilonLowerBound of(double[] underD, double[] underDPrime, double delta, double confidence) {
    if (underD.length != underDPrime.length || underD.length < 4) {
      throw new IllegalArgumentException("trials must be equal on both sides and >= 4. Provided value: "
          + underD.length + " and " + underDPrime.length);
    }
    int half = underD.length / 2;
    double tau = threshold(Arrays.copyOf(underD, half), Arrays.copyOf(underDPrime, half), delta, half);
    return atThreshold(Arrays.copyOfRange(underD, half, underD.length),
        Arrays.copyOfRange(underDPrime, half, underDPrime.length), tau, delta, confidence, underD.length);
  }

  /**
   * The bound of the test "D′ when the statistic exceeds {@code tau}", every sample measuring the
   * rates: {@code tau} must not depend on them (e.g. chosen by {@link #threshold} on a separate pilot sample).
   */
  public static EpsilonLowerBound ofFixedThreshold(double[] underD, double[] underDPrime, double tau, double delta,
      double confidence) {
    if (underD.length != underDPrime.length || underD.length < 2) {
      throw new IllegalArgumentException("trials must be equal on both sides and >= 2. Provided value: "
          + underD.length + " and " + underDPrime.length);
    }
    return atThreshold(underD, underDPrime, tau, delta, confidence, underD.length);
  }

  private static EpsilonLowerBound atThreshold(double[] evalD, double[] evalP, double tau, double delta,
      double confidence, int trials) {
    long fp = countAbove(evalD, tau);
    long fn = evalP.length - countAbove(evalP, tau);
    int n = evalD.length;
    double fpr = (double) fp / n;
    double fnr = (double) fn / n;
    double fprUp = ClopperPearson.of(fp, n, confidence).upper();
    double fnrUp = ClopperPearson.of(fn, n, confidence).upper();
    return new EpsilonLowerBound(bound(fprUp, fnrUp, delta), bound(fpr, fnr, delta), tau, fpr, fnr, trials);
  }

  /** max(0, ln((1 − δ − FNR)/FPR), ln((1 − δ − FPR)/FNR)); +∞ when a rate is 0 and the other is below 1 − δ. */
  static double bound(double fpr, double fnr, double delta) {
    return Math.max(0, Math.max(logRatio(1 - delta - fnr, fpr), logRatio(1 - delta - fpr, fnr)));
  }

  /** ln(num/den), 0 when num ≤ 0 (the test shows nothing that way), +∞ when den = 0 &lt; num. */
  private static double logRatio(double num, double den) {
    return num <= 0 ? 0 : Math.log(num / den);
  }

  /**
   * The candidate threshold (every fitted value) with the largest bound expected on an evaluation
   * sample of {@code evalTrials} runs per side, its rates estimated on the fit sample.
   */
  static double threshold(double[] fitD, double[] fitP, double delta, int evalTrials) {
    double[] d = fitD.clone();
    double[] p = fitP.clone();
    Arrays.sort(d);
    Arrays.sort(p);
    double[] candidates = new double[d.length + p.length];
    System.arraycopy(d, 0, candidates, 0, d.length);
    System.arraycopy(p, 0, candidates, d.length, p.length);
    double best = Double.NEGATIVE_INFINITY;
    double tau = candidates[0];
    double scale = (double) evalTrials / d.length;
    for (double c : candidates) {
      // Rates replaced by a cheap upper confidence end (k + 2 + 2√(k+1))/n at the evaluation size, so a
      // threshold in a thin tail, whose Clopper–Pearson end on the evaluation sample would be loose, is not preferred.
      double fpr = upper((d.length - upperIndex(d, c)) * scale, evalTrials);
      double fnr = upper(upperIndex(p, c) * scale, evalTrials);
      double e = bound(fpr, fnr, delta);
      if (e > best) {
        best = e;
        tau = c;
      }
    }
    return tau;
  }

  private static double upper(double k, int n) {
    return Math.min(1, (k + 2 + 2 * Math.sqrt(k + 1.0)) / n);
  }

  /** The number of entries ≤ c in a sorted array. */
  private static int upperIndex(double[] sorted, double c) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] <= c) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static long countAbove(double[] values, double tau) {
    return Arrays.stream(values).filter(v -> v > tau).count();
  }
}
