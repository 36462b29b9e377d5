package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.NoiseSource;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.MatrixFeatures_DDRM;
import org.junit.jupiter.api.Test;

/**
 * {@link TopEigenvectors} (tridiagonalisation + inverse iteration) against the full EJML
 * decomposition that MOD-SULQ used before ({@link #referenceTop}, kept here as the reference):
 * the same eigenvectors up to sign, to 1e-9 per entry, on random symmetric matrices (d from 1 to
 * 80, k up to d) and on MOD-SULQ's own noisy covariance. Not bit-identical — a different algorithm
 * — but the eigenvectors of a matrix with distinct eigenvalues are unique up to sign and both
 * methods are backward stable, so they agree to about eps·‖A‖/gap (≤ 1e-12 for these matrices;
 * the 1e-9 tolerance leaves room for smaller gaps). It fails if the tridiagonal solve, the
 * reflector order in Q·x or the ordering of the eigenvalues is wrong — MOD-SULQ would then release
 * a V that is not the top-k eigenspace of A + E.
 */
class TopEigenvectorsTest {

  /** The previous MOD-SULQ subspace: the first k columns of EJML's full, sorted decomposition. */
  static double[] referenceTop(DMatrixRMaj symmetric, int k) {
    SymmetricEigen eig = SymmetricEigen.of(symmetric);
    int d = symmetric.numRows;
    double[] out = new double[d * k];
    for (int r = 0; r < d; r++) {
      for (int c = 0; c < k; c++) {
        out[r * k + c] = eig.vectors().unsafe_get(r, c);
      }
    }
    return out;
  }

  /** Max over entries of |fast − s·ref|, s = ±1 per column chosen to match. */
  static double maxDifferenceUpToSign(double[] fast, double[] ref, int d, int k) {
    double worst = 0;
    for (int c = 0; c < k; c++) {
      double dot = 0;
      for (int r = 0; r < d; r++) {
        dot += fast[r * k + c] * ref[r * k + c];
      }
      double s = dot < 0 ? -1 : 1;
      for (int r = 0; r < d; r++) {
        worst = Math.max(worst, Math.abs(fast[r * k + c] - s * ref[r * k + c]));
      }
    }
    return worst;
  }

  private static DMatrixRMaj randomSymmetric(int d, SplittableRandom rng) {
    DMatrixRMaj a = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        double v = Seeds.gaussian(rng);
        a.unsafe_set(i, j, v);
        a.unsafe_set(j, i, v);
      }
    }
    return a;
  }

  @Test
  void of_randomSymmetric_matchesFullDecompositionUpToSign() {
    SplittableRandom rng = new SplittableRandom(31);
    for (int d : new int[] {1, 2, 3, 5, 17, 80}) {
      for (int rep = 0; rep < 3; rep++) {
        DMatrixRMaj a = randomSymmetric(d, rng);
        for (int k : new int[] {1, Math.min(2, d), d}) {
          DMatrixRMaj before = a.copy();
          double diff = maxDifferenceUpToSign(TopEigenvectors.of(a, k), referenceTop(a, k), d, k);
          assertTrue(diff <= 1e-9, "d=" + d + " k=" + k + ": max difference " + diff);
          assertTrue(MatrixFeatures_DDRM.isIdentical(a, before, 0), "input modified");
        }
      }
    }
  }

  @Test
  void subspace_modSulqCovariance_matchesPreviousImplementationUpToSign() {
    // the same noise draws (same stream) give the same A + E; only the eigen-solver differs
    int n = 120;
    int d = 60;
    double[] x = Neighbours.unitRows(n, d, new SplittableRandom(32));
    DMatrixRMaj rows = DMatrixRMaj.wrap(n, d, x);
    DMatrixRMaj gram = new DMatrixRMaj(d, d);
    CommonOps_DDRM.multTransA(rows, rows, gram);
    for (double epsilon : new double[] {0.1, 8, 1e4}) {
      double beta = ModSulq.beta(d, n, epsilon, 1e-5);
      double[] fast = ModSulq.subspace(gram, n, 2, beta, NoiseSampler.STANDARD, new SplittableRandom(33));
      SplittableRandom rng = new SplittableRandom(33);
      NoiseSource noise = NoiseSampler.STANDARD.gaussian(beta, 1.0 / n, d * (d + 1) / 2);
      double[] ref = referenceTop(ModSulq.noisyCovariance(gram, n, noise::perturb, rng), 2);
      double diff = maxDifferenceUpToSign(fast, ref, d, 2);
      assertTrue(diff <= 1e-9, "epsilon=" + epsilon + ": max difference " + diff);
    }
  }
}
