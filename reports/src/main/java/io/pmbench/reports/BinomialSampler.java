package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.SplittableRandom;

/**
 * Exact draws from Binomial(n, p), n up to a fixed maximum, by inversion searching outward from
 * the mode.
 *
 * <p>One uniform u in [0, 1) is drawn; the outcomes are visited in the order m, m+1, m−1, m+2,
 * m−2, … (m = ⌊(n+1)p⌋, the mode), adding up their probabilities until the sum exceeds u. Any
 * fixed visiting order gives an exact inversion sampler; starting at the mode makes the expected
 * cost O(√(np(1−p))) instead of O(np). The neighbours of the mode get their probabilities by the
 * ratio pmf(k+1)/pmf(k) = (n−k)/(k+1) · p/(1−p); the mode's own is exp(log n! − log m! − log
 * (n−m)! + m log p + (n−m) log(1−p)) from a table of log k! built once (sums of logs, accurate
 * to a relative 1e−10 for n up to 10⁶). Rounding leaves the visited probabilities summing to 1
 * within about 1e−10; a u above that sum (probability ~1e−10) returns the mode.
 */
final class BinomialSampler {
  private final double[] logFactorial;

  /** A sampler for n in [0, maxN]. */
  BinomialSampler(int maxN) {
    Preconditions.atLeast(maxN, 0, "maxN");
    logFactorial = new double[maxN + 1];
    for (int k = 2; k <= maxN; k++) {
      logFactorial[k] = logFactorial[k - 1] + Math.log(k);
    }
  }

  /**
   * One draw of Binomial(n, p).
   *
   * @param n trials, in [0, maxN]
   * @param p success probability in [0, 1]
   */
  int sample(int n, double p, SplittableRandom random) {
    if (n < 0 || n >= logFactorial.length) {
      Preconditions.require(false, "n", "in [0, " + (logFactorial.length - 1) + "]", n);
    }
    if (!(p >= 0 && p <= 1)) {
      Preconditions.unitInterval(p, "p");
    }
    if (n == 0 || p == 0) {
      return 0;
    }
    if (p == 1) {
      return n;
    }
    int mode = (int) Math.min(n, Math.floor((n + 1) * p));
    double ratio = p / (1 - p);
    double atMode = Math.exp(logFactorial[n] - logFactorial[mode] - logFactorial[n - mode]
        + mode * Math.log(p) + (n - mode) * Math.log1p(-p));
    double u = random.nextDouble();
    double sum = atMode;
    if (u < sum) {
      return mode;
    }
    int up = mode;
    int down = mode;
    double pmfUp = atMode;
    double pmfDown = atMode;
    while (up < n || down > 0) {
      if (up < n) {
        pmfUp *= (double) (n - up) / (up + 1) * ratio;
        up++;
        sum += pmfUp;
        if (u < sum) {
          return up;
        }
      }
      if (down > 0) {
        pmfDown *= (double) down / (n - down + 1) / ratio;
        down--;
        sum += pmfDown;
        if (u < sum) {
          return down;
        }
      }
    }
    return mode;
  }
}
