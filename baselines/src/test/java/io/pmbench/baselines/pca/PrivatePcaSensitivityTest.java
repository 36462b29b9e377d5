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
 *       mechanism ∝ exp((ε₁/2)·u) is ε₁-DP only if it is).
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
            PrivatePcaClient.ppcaSubspace(gram, 5.0, k, 30, rng)};
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
}
