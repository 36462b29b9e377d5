package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * PPCA's sampler ({@link PrivatePcaClient#ppcaSubspace}: Hoff's Gibbs chain from a random start,
 * 100 sweeps — the mechanism's default) produces the matrix Bingham distribution
 * ∝ exp(tr(VᵀAV)). Every sample is the final state of its own chain (independent samples, exactly
 * what the mechanism releases), so the χ² tests need no thinning; tests state their false-failure
 * probability (fixed seeds, so deterministic). Failing means the chain is biased after 100 sweeps:
 * a wrong 1-D conditional, a wrong compressed eigenbasis, or too short a burn-in.
 */
class MatrixBinghamTest {

  /** A = O·diag(l)·Oᵀ with O a fixed random rotation; returns A, and O's first column in {@code top}. */
  private static DMatrixRMaj rotated(double[] l, long seed, double[] top) {
    int d = l.length;
    double[] o = SymmetricEigen.uniformStiefel(d, d, new SplittableRandom(seed));
    DMatrixRMaj a = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        double s = 0;
        for (int c = 0; c < d; c++) {
          s += o[i * d + c] * l[c] * o[j * d + c];
        }
        a.unsafe_set(i, j, s);
      }
    }
    for (int i = 0; i < d; i++) {
      top[i] = o[i * d];
    }
    return a;
  }

  /** I₀(x), the modified Bessel function of the first kind (power series; |x| here is at most ~10). */
  private static double besselI0(double x) {
    double term = 1;
    double sum = 1;
    double q = x * x / 4;
    for (int k = 1; k < 200 && term > 1e-17 * sum; k++) {
      term *= q / ((double) k * k);
      sum += term;
    }
    return sum;
  }

  /**
   * log of the density of y = |v·u₁| for v ~ Bingham(diag(l₁..l₄)) on S³:
   * ∝ e^(l₁y²)·(1 − y²)^(1/2)·I(1 − y²), I(t) = ∫_{S²} exp(t·Σ_{j≥2} l_j·ω_j²) dω
   * = 2π·∫_{−1}^{1} exp(t·l₂·x² + t(1 − x²)(l₃ + l₄)/2)·I₀(t(1 − x²)(l₃ − l₄)/2) dx (64-point Gauss–Legendre).
   */
  private static double logMarginal(double[] l, double y) {
    double t = (1 - y) * (1 + y);
    double[][] gl = GaussLegendre.RULE_64;
    double inner = 0;
    for (int q = 0; q < gl[0].length; q++) {
      double x = gl[0][q];
      double b = t * (1 - x * x);
      inner += gl[1][q] * Math.exp(t * l[1] * x * x + b * (l[2] + l[3]) / 2) * besselI0(b * (l[2] - l[3]) / 2);
    }
    return l[0] * y * y + 0.5 * Math.log(t) + Math.log(inner);
  }

  @Test
  void ppcaSubspace_d4k1_matchesBinghamDensityByNumericalIntegration() {
    int chains = 3000;
    int bins = 10;
    double critical = ChiSquare.critical(bins - 1, 1e-6);
    double[][] spectra = {{4, 2, 1, 0}, {20, 6, 2.5, 0}};
    for (double[] l : spectra) {
      double[] top = new double[4];
      DMatrixRMaj a = rotated(l, 3, top);
      Quadrature q = new Quadrature(y -> logMarginal(l, y), 20, 1000); // smooth: a coarse mesh suffices
      double[] edges = new double[bins - 1];
      for (int b = 1; b < bins; b++) {
        edges[b - 1] = q.quantile(b / (double) bins);
      }
      long[] counts = new long[bins];
      SplittableRandom rng = new SplittableRandom(17 + (long) l[0]);
      for (int c = 0; c < chains; c++) {
        double[] v = PrivatePcaClient.ppcaSubspace(SymmetricEigen.of(a), 1.0, 1, 100, rng);
        double y = Math.abs(Neighbours.dot(v, top));
        int b = 0;
        while (b < bins - 1 && y > edges[b]) {
          b++;
        }
        counts[b]++;
      }
      double[] p = new double[bins];
      Arrays.fill(p, 1.0 / bins);
      double chi2 = ChiSquare.statistic(counts, p);
      System.out.printf("PPCA Gibbs d=4 k=1 l=%s: chi2 of |v.u1| in 10 bins = %.2f (critical %.2f at false-failure"
          + " 1e-6), counts %s%n", Arrays.toString(l), chi2, critical, Arrays.toString(counts));
      assertTrue(chi2 < critical, "Gibbs chain does not match the Bingham density: chi2 = " + chi2);
    }
  }

  /** Exact reference sample by rejection from the uniform Stiefel distribution (accept w.p. e^(tr(VᵀLV) − max)). */
  private static double[] referenceSample(double[] l, int k, SplittableRandom rng) {
    int d = l.length;
    double max = 0;
    for (int i = 0; i < k; i++) {
      max += l[i];
    }
    while (true) {
      double[] v = SymmetricEigen.uniformStiefel(d, k, rng);
      if (Math.log(rng.nextDouble()) <= trace(l, v, k) - max) {
        return v;
      }
    }
  }

  private static double trace(double[] l, double[] v, int k) {
    double s = 0;
    for (int i = 0; i < l.length; i++) {
      for (int c = 0; c < k; c++) {
        s += l[i] * v[i * k + c] * v[i * k + c];
      }
    }
    return s;
  }

  private static double firstRow(double[] v, int k) {
    double s = 0;
    for (int c = 0; c < k; c++) {
      s += v[c] * v[c];
    }
    return s;
  }

  private static long[] bin(double[] values, double[] edges) {
    long[] counts = new long[edges.length + 1];
    for (double x : values) {
      int b = Arrays.binarySearch(edges, x);
      counts[b >= 0 ? b : -b - 1]++;
    }
    return counts;
  }

  @Test
  void ppcaSubspace_k2AndK3_matchExactRejectionSample() {
    // k ≥ 2 exercises the compressed eigenbases of the column steps (nested for k = 3).
    double[][] spectra = {{2.0, 1.2, 0.6, 0.2, 0}, {1.6, 1.1, 0.8, 0.5, 0.2, 0}};
    int[] ks = {2, 3};
    for (int t = 0; t < ks.length; t++) {
      double[] l = spectra[t];
      DMatrixRMaj a = new DMatrixRMaj(l.length, l.length);
      for (int i = 0; i < l.length; i++) {
        a.unsafe_set(i, i, l[i]);
      }
      assertMatchesExactSample(l, ks[t], SymmetricEigen.of(a), 23 + ks[t], "dense");
    }
  }

  @Test
  void ppcaSubspace_updatedEigenbasis_matchesExactRejectionSample() {
    // The per-query path of the client: the same A = diag(l) reached as G₀ + Σ x xᵀ (three rows,
    // G₀'s eigenbasis dense, then three rank-one updates). Fails if the updated eigenbasis is not
    // an eigenbasis of A (the chain would then sample a different Bingham distribution).
    double[] l = {2.0, 1.2, 0.6, 0.2, 0};
    int d = l.length;
    double[] rows = Neighbours.unitRows(3, d, new SplittableRandom(29));
    DMatrixRMaj g0 = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        double s = i == j ? l[i] : 0;
        for (int r = 0; r < 3; r++) {
          s -= rows[r * d + i] * rows[r * d + j];
        }
        g0.unsafe_set(i, j, s);
      }
    }
    assertMatchesExactSample(l, 2, UpdatedEigenbasis.of(SymmetricEigen.of(g0), rows, 3), 31, "updated");
  }

  /**
   * Statistics tr(VᵀLV) and Σ_c V_1c² (V in L's eigen-coordinates: A = diag(l)) of 2,000 chains run
   * in the eigenbasis {@code eig} of A, binned at the deciles of a 30,000-draw exact rejection
   * sample; two-sample χ² (9 dof) at false-failure 1e-6 per statistic.
   */
  private static void assertMatchesExactSample(double[] l, int k, Eigenbasis eig, long seed, String label) {
    int d = l.length;
    SplittableRandom rng = new SplittableRandom(seed);
    int nRef = 30_000;
    double[][] ref = new double[2][nRef];
    for (int i = 0; i < nRef; i++) {
      double[] v = referenceSample(l, k, rng);
      ref[0][i] = trace(l, v, k);
      ref[1][i] = firstRow(v, k);
    }
    int chains = 2000;
    double[][] chain = new double[2][chains];
    for (int i = 0; i < chains; i++) {
      double[] v = PrivatePcaClient.ppcaSubspace(eig, 1.0, k, 100, rng);
      chain[0][i] = trace(l, v, k);
      chain[1][i] = firstRow(v, k);
    }
    double critical = ChiSquare.critical(9, 1e-6);
    String[] names = {"tr(V'LV)", "sum_c V_1c^2"};
    for (int s = 0; s < 2; s++) {
      double[] sorted = ref[s].clone();
      Arrays.sort(sorted);
      double[] edges = new double[9];
      for (int b = 1; b < 10; b++) {
        edges[b - 1] = sorted[b * nRef / 10];
      }
      double chi2 = ChiSquare.twoSample(bin(ref[s], edges), bin(chain[s], edges));
      System.out.printf("PPCA Gibbs (%s eigenbasis) d=%d k=%d: two-sample chi2 of %s = %.2f (critical %.2f)%n", label,
          d, k, names[s], chi2, critical);
      assertTrue(chi2 < critical, label + " k=" + k + ", " + names[s] + ": chain differs from the exact sample, chi2 = "
          + chi2);
    }
  }

  @Test
  void ppcaSubspace_largerCoefficient_concentratesOnTopEigenvectors() {
    // Mean |v·u₁| (k = 1) and mean ‖U₂ᵀV‖²_F/2 (k = 2) over 100 chains must increase with the
    // coefficient n·ε/2 and exceed 0.99 once the eigen-gap times the coefficient dwarfs d.
    // Fails if the chain ignores A or cannot leave its random start when the density is peaked.
    int d = 10;
    double[] l = new double[d];
    for (int i = 0; i < d; i++) {
      l[i] = 1.0 - 0.1 * i;
    }
    double[] top1 = new double[d];
    DMatrixRMaj a = rotated(l, 9, top1);
    SymmetricEigen eig = SymmetricEigen.of(a);
    double[] coefficients = {1, 30, 1e3, 1e5};
    for (int k = 1; k <= 2; k++) {
      double previous = 0;
      StringBuilder line = new StringBuilder();
      for (double c : coefficients) {
        SplittableRandom rng = new SplittableRandom(41 + k);
        double sum = 0;
        for (int rep = 0; rep < 100; rep++) {
          double[] v = PrivatePcaClient.ppcaSubspace(SymmetricEigen.of(a), c, k, 100, rng);
          double[] w = new double[d];
          double captured = 0;
          for (int e = 0; e < k; e++) {
            for (int col = 0; col < k; col++) {
              for (int r = 0; r < d; r++) {
                w[r] = v[r * k + col];
              }
              double[] u = new double[d];
              for (int r = 0; r < d; r++) {
                u[r] = eig.vectors().get(r, e);
              }
              double dot = Neighbours.dot(u, w);
              captured += dot * dot;
            }
          }
          sum += k == 1 ? Math.sqrt(captured) : captured / k;
        }
        double mean = sum / 100;
        line.append(String.format(" coefficient %.0e: %.4f;", c, mean));
        assertTrue(mean > previous, "k=" + k + ": concentration did not increase at coefficient " + c);
        previous = mean;
      }
      System.out.println("PPCA Gibbs d=10 k=" + k + " mean overlap with the top eigenvectors:" + line);
      assertTrue(previous > 0.99, "k=" + k + ": not concentrated at the largest coefficient: " + previous);
    }
  }
}
