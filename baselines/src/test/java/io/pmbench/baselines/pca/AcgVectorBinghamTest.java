package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link AcgVectorBingham} draws exactly from the vector Bingham ∝ exp(Σ l_i·x_i²) on the unit
 * sphere of U⊥: its acceptance ratio is a probability, the second moments E[x_i²] of its draws
 * match the moments integrated numerically over the sphere (without and with a constraint), and
 * PPCA's chain with exact column draws ({@link ColumnDraw#EXACT}) has the same mean trace as the
 * default chain. Moment checks allow 5 standard errors (fixed seeds, so deterministic; a false
 * failure of one comparison has probability ≈ 6e-7).
 */
class AcgVectorBinghamTest {
  private static final int PHI = 512; // trapezoid points in the azimuth (periodic: spectrally accurate)

  /** d × m random orthonormal columns (as arrays of length d). */
  private static double[][] constraints(int d, int m, SplittableRandom rng) {
    if (m == 0) {
      return new double[0][];
    }
    double[] s = SymmetricEigen.uniformStiefel(d, m, rng);
    double[][] u = new double[m][d];
    for (int c = 0; c < m; c++) {
      for (int i = 0; i < d; i++) {
        u[c][i] = s[i * m + c];
      }
    }
    return u;
  }

  @Test
  void acceptanceRatio_neverExceedsOne_onRandomSpectraAndConstraints() {
    SplittableRandom rng = new SplittableRandom(2024);
    for (int trial = 0; trial < 200; trial++) {
      int d = 3 + rng.nextInt(60);
      int m = rng.nextInt(Math.min(4, d - 1));
      int q = d - m;
      double scale = Math.pow(10, -2 + 5 * rng.nextDouble());
      double[] l = new double[d];
      double[] beta = new double[d];
      double top = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < d; i++) {
        l[i] = scale * rng.nextDouble() * (rng.nextBoolean() ? 1 : -1);
        top = Math.max(top, l[i]);
      }
      double maxBeta = 0;
      for (int i = 0; i < d; i++) {
        beta[i] = top - l[i];
        maxBeta = Math.max(maxBeta, beta[i]);
      }
      double b = AcgVectorBingham.envelopeB(beta, q);
      assertTrue(b >= 1 && b <= q, "b outside [1, q]: " + b + ", q = " + q);
      double logBound = AcgVectorBingham.logBound(q, b);
      double[] s = new double[1002];
      for (int i = 0; i <= 1000; i++) {
        s[i] = maxBeta * i / 1000.0;
      }
      s[1001] = (q - b) / 2; // where the ratio peaks (= 1)
      for (double si : s) {
        double log = AcgVectorBingham.logAcceptance(si, q, b, logBound);
        assertTrue(log <= 1e-12, "acceptance ratio above 1: log " + log + " at s = " + si + ", q = " + q + ", b = "
            + b);
      }
      // and the draws (which check every proposal's ratio) run; m ≥ 2 uses the global shift (slow at large spreads)
      if (m <= 1 || maxBeta <= 10) {
        AcgVectorBingham acg = new AcgVectorBingham(l, m);
        double[][] u = constraints(d, m, rng);
        double[] x = new double[d];
        for (int n = 0; n < 20; n++) {
          acg.draw(u, x, rng);
        }
      }
    }
  }

  @Test
  void draw_sameSeed_sameBits() {
    double[] l = {7, 3, 1, 0, -2, 0.5};
    double[][] u = constraints(6, 1, new SplittableRandom(5));
    double[][] out = new double[2][6];
    for (int rep = 0; rep < 2; rep++) {
      AcgVectorBingham acg = new AcgVectorBingham(l, 1);
      SplittableRandom rng = new SplittableRandom(77);
      for (int n = 0; n < 50; n++) {
        acg.draw(u, out[rep], rng);
      }
    }
    assertArrayEquals(out[0], out[1], 0.0);
  }

  /**
   * E[z zᵀ] for z ~ ∝ exp(zᵀMz) on S², M symmetric 3 × 3, by quadrature: z = (t, √(1−t²)·cos φ,
   * √(1−t²)·sin φ), 64-point Gauss–Legendre in t, {@link #PHI}-point trapezoid in φ.
   */
  private static double[][] sphereMoments(double[][] mat) {
    double[][] gl = GaussLegendre.RULE_64;
    double[][] sum = new double[3][3];
    double total = 0;
    double max = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        max += Math.abs(mat[i][j]); // ≥ max zᵀMz: keeps the exponentials in range
      }
    }
    double[] z = new double[3];
    for (int a = 0; a < gl[0].length; a++) {
      double t = gl[0][a];
      double r = Math.sqrt((1 - t) * (1 + t));
      for (int p = 0; p < PHI; p++) {
        double phi = 2 * Math.PI * p / PHI;
        z[0] = t;
        z[1] = r * Math.cos(phi);
        z[2] = r * Math.sin(phi);
        double quad = 0;
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j < 3; j++) {
            quad += z[i] * mat[i][j] * z[j];
          }
        }
        double w = gl[1][a] * Math.exp(quad - max);
        total += w;
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j < 3; j++) {
            sum[i][j] += w * z[i] * z[j];
          }
        }
      }
    }
    for (double[] row : sum) {
      for (int j = 0; j < 3; j++) {
        row[j] /= total;
      }
    }
    return sum;
  }

  /** Mean and standard error of x_i² over {@code n} draws, checked against {@code expected} within 5 SE. */
  private static AcgVectorBingham checkMoments(double[] l, double[][] u, double[] expected, long seed) {
    int d = l.length;
    int n = 200_000;
    AcgVectorBingham acg = new AcgVectorBingham(l, u.length);
    SplittableRandom rng = new SplittableRandom(seed);
    double[] x = new double[d];
    double[] sum = new double[d];
    double[] sum2 = new double[d];
    double worstDot = 0;
    for (int r = 0; r < n; r++) {
      acg.draw(u, x, rng);
      for (int i = 0; i < d; i++) {
        double v = x[i] * x[i];
        sum[i] += v;
        sum2[i] += v * v;
      }
      for (double[] uc : u) {
        worstDot = Math.max(worstDot, Math.abs(Neighbours.dot(x, uc)));
      }
    }
    double[] mean = new double[d];
    for (int i = 0; i < d; i++) {
      mean[i] = sum[i] / n;
      double var = sum2[i] / n - mean[i] * mean[i];
      double se = Math.sqrt(var / (n - 1));
      assertTrue(Math.abs(mean[i] - expected[i]) <= 5 * se, "E[x_" + i + "^2] = " + mean[i] + " vs integrated "
          + expected[i] + " (5 SE = " + 5 * se + ") for l = " + Arrays.toString(l));
    }
    System.out.printf("ACG l=%s, %d constraint(s): E[x^2] %s vs integrated %s; %.3f proposals per draw;"
        + " max |x.u| %.2g%n",
        Arrays.toString(l), u.length, Arrays.toString(mean), Arrays.toString(expected),
        (double) acg.proposals() / acg.draws(), worstDot);
    assertTrue(worstDot <= 1e-12, "a draw is not orthogonal to the constraint: |x.u| = " + worstDot);
    return acg;
  }

  @Test
  void draw_d3NoConstraint_matchesIntegratedBinghamMoments() {
    double[][] spectra = {{5, 1, -2}, {0.3, 0, 0.1}, {40, 12, 0}};
    long seed = 11;
    for (double[] l : spectra) {
      double[][] m = {{l[0], 0, 0}, {0, l[1], 0}, {0, 0, l[2]}};
      double[][] mom = sphereMoments(m);
      checkMoments(l, new double[0][], new double[] {mom[0][0], mom[1][1], mom[2][2]}, seed++);
    }
  }

  @Test
  void draw_d4OneConstraint_matchesMomentsIntegratedOverTheComplement() {
    double[][] spectra = {{4, 1.5, 0, -2}, {25, 9, 3, 0}, {60, 5, 2, 0}};
    boolean eliminated = false;
    long seed = 31;
    for (double[] l : spectra) {
      double[] u = new double[] {0.5, -0.3, 0.7, 0.2};
      UnitVectors.normalise(u);
      double[][] e = new double[3][]; // an orthonormal basis of u⊥: Gram–Schmidt of e_1, e_2, e_3
      for (int c = 0; c < 3; c++) {
        double[] v = new double[4];
        v[c] = 1;
        UnitVectors.removeComponent(v, u);
        for (int p = 0; p < c; p++) {
          UnitVectors.removeComponent(v, e[p]);
        }
        UnitVectors.normalise(v);
        e[c] = v;
      }
      double[][] m = new double[3][3]; // x = Σ_c z_c·e_c: Σ l_i x_i² = zᵀMz, M = EᵀLE
      for (int a = 0; a < 3; a++) {
        for (int c = 0; c < 3; c++) {
          for (int i = 0; i < 4; i++) {
            m[a][c] += e[a][i] * l[i] * e[c][i];
          }
        }
      }
      double[][] mom = sphereMoments(m);
      double[] expected = new double[4]; // E[x_i²] = Σ_ac e_a,i·e_c,i·E[z_a z_c]
      for (int i = 0; i < 4; i++) {
        for (int a = 0; a < 3; a++) {
          for (int c = 0; c < 3; c++) {
            expected[i] += e[a][i] * e[c][i] * mom[a][c];
          }
        }
      }
      eliminated |= checkMoments(l, new double[][] {u}, expected, seed++).eliminated();
    }
    assertTrue(eliminated, "no spectrum exercised the elimination of the top coordinate");
  }

  /** tr(XᵀΛX) at the end of independent chains (d = 5, k = 2) with the given column draw. */
  private static double[] chainTraces(double[] l, ColumnDraw draw, int chains, int sweeps, long seed) {
    int d = l.length;
    int k = 2;
    double[] out = new double[chains];
    SplittableRandom rng = new SplittableRandom(seed);
    for (int c = 0; c < chains; c++) {
      double[][] columns = constraints(d, k, rng);
      new MatrixBingham(l, draw).run(columns, sweeps, rng);
      double t = 0;
      for (double[] col : columns) {
        for (int i = 0; i < d; i++) {
          t += l[i] * col[i] * col[i];
        }
      }
      out[c] = t;
    }
    return out;
  }

  @Test
  void matrixChain_exactColumnDraws_sameMeanTraceAsTheSweepChain() {
    double[] l = {6, 3, 1, 0, -1};
    int chains = 4000;
    int sweeps = 30;
    double[] sweep = chainTraces(l, ColumnDraw.SWEEP, chains, sweeps, 101);
    double[] exact = chainTraces(l, ColumnDraw.EXACT, chains, sweeps, 202);
    double[] ms = meanAndVariance(sweep);
    double[] me = meanAndVariance(exact);
    double se = Math.sqrt(ms[1] / chains + me[1] / chains);
    System.out.printf("matrix Bingham d=5 k=2: mean tr(X'LX) SWEEP %.5f, EXACT %.5f, combined SE %.5f%n", ms[0], me[0],
        se);
    assertTrue(Math.abs(ms[0] - me[0]) <= 5 * se, "mean traces differ: SWEEP " + ms[0] + ", EXACT " + me[0]
        + " (5 combined SE = " + 5 * se + ")");
  }

  private static double[] meanAndVariance(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    double mean = s / x.length;
    double ss = 0;
    for (double v : x) {
      ss += (v - mean) * (v - mean);
    }
    return new double[] {mean, ss / (x.length - 1)};
  }
}
