package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * private-pca's sensitivities against brute-force neighbours (SPEC.md §1: one row removed — a zero
 * row in its place — or added, the smaller set padded with a zero row), with the mechanism's own
 * maps (row clipping, {@link PrivatePcaClient#project}):
 * <ul>
 *   <li>the projected release f(D) = D·V with V fixed: ‖f(D) − f(D′)‖_F ≤ Δ = 1 (it is what s is
 *       calibrated to);
 *   <li>PPCA's score u(D, V) = tr(VᵀDᵀDV): |u(D, V) − u(D′, V)| ≤ 1 for every V (the exponential
 *       mechanism ∝ exp((ε₁/2)·u) is ε₁-DP only if it is);
 *   <li>MOD-SULQ's input A = (1/n)·DᵀD: Σ_{i≤j} |A_ij − A′_ij| ≤ (d+1)/n when one row is replaced
 *       (n fixed), the ℓ1 bound behind the (d+1)/(n·ε₁) term of β (Chaudhuri et al. 2013, proof of
 *       MOD-SULQ's privacy).
 * </ul>
 * Data: random unit rows, rows a few ulps longer than 1 (clipping must catch them), duplicated
 * rows, and the worst added row (V's own first column, for which ‖x·V‖ = 1 exactly). The largest
 * ratios are printed; a failure means the bound (or the clipping) is wrong, not the tolerance.
 */
class PrivatePcaSensitivityTest {

  private static FeatureMatrix matrix(double[] x, int n, int d) {
    float[] f = new float[n * d];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) x[i];
    }
    return new FeatureMatrix(f, n, d);
  }

  private static double[] release(double[] x, int n, int d, double[] v, int k) {
    return PrivatePcaClient.project(PrivatePcaClient.clippedRows(matrix(x, n, d), 0, n), n, d, v, k);
  }

  private static double score(double[] x, int n, int d, double[] v, int k) {
    double[] y = release(x, n, d, v, k);
    double s = 0;
    for (double e : y) {
      s += e * e;
    }
    return s;
  }

  private static double distance(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return Math.sqrt(s);
  }

  @Test
  void projectedReleaseAndScore_bruteForceNeighbours_withinBounds() {
    int n = 14;
    int k = 2;
    double worstRelease = 0;
    double worstScore = 0;
    for (int d : new int[] {4, 7}) {
      for (long seed = 1; seed <= 4; seed++) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] x = Neighbours.unitRows(n, d, rng);
        System.arraycopy(x, 0, x, d, d); // a duplicated row
        for (int c = 0; c < d; c++) {
          x[2 * d + c] *= 1 + 4e-7; // a row longer than 1 by float rounding
        }
        DMatrixRMaj gram = new DMatrixRMaj(d, d);
        CommonOps_DDRM.multTransA(DMatrixRMaj.wrap(n, d, x), DMatrixRMaj.wrap(n, d, x), gram);
        double[][] subspaces = {SymmetricEigen.uniformStiefel(d, k, rng),
            PrivatePcaClient.ppcaSubspace(SymmetricEigen.of(gram), 5.0, k, 30, rng)};
        for (double[] v : subspaces) {
          double[] fd = release(x, n, d, v, k);
          double ud = score(x, n, d, v, k);
          for (int i = 0; i < n; i++) { // remove row i: a zero row in its place
            double[] x2 = x.clone();
            Arrays.fill(x2, i * d, (i + 1) * d, 0.0);
            worstRelease = Math.max(worstRelease, distance(fd, release(x2, n, d, v, k)) / 1.0);
            worstScore = Math.max(worstScore, Math.abs(ud - score(x2, n, d, v, k)) / 1.0);
          }
          double[] worstRow = new double[d]; // V's first column: ‖x·V‖ = 1
          for (int r = 0; r < d; r++) {
            worstRow[r] = v[r * k];
          }
          double[][] extras = {worstRow, Neighbours.unitRows(1, d, rng), Neighbours.unitRows(1, d, rng)};
          for (double[] extra : extras) { // add a row: D padded with a zero row vs D with the row
            double[] padded = Arrays.copyOf(x, (n + 1) * d);
            double[] added = padded.clone();
            System.arraycopy(extra, 0, added, n * d, d);
            worstRelease = Math.max(worstRelease,
                distance(release(padded, n + 1, d, v, k), release(added, n + 1, d, v, k)) / 1.0);
            worstScore = Math.max(worstScore,
                Math.abs(score(padded, n + 1, d, v, k) - score(added, n + 1, d, v, k)) / 1.0);
          }
        }
      }
    }
    System.out.printf("private-pca: max ||D*V - D'*V||_F / 1 = %.9f, max |tr(V'D'DV) - tr(V'D''D'V)| / 1 = %.9f"
        + " over brute-force neighbours%n", worstRelease, worstScore);
    assertTrue(worstRelease <= 1.0, "projected release sensitivity exceeds 1: " + worstRelease);
    assertTrue(worstScore <= 1.0, "PPCA score sensitivity exceeds 1: " + worstScore);
    assertTrue(worstRelease > 0.999, "the worst-case row must attain the bound (test is too weak otherwise)");
  }

  /** Σ_{i≤j} |a_ij − b_ij| over the upper triangle (diagonal included) of two d × d matrices. */
  private static double upperL1(DMatrixRMaj a, DMatrixRMaj b) {
    double s = 0;
    for (int i = 0; i < a.numRows; i++) {
      for (int j = i; j < a.numCols; j++) {
        s += Math.abs(a.unsafe_get(i, j) - b.unsafe_get(i, j));
      }
    }
    return s;
  }

  /** MOD-SULQ's A = (1/n)·DᵀD of the clipped rows, by the mechanism's own code (β = 0: no noise). */
  private static DMatrixRMaj modSulqInput(double[] x, int n, int d) {
    DMatrixRMaj rows = DMatrixRMaj.wrap(n, d, PrivatePcaClient.clippedRows(matrix(x, n, d), 0, n));
    DMatrixRMaj gram = new DMatrixRMaj(d, d);
    CommonOps_DDRM.multTransA(rows, rows, gram);
    return ModSulq.noisyCovariance(gram, n, 0.0, new SplittableRandom(0));
  }

  @Test
  void modSulqInput_bruteForceNeighbours_withinL1Bound() {
    // Replace every row in turn (n fixed: SPEC.md §1's removal is the replacement by a zero row)
    // with: a zero row; the all-equal row (1, …, 1)/√d, which attains Σ_{i≤j}|x_i·x_j| = (d+1)/2;
    // the alternating row (1, −1, 1, …)/√d; a random unit row; and that row a few ulps longer than
    // 1 (clipping must catch it). For the ratio to exceed 1 the clipping or the bound behind β
    // would have to be wrong; the zero-row replacement of an all-equal row must reach ratio 1/2
    // (else the test is too weak to see a bound that is off by more than a factor 2).
    int n = 12;
    double worst = 0;
    double worstRemoval = 0;
    for (int d : new int[] {3, 6, 9}) {
      double bound = (d + 1.0) / n;
      for (long seed = 1; seed <= 3; seed++) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] x = Neighbours.unitRows(n, d, rng);
        double[] equal = new double[d];
        double[] alternating = new double[d];
        for (int c = 0; c < d; c++) {
          equal[c] = 1 / Math.sqrt(d);
          alternating[c] = (c % 2 == 0 ? 1 : -1) / Math.sqrt(d);
        }
        System.arraycopy(equal, 0, x, 0, d);
        System.arraycopy(alternating, 0, x, d, d);
        double[] random = Neighbours.unitRows(1, d, rng);
        double[] longer = random.clone();
        for (int c = 0; c < d; c++) {
          longer[c] *= 1 + 4e-7;
        }
        double[][] replacements = {new double[d], equal, alternating, random, longer};
        DMatrixRMaj a = modSulqInput(x, n, d);
        for (int i = 0; i < n; i++) {
          for (int r = 0; r < replacements.length; r++) {
            double[] x2 = x.clone();
            System.arraycopy(replacements[r], 0, x2, i * d, d);
            double ratio = upperL1(a, modSulqInput(x2, n, d)) / bound;
            worst = Math.max(worst, ratio);
            if (r == 0) {
              worstRemoval = Math.max(worstRemoval, ratio);
            }
          }
        }
      }
    }
    System.out.printf("private-pca MOD_SULQ: max sum_{i<=j} |A - A'|_ij / ((d+1)/n) = %.6f over replace-one"
        + " neighbours (%.6f for removal, i.e. a zero row)%n", worst, worstRemoval);
    assertTrue(worst <= 1.0, "MOD-SULQ l1 sensitivity exceeds (d+1)/n: " + worst);
    assertTrue(worstRemoval > 0.4999, "the all-equal row must reach half the bound: " + worstRemoval);
  }
}
