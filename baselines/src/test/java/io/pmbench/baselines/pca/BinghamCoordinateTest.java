package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link BinghamCoordinate} draws exactly from Hoff's conditional: s = |y_i| with density
 * ∝ (1 − s²)^(K−1)·exp(a·s²) on [0, 1). For each (K, a) on a grid from a = −10⁶ (s ≈ 0) to
 * a = 10⁶ (s ≈ 1) and K ∈ {1, 1.5, 391.5} (spheres of dimension 3, 4 and 784), 20,000 draws are
 * binned into 10 cells equiprobable under the density integrated numerically ({@link Quadrature})
 * and compared by a χ² goodness-of-fit test with 9 degrees of freedom at a false-failure
 * probability of 1e-7 per case (33 cases: &lt; 4e-6 in all; fixed seeds, so deterministic). It
 * fails if the envelope ever lies below the density (a biased sampler) or the branch for some
 * regime of a is wrong.
 */
class BinghamCoordinateTest {
  private static final double[] HALF_DIMS = {1, 1.5, 391.5};

  private static double[] tilts(double halfDim) {
    return new double[] {-1e6, -50, -2, -0.5, 0, 0.5, halfDim - 1, halfDim - 0.5, 2 * halfDim, 30 * halfDim, 1e6};
  }

  /** log density of s in u = 1 − s: (K−1)·log(u(2 − u)) + a·(1 − u)². */
  private static double logDensityU(double halfDim, double a, double u) {
    double km1 = halfDim - 1;
    double t = u * (2 - u);
    return (km1 == 0 ? 0 : km1 * Math.log(t)) + a * (1 - u) * (1 - u);
  }

  @Test
  void sample_gridOfTilts_matchesNumericalDensity() {
    int draws = 20_000;
    int bins = 10;
    double critical = ChiSquare.critical(bins - 1, 1e-7);
    double worst = 0;
    String worstCase = "";
    for (double halfDim : HALF_DIMS) {
      for (double a : tilts(halfDim)) {
        Quadrature q = new Quadrature(u -> logDensityU(halfDim, a, u));
        double[] edges = new double[bins - 1]; // in u, increasing
        for (int b = 1; b < bins; b++) {
          edges[b - 1] = q.quantile(b / (double) bins);
        }
        SplittableRandom rng = new SplittableRandom(Double.hashCode(a) * 31L + Double.hashCode(halfDim));
        long[] counts = new long[bins];
        for (int i = 0; i < draws; i++) {
          BinghamCoordinate.Draw d = BinghamCoordinate.sample(halfDim, a, rng);
          assertEquals(1 - d.s() * d.s(), d.rest(), 1e-12, "rest must be 1 - s^2");
          double u = 1 - d.s();
          int b = 0;
          while (b < bins - 1 && u > edges[b]) {
            b++;
          }
          counts[b]++;
        }
        double[] p = new double[bins];
        java.util.Arrays.fill(p, 1.0 / bins);
        double chi2 = ChiSquare.statistic(counts, p);
        if (chi2 > worst) {
          worst = chi2;
          worstCase = "K=" + halfDim + ", a=" + a;
        }
        assertTrue(chi2 < critical, "chi2 = " + chi2 + " >= " + critical + " at K=" + halfDim + ", a=" + a);
      }
    }
    System.out.printf("BinghamCoordinate: largest chi2 over 33 (K, a) cases = %.2f (%s), critical %.2f%n", worst,
        worstCase, critical);
  }

  @Test
  void sample_extremeTilt_keepsPrecisionNearOne() {
    // a = 1e12, K = 391.5: 1 − s ≈ (K − 1)/(2a) ≈ 2e-10. rest = 1 − s² must be computed from u,
    // not from s, or it would lose ~6 of its 16 digits. Fails if the a > K − 1 branch works in s.
    SplittableRandom rng = new SplittableRandom(5);
    double sum = 0;
    int n = 2000;
    for (int i = 0; i < n; i++) {
      BinghamCoordinate.Draw d = BinghamCoordinate.sample(391.5, 1e12, rng);
      sum += d.rest();
    }
    double mean = sum / n;
    // E[1 − θ] for θ ~ density ∝ θ^(−1/2)(1−θ)^(K−1)e^(aθ), a ≫ K: 1 − θ ≈ Gamma(K, rate a), mean K/a
    // (the (1 − t)^(−1/2) factor is 1 + O(1e-10)): relative tolerance 5 %, far above the sampling
    // error (1/√(K·n) ≈ 0.1 %).
    assertEquals(391.5 / 1e12, mean, 0.05 * 391.5 / 1e12);
  }
}
