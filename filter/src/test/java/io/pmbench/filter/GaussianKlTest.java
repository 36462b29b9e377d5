package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The closed-form distortions against direct numeric estimates. */
class GaussianKlTest {
  /** A random SPD matrix B Bᵀ + 0.2 I (row-major d × d). */
  static double[] spd(int d, SplittableRandom rng) {
    double[] b = new double[d * d];
    for (int i = 0; i < b.length; i++) {
      b[i] = Seeds.gaussian(rng) * 0.6;
    }
    double[] s = new double[d * d];
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        double v = i == j ? 0.2 : 0;
        for (int k = 0; k < d; k++) {
          v += b[i * d + k] * b[j * d + k];
        }
        s[i * d + j] = v;
      }
    }
    return s;
  }

  /** x = m + L g with L the Cholesky factor of s. */
  static double[] sample(double[] m, double[] lower, SplittableRandom rng) {
    int d = m.length;
    double[] g = new double[d];
    for (int i = 0; i < d; i++) {
      g[i] = Seeds.gaussian(rng);
    }
    double[] x = m.clone();
    for (int i = 0; i < d; i++) {
      for (int k = 0; k <= i; k++) {
        x[i] += lower[i * d + k] * g[k];
      }
    }
    return x;
  }

  static double[] cholesky(double[] s, int d) {
    double[] l = new double[d * d];
    for (int i = 0; i < d; i++) {
      for (int j = 0; j <= i; j++) {
        double v = s[i * d + j];
        for (int k = 0; k < j; k++) {
          v -= l[i * d + k] * l[j * d + k];
        }
        l[i * d + j] = i == j ? Math.sqrt(v) : v / l[j * d + j];
      }
    }
    return l;
  }

  static double logDensity(double[] x, double[] m, double[] s) {
    int d = m.length;
    double[] delta = new double[d];
    for (int i = 0; i < d; i++) {
      delta[i] = x[i] - m[i];
    }
    return -0.5 * (GaussianKl.quadratic(delta, GaussianKl.precision(s)) + GaussianKl.logDet(s) + d * Math.log(2 * Math.PI));
  }

  @Test
  void kl_randomGaussians_matchesMonteCarloWithin5Se() {
    // Monte Carlo mean of log p(x) − log q(x), x ~ p. Tolerance 5 standard errors: a false failure
    // has probability < 6e-7 (normal approximation of the mean of 100,000 draws).
    SplittableRandom rng = new SplittableRandom(21);
    int d = 3;
    double[] s1 = spd(d, rng);
    double[] s2 = spd(d, rng);
    double[] m1 = {0.3, -0.2, 0.5};
    double[] m2 = {-0.1, 0.4, 0.0};
    double exact = GaussianKl.kl(m1, s1, m2, s2);
    double[] l1 = cholesky(s1, d);
    int n = 100_000;
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      double[] x = sample(m1, l1, rng);
      double v = logDensity(x, m1, s1) - logDensity(x, m2, s2);
      sum += v;
      sumSq += v * v;
    }
    double mean = sum / n;
    double se = Math.sqrt((sumSq / n - mean * mean) / n);
    assertEquals(exact, mean, 5 * se, "exact " + exact + " vs Monte Carlo " + mean + " +- " + se);
  }

  @Test
  void kl_sameCovariance_equalsHalfMahalanobis() {
    SplittableRandom rng = new SplittableRandom(3);
    double[] s = spd(4, rng);
    double[] m1 = {1, 0, -1, 2};
    double[] m2 = {0.5, 0.5, 0, 1};
    double[] delta = {-0.5, 0.5, 1, -1};
    assertEquals(GaussianKl.meanShift(delta, GaussianKl.precision(s)), GaussianKl.kl(m1, s, m2, s), 1e-10);
    assertEquals(0, GaussianKl.kl(m1, s, m1, s), 1e-12);
  }

  @Test
  void filterDistortion_randomFilter_matchesMonteCarloOverNoiseAndLabels() {
    // E over w ~ N(0, I) and y ~ p of ½|Aw + v_y|² in the Σ⁻¹ norm; 5 standard errors (< 6e-7 false failure).
    SplittableRandom rng = new SplittableRandom(8);
    int d = 3;
    int m = 4;
    int k = 2;
    double[] g = new double[d * (m + k)];
    for (int i = 0; i < g.length; i++) {
      g[i] = Seeds.gaussian(rng) * 0.5;
    }
    LinearFilter f = new LinearFilter(d, m, k, g);
    double[] cov = spd(d, rng);
    double[] p = GaussianKl.precision(cov);
    double[] freq = {0.3, 0.7};
    double exact = GaussianKl.filterDistortion(f, p, freq);
    int n = 200_000;
    double sum = 0;
    double sumSq = 0;
    double[] z = new double[d];
    double[] out = new double[d];
    double[] w = new double[m];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < m; c++) {
        w[c] = Seeds.gaussian(rng);
      }
      f.apply(z, 0, w, rng.nextDouble() < freq[0] ? 0 : 1, out, 0);
      double v = GaussianKl.meanShift(out, p);
      sum += v;
      sumSq += v * v;
    }
    double mean = sum / n;
    double se = Math.sqrt((sumSq / n - mean * mean) / n);
    assertEquals(exact, mean, 5 * se);
  }

  @Test
  void filterOutputKl_equalsAverageKlOfOutputLaws() {
    SplittableRandom rng = new SplittableRandom(4);
    int d = 3;
    double[] g = new double[d * (d + 2)];
    for (int i = 0; i < g.length; i++) {
      g[i] = Seeds.gaussian(rng) * 0.3;
    }
    LinearFilter f = new LinearFilter(d, d, 2, g);
    double[] cov = spd(d, rng);
    double[] freq = {0.25, 0.75};
    double[] aat = f.noiseCovariance();
    double[] sum = new double[d * d];
    for (int i = 0; i < d * d; i++) {
      sum[i] = cov[i] + aat[i];
    }
    double[] v = f.biasBlock();
    double expected = 0;
    for (int y = 0; y < 2; y++) {
      double[] mean = {v[y], v[2 + y], v[4 + y]};
      expected += freq[y] * GaussianKl.kl(mean, sum, new double[d], cov);
    }
    assertEquals(expected, GaussianKl.filterOutputKl(f, cov, freq), 1e-10);
  }

  @Test
  void gaussianScale_givesRequestedDistortion() {
    double[] cov = {0.01, 0, 0, 0.04};
    double[] p = GaussianKl.precision(cov);
    double s = GaussianKl.gaussianScale(7.5, p);
    assertEquals(7.5, GaussianKl.gaussianDistortion(s, p), 1e-12);
    // hand computation: tr(P) = 100 + 25, s² = 2·7.5/125
    assertEquals(Math.sqrt(15.0 / 125), s, 1e-15);
  }

  @Test
  void logDet_indefiniteCovariance_refusedNamingItsSizeAndTrace() {
    // fails if a covariance that is not positive definite slips through to a NaN log-determinant
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GaussianKl.logDet(new double[] {1, 2, 2, 1}));
    assertEquals("covariance must be symmetric positive definite. Provided value: 2x2 matrix with trace 2.0",
        e.getMessage());
  }
}
