package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The PPCA encoder on data drawn from its own model x = W z + μ + ε. */
class PpcaEncoderTest {
  static final int D = 30;
  static final int Q = 3;
  static final double NOISE_SD = 0.1;

  /** Planted model: rows x = W z + μ + σ ε; returns {x (n × D floats), z (n × Q)}. */
  static Object[] planted(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] w = new double[D * Q];
    double[] scale = {3, 2, 1.5};
    for (int c = 0; c < D; c++) {
      for (int k = 0; k < Q; k++) {
        w[c * Q + k] = scale[k] * Seeds.gaussian(rng) / Math.sqrt(D);
      }
    }
    double[] mu = new double[D];
    for (int c = 0; c < D; c++) {
      mu[c] = Seeds.gaussian(rng);
    }
    float[] x = new float[n * D];
    double[] z = new double[n * Q];
    for (int r = 0; r < n; r++) {
      for (int k = 0; k < Q; k++) {
        z[r * Q + k] = Seeds.gaussian(rng);
      }
      for (int c = 0; c < D; c++) {
        double s = mu[c] + NOISE_SD * Seeds.gaussian(rng);
        for (int k = 0; k < Q; k++) {
          s += w[c * Q + k] * z[r * Q + k];
        }
        x[r * D + c] = (float) s;
      }
    }
    return new Object[] {new FeatureMatrix(x, n, D), z};
  }

  @Test
  void fit_plantedLowRankLatent_recoversNoiseVarianceAndLatent() {
    int n = 6000;
    Object[] p = planted(n, 11);
    FeatureMatrix x = (FeatureMatrix) p[0];
    double[] zTrue = (double[]) p[1];
    PpcaEncoder enc = PpcaEncoder.fit(x, Q, 2);
    // σ² is the mean of D − Q sample eigenvalues of pure noise: relative error ~ sqrt(2/(n(D−Q))) ≈ 0.4%
    assertEquals(NOISE_SD * NOISE_SD, enc.noiseVariance(), 0.05 * NOISE_SD * NOISE_SD);
    double[] zHat = enc.encode(x);
    // The latent is identified up to a rotation: regress the planted z on the encoded one; the
    // residual is the posterior variance σ²/λ_i (below 0.01 here) plus sampling error.
    double[] r2 = regressionR2(zTrue, zHat, n);
    for (double v : r2) {
      assertTrue(v > 0.98, "planted latent recovered with R^2 " + v);
    }
    // The posterior means have covariance I − σ²M⁻¹ under the model (Tipping & Bishop eq. 6).
    double[] post = enc.posteriorCovariance();
    double[] cov = covariance(zHat, n, Q);
    for (int i = 0; i < Q; i++) {
      for (int j = 0; j < Q; j++) {
        double expected = (i == j ? 1 : 0) - post[i * Q + j];
        assertEquals(expected, cov[i * Q + j], 0.06, "cov(z_hat)[" + i + "][" + j + "]");
      }
    }
  }

  @Test
  void fit_differentThreadCounts_identicalEncoder() {
    // fails if the covariance's summation order depends on how rows of C are split over threads
    FeatureMatrix x = (FeatureMatrix) planted(700, 5)[0];
    PpcaEncoder one = PpcaEncoder.fit(x, Q, 1);
    PpcaEncoder three = PpcaEncoder.fit(x, Q, 3);
    assertArrayEquals(one.eigenvalues(), three.eigenvalues());
    assertArrayEquals(one.encode(x), three.encode(x));
    assertEquals(one.noiseVariance(), three.noiseVariance());
  }

  @Test
  void loadings_matchPosteriorFormula_meanEqualsMinvWtCentred() {
    FeatureMatrix x = (FeatureMatrix) planted(500, 9)[0];
    PpcaEncoder enc = PpcaEncoder.fit(x, Q, 1);
    double[] w = enc.loadings();
    double[] mu = enc.mean();
    double s2 = enc.noiseVariance();
    // M = WᵀW + σ²I; z = M⁻¹Wᵀ(x − μ), computed here with a general solve
    double[][] m = new double[Q][Q];
    for (int i = 0; i < Q; i++) {
      for (int j = 0; j < Q; j++) {
        double s = i == j ? s2 : 0;
        for (int c = 0; c < D; c++) {
          s += w[c * Q + i] * w[c * Q + j];
        }
        m[i][j] = s;
      }
    }
    org.ejml.simple.SimpleMatrix mm = new org.ejml.simple.SimpleMatrix(m);
    double[] z = enc.encode(x);
    for (int r = 0; r < 5; r++) {
      double[] rhs = new double[Q];
      for (int i = 0; i < Q; i++) {
        for (int c = 0; c < D; c++) {
          rhs[i] += w[c * Q + i] * (x.get(r, c) - mu[c]);
        }
      }
      org.ejml.simple.SimpleMatrix sol = mm.solve(new org.ejml.simple.SimpleMatrix(Q, 1, true, rhs));
      for (int i = 0; i < Q; i++) {
        assertEquals(sol.get(i, 0), z[r * Q + i], 1e-9);
      }
    }
    double[] post = enc.posteriorCovariance();
    org.ejml.simple.SimpleMatrix inv = mm.invert().scale(s2);
    for (int i = 0; i < Q; i++) {
      for (int j = 0; j < Q; j++) {
        assertEquals(inv.get(i, j), post[i * Q + j], 1e-12);
      }
    }
  }

  @Test
  void fit_latentDimensionNotBelowInput_throws() {
    FeatureMatrix x = (FeatureMatrix) planted(50, 1)[0];
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PpcaEncoder.fit(x, D, 1));
    assertTrue(e.getMessage().startsWith("PPCA latent dimension must be"), e.getMessage());
  }

  @Test
  void triangleSplit_partsCoverRowsInOrder() {
    int[] b = PpcaEncoder.triangleSplit(784, 4);
    assertEquals(0, b[0]);
    assertEquals(784, b[4]);
    for (int i = 1; i < b.length; i++) {
      assertTrue(b[i] >= b[i - 1]);
    }
    assertTrue(b[1] < 784 / 4, "the first rows carry more of the upper triangle");
  }

  /** R² of regressing each column of y (n × Q) on x (n × Q) with an intercept. */
  static double[] regressionR2(double[] y, double[] x, int n) {
    org.ejml.simple.SimpleMatrix xm = new org.ejml.simple.SimpleMatrix(n, Q + 1);
    org.ejml.simple.SimpleMatrix ym = new org.ejml.simple.SimpleMatrix(n, Q);
    for (int r = 0; r < n; r++) {
      xm.set(r, 0, 1);
      for (int k = 0; k < Q; k++) {
        xm.set(r, k + 1, x[r * Q + k]);
        ym.set(r, k, y[r * Q + k]);
      }
    }
    org.ejml.simple.SimpleMatrix beta = xm.solve(ym);
    org.ejml.simple.SimpleMatrix res = ym.minus(xm.mult(beta));
    double[] out = new double[Q];
    for (int k = 0; k < Q; k++) {
      double mean = 0;
      for (int r = 0; r < n; r++) {
        mean += ym.get(r, k) / n;
      }
      double ss = 0;
      double sr = 0;
      for (int r = 0; r < n; r++) {
        ss += (ym.get(r, k) - mean) * (ym.get(r, k) - mean);
        sr += res.get(r, k) * res.get(r, k);
      }
      out[k] = 1 - sr / ss;
    }
    return out;
  }

  static double[] covariance(double[] z, int n, int q) {
    double[] mean = new double[q];
    for (int r = 0; r < n; r++) {
      for (int k = 0; k < q; k++) {
        mean[k] += z[r * q + k] / n;
      }
    }
    double[] c = new double[q * q];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < q; i++) {
        for (int j = 0; j < q; j++) {
          c[i * q + j] += (z[r * q + i] - mean[i]) * (z[r * q + j] - mean[j]) / n;
        }
      }
    }
    return c;
  }
}
