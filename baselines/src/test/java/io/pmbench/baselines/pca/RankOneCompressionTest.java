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
 * {@link RankOneCompression} (and its {@link RankOneCompression#update}, checked the same way
 * against the dense decomposition of diag(l) + u·uᵀ) against a dense reference (EJML: a QR null-space basis N of u⊥ and
 * the symmetric eigen-decomposition of NᵀLN, exactly Hoff's {@code NullC} + {@code eigen}). For
 * random, clustered (repeated eigenvalues, as zero-variance pixels give), sparse (u with exact
 * zeros and 1e-17 entries) and large-scale (l ~ 1e8) cases: the eigenvalues agree, the basis is
 * orthonormal, orthogonal to u and diagonalises L. Tolerances are relative to max|l| (1e-10) and
 * absolute for orthonormality (1e-10). It fails if the secular solver, the deflation or the
 * Gu–Eisenstat weights are wrong — which would make the Gibbs column step sample the wrong
 * conditional.
 */
class RankOneCompressionTest {

  static double[] gaussian(int m, SplittableRandom rng) {
    double[] v = new double[m];
    for (int i = 0; i < m; i++) {
      v[i] = Seeds.gaussian(rng);
    }
    return v;
  }

  /**
   * {l, u} with repeated eigenvalues (20 zeros, ten 1.5s, two within 1e-17) and u with exact zeros
   * and 1e-17 entries: deflation and merges.
   */
  static double[][] clusteredCase(int m, SplittableRandom rng) {
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
    return new double[][] {l, u};
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

  /** Eigenvalues of diag(l) + u·uᵀ by the dense reference, sorted. */
  private static double[] denseUpdate(double[] l, double[] u) {
    int m = l.length;
    DMatrixRMaj a = new DMatrixRMaj(m, m);
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        a.unsafe_set(i, j, (i == j ? l[i] : 0) + u[i] * u[j]);
      }
    }
    double[] ev = SymmetricEigen.of(a).values();
    Arrays.sort(ev);
    return ev;
  }

  private static void check(double[] l, double[] u, String label) {
    check(l, u, false, label);
  }

  private static void check(double[] l, double[] u, boolean update, String label) {
    int m = l.length;
    double scale = update ? Neighbours.dot(u, u) : 0;
    for (double v : l) {
      scale = Math.max(scale, Math.abs(v));
    }
    scale = Math.max(scale, 1e-300);
    RankOneCompression c = update ? RankOneCompression.update(l, u) : RankOneCompression.of(l, u);
    double[] values = c.values();
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double[] ref = update ? denseUpdate(l, u) : denseReference(l, u);
    int size = update ? m : m - 1;
    assertTrue(values.length == size, label + ": " + values.length + " values");
    for (int i = 0; i < size; i++) {
      assertTrue(Math.abs(sorted[i] - ref[i]) <= 1e-10 * scale,
          label + ": eigenvalue " + i + " " + sorted[i] + " vs dense " + ref[i]);
    }
    double unorm = Math.sqrt(Neighbours.dot(u, u));
    double[][] basis = new double[size][];
    for (int i = 0; i < size; i++) {
      double[] e = new double[size];
      e[i] = 1;
      basis[i] = c.toOld(e);
      assertTrue(update || Math.abs(Neighbours.dot(basis[i], u)) / unorm <= 1e-10,
          label + ": basis vector not orthogonal to u");
    }
    for (int i = 0; i < size; i++) {
      for (int j = 0; j < size; j++) {
        double g = Neighbours.dot(basis[i], basis[j]);
        assertTrue(Math.abs(g - (i == j ? 1 : 0)) <= 1e-10, label + ": Gram[" + i + "][" + j + "] = " + g);
        double q = update ? Neighbours.dot(basis[i], u) * Neighbours.dot(basis[j], u) : 0;
        for (int r = 0; r < m; r++) {
          q += basis[i][r] * l[r] * basis[j][r];
        }
        assertTrue(Math.abs(q - (i == j ? values[i] : 0)) <= 1e-10 * scale,
            label + ": basis does not diagonalise L at " + i + "," + j + ": " + q);
      }
    }
    // toNew inverts toOld (on u⊥ for a compression)
    double[] y = gaussian(size, new SplittableRandom(m));
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
      double[][] lu = clusteredCase(m, rng);
      check(lu[0], lu[1], "clustered/sparse rep=" + rep);
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

  @Test
  void update_randomClusteredAndScaledCases_matchDenseEigenDecomposition() {
    // the same cases as the compression: random, repeated eigenvalues with exact-zero and 1e-17
    // entries of u (deflation and merges), u = e_5 (a single pole left: the top root is exact),
    // scales from a tiny ‖u‖ = 1e-6 to eigenvalues of 1e8
    SplittableRandom rng = new SplittableRandom(14);
    for (int m : new int[] {1, 2, 3, 6, 40}) {
      for (int rep = 0; rep < 4; rep++) {
        check(gaussian(m, rng), gaussian(m, rng), true, "update random m=" + m);
      }
    }
    int m = 60;
    for (int rep = 0; rep < 3; rep++) {
      double[][] lu = clusteredCase(m, rng);
      check(lu[0], lu[1], true, "update clustered/sparse rep=" + rep);
    }
    double[] l = new double[m];
    double[] e5 = new double[m];
    double[] tiny = gaussian(m, rng);
    double[] huge = gaussian(m, rng);
    e5[5] = 0.7;
    for (int i = 0; i < m; i++) {
      l[i] = i;
      tiny[i] *= 1e-6 / Math.sqrt(m);
      huge[i] = 1e8 * huge[i] * huge[i];
    }
    check(l, e5, true, "update u = 0.7 e_5");
    check(l, tiny, true, "update tiny u");
    check(huge, gaussian(m, rng), true, "update scale 1e8");
  }
}
