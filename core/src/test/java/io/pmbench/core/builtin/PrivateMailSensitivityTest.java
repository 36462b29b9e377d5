package io.pmbench.core.builtin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Appendix B's bound Δ = M·√(n+1)/2·‖Q‖_F against brute-force neighbours (SPEC.md §1, §5.2):
 * for small random unit-norm data sets, every neighbour obtained by removing one row (padded with
 * a zero row in its place) or adding one row (the smaller set padded with a zero row) must have
 * ‖f(D) − f(D′)‖_F ≤ Δ, with f the mechanism's own pre-noise map. The largest ratio found is
 * printed. If this fails, the bound (or our reading of Appendix B) is wrong — not the tolerance.
 */
class PrivateMailSensitivityTest {

  /** f(D) = ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·Q + Q with the mechanism's kernels (TWO_SIGMA_SQUARED, GAUSSIAN_INTEGER). */
  static double[] f(double[] rows, int[] labels, int n, int d, double sigma, double alpha, double[] q, int k) {
    KernelLaplacian lx = KernelLaplacian.of(rows, n, d, FeatureKernelScale.TWO_SIGMA_SQUARED.scale(sigma));
    LabelLaplacian ly = LabelLaplacian.of(labels, LabelKernel.GAUSSIAN_INTEGER, sigma);
    return Smlq.iterate(lx, ly, alpha, q, k, false);
  }

  static double distance(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return Math.sqrt(s);
  }

  static double[] unitRows(int n, int d, SplittableRandom rng) {
    double[] x = new double[n * d];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        x[i * d + c] = Seeds.gaussian(rng);
        s += x[i * d + c] * x[i * d + c];
      }
      for (int c = 0; c < d; c++) {
        x[i * d + c] /= Math.sqrt(s);
      }
    }
    return x;
  }

  /** Largest ‖f(D) − f(D′)‖ / Δ over every remove-one and several add-one neighbours of one data set. */
  static double worstRatio(int n, int d, int c, double sigma, double alpha, int k, long seed, boolean adversarial) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] x = unitRows(n, d, rng);
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = adversarial ? (i % 2 == 0 ? 0 : c) : rng.nextInt(c + 1);
    }
    if (adversarial) { // duplicated rows
      System.arraycopy(x, 0, x, d, d);
    }
    double worst = 0;
    // remove row i: D′ = D with row i replaced by a zero row (label 0 or c), same Q (n × k)
    double[] q = new double[n * k];
    for (int i = 0; i < q.length; i++) {
      q[i] = 1e-8 * Seeds.gaussian(rng);
    }
    double bound = AppendixB.sensitivity(new AppendixB.Params(n, sigma, alpha, c, false), Smlq.frobenius(q));
    double[] fd = f(x, y, n, d, sigma, alpha, q, k);
    for (int i = 0; i < n; i++) {
      for (int padLabel : new int[] {0, c}) {
        double[] x2 = x.clone();
        int[] y2 = y.clone();
        java.util.Arrays.fill(x2, i * d, (i + 1) * d, 0.0);
        y2[i] = padLabel;
        worst = Math.max(worst, distance(fd, f(x2, y2, n, d, sigma, alpha, q, k)) / bound);
      }
    }
    // add a row: D padded with a zero row vs D plus a new row, Q of n + 1 rows; Δ of the client's n
    double[] qa = new double[(n + 1) * k];
    for (int i = 0; i < qa.length; i++) {
      qa[i] = 1e-8 * Seeds.gaussian(rng);
    }
    double boundAdd = AppendixB.sensitivity(new AppendixB.Params(n, sigma, alpha, c, false), Smlq.frobenius(qa));
    for (int trial = 0; trial < 6; trial++) {
      double[] extra = unitRows(1, d, rng);
      int extraLabel = trial % 2 == 0 ? c : rng.nextInt(c + 1);
      double[] xPad = java.util.Arrays.copyOf(x, (n + 1) * d);
      double[] xAdd = xPad.clone();
      System.arraycopy(extra, 0, xAdd, n * d, d);
      int[] yPad = java.util.Arrays.copyOf(y, n + 1);
      int[] yAdd = yPad.clone();
      yAdd[n] = extraLabel;
      for (int padLabel : new int[] {0, c}) {
        yPad[n] = padLabel;
        double dist = distance(f(xPad, yPad, n + 1, d, sigma, alpha, qa, k),
            f(xAdd, yAdd, n + 1, d, sigma, alpha, qa, k));
        worst = Math.max(worst, dist / boundAdd);
      }
    }
    return worst;
  }

  @Test
  void sensitivity_bruteForceNeighbours_neverExceedBound() {
    double worst = 0;
    int[][] settings = {{12, 5, 4}, {20, 8, 9}, {30, 3, 2}};
    double[][] kernel = {{3, 0.6}, {5, 0.5}, {2, 1.0}};
    for (int s = 0; s < settings.length; s++) {
      for (long seed = 1; seed <= 4; seed++) {
        for (boolean adversarial : new boolean[] {false, true}) {
          double r = worstRatio(settings[s][0], settings[s][1], settings[s][2], kernel[s][0], kernel[s][1], 2,
              seed * 31 + s, adversarial);
          worst = Math.max(worst, r);
        }
      }
    }
    System.out.printf("PrivateMail Appendix B: max ||f(D)-f(D')||_F / Delta over brute-force neighbours = %.3e%n",
        worst);
    assertTrue(worst <= 1.0, "Appendix B bound violated: ratio " + worst);
    assertTrue(worst > 0, "neighbours must differ");
  }
}
