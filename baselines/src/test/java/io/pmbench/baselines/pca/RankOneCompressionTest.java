package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.junit.jupiter.api.Test;

/**
 * {@link RankOneCompression} against a dense reference (EJML: a QR null-space basis N of u⊥ and
 * the symmetric eigen-decomposition of NᵀLN, exactly Hoff's {@code NullC} + {@code eigen}). For
 * random, clustered (repeated eigenvalues, as zero-variance pixels give), sparse (u with exact
 * zeros and 1e-17 entries) and large-scale (l ~ 1e8) cases: the eigenvalues agree, the basis is
 * orthonormal, orthogonal to u and diagonalises L. Tolerances are relative to max|l| (1e-10) and
 * absolute for orthonormality (1e-10). It fails if the secular solver, the deflation or the
 * Gu–Eisenstat weights are wrong — which would make the Gibbs column step sample the wrong
 * conditional.
 */
class RankOneCompressionTest {

  private static double[] gaussian(int m, SplittableRandom rng) {
    double[] v = new double[m];
    for (int i = 0; i < m; i++) {
      v[i] = Seeds.gaussian(rng);
    }
    return v;
  }

  /** Eigenvalues of L compressed to u⊥ by the dense reference, sorted. */
  private static double[] denseReference(double[] l, double[] u) {
    int m = l.length;
    DMatrixRMaj a = new DMatrixRMaj(m, m);
    for (int i = 0; i < m; i++) {
      a.data[i * m] = u[i];
    }
    QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(m, m);
    qr.decompose(a);
    DMatrixRMaj q = qr.getQ(null, false); // m × m; columns 1.. span u⊥
    DMatrixRMaj n = CommonOps_DDRM.extract(q, 0, m, 1, m);
    DMatrixRMaj ln = new DMatrixRMaj(m, m - 1);
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m - 1; j++) {
        ln.unsafe_set(i, j, l[i] * n.unsafe_get(i, j));
      }
    }
    DMatrixRMaj b = new DMatrixRMaj(m - 1, m - 1);
    CommonOps_DDRM.multTransA(n, ln, b);
    double[] ev = SymmetricEigen.of(b).values();
    Arrays.sort(ev);
    return ev;
  }

  private static void check(double[] l, double[] u, String label) {
    int m = l.length;
    double scale = 0;
    for (double v : l) {
      scale = Math.max(scale, Math.abs(v));
    }
    scale = Math.max(scale, 1e-300);
    RankOneCompression c = RankOneCompression.of(l, u);
    double[] values = c.values();
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double[] ref = denseReference(l, u);
    for (int i = 0; i < m - 1; i++) {
      assertTrue(Math.abs(sorted[i] - ref[i]) <= 1e-10 * scale,
          label + ": eigenvalue " + i + " " + sorted[i] + " vs dense " + ref[i]);
    }
    double unorm = Math.sqrt(Neighbours.dot(u, u));
    double[][] basis = new double[m - 1][];
    for (int i = 0; i < m - 1; i++) {
      double[] e = new double[m - 1];
      e[i] = 1;
      basis[i] = c.toOld(e);
      assertTrue(Math.abs(Neighbours.dot(basis[i], u)) / unorm <= 1e-10, label + ": basis vector not orthogonal to u");
    }
    for (int i = 0; i < m - 1; i++) {
      for (int j = 0; j < m - 1; j++) {
        double g = Neighbours.dot(basis[i], basis[j]);
        assertTrue(Math.abs(g - (i == j ? 1 : 0)) <= 1e-10, label + ": Gram[" + i + "][" + j + "] = " + g);
        double q = 0;
        for (int r = 0; r < m; r++) {
          q += basis[i][r] * l[r] * basis[j][r];
        }
        assertTrue(Math.abs(q - (i == j ? values[i] : 0)) <= 1e-10 * scale,
            label + ": basis does not diagonalise L at " + i + "," + j + ": " + q);
      }
    }
    // toNew inverts toOld on u⊥
    double[] y = gaussian(m - 1, new SplittableRandom(m));
    assertArrayEquals(y, c.toNew(c.toOld(y)), 1e-10 * Math.sqrt(Neighbours.dot(y, y)), label + ": round trip");
  }

  @Test
  void compression_randomCases_matchDenseEigenDecomposition() {
    SplittableRandom rng = new SplittableRandom(11);
    for (int m : new int[] {2, 3, 6, 40}) {
      for (int rep = 0; rep < 5; rep++) {
        check(gaussian(m, rng), gaussian(m, rng), "random m=" + m);
      }
    }
  }

  @Test
  void compression_clusteredAndSparseCases_matchDenseEigenDecomposition() {
    SplittableRandom rng = new SplittableRandom(12);
    int m = 60;
    for (int rep = 0; rep < 5; rep++) {
      double[] l = new double[m];
      double[] u = gaussian(m, rng);
      for (int i = 0; i < m; i++) {
        l[i] = i < 20 ? 0 : i < 30 ? 1.5 : i < 32 ? 2 + 1e-17 * i : Math.abs(Seeds.gaussian(rng)) * 5;
        if (i % 7 == 0) {
          u[i] = 0;
        }
        if (i % 11 == 0) {
          u[i] = 1e-17;
        }
      }
      check(l, u, "clustered/sparse rep=" + rep);
    }
    double[] l = new double[m];
    double[] u = new double[m];
    u[5] = 1; // u = e_5: the compression simply drops coordinate 5
    for (int i = 0; i < m; i++) {
      l[i] = i;
    }
    check(l, u, "u = e_5");
  }

  @Test
  void compression_largeScale_matchesDenseEigenDecomposition() {
    SplittableRandom rng = new SplittableRandom(13);
    double[] l = gaussian(80, rng);
    for (int i = 0; i < l.length; i++) {
      l[i] = 1e8 * l[i] * l[i];
    }
    check(l, gaussian(80, rng), "scale 1e8");
  }
}
