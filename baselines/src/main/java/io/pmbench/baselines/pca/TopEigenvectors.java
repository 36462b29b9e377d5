package io.pmbench.baselines.pca;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.eig.symm.SymmetricQREigenHelper_DDRM;
import org.ejml.dense.row.decomposition.eig.symm.SymmetricQrAlgorithm_DDRM;
import org.ejml.dense.row.decomposition.hessenberg.TridiagonalDecompositionHouseholder_DDRM;

/**
 * The top-k eigenvectors of a symmetric d × d matrix without the full eigenvector matrix
 * (Golub &amp; Van Loan, Matrix Computations, 4th ed., §8.3 and §8.2.2; LAPACK {@code dsytrd},
 * {@code dsterf}, {@code dstein}, {@code dormtr}): Householder tridiagonalisation A = Q·T·Qᵀ
 * (EJML), all eigenvalues of T by EJML's implicit symmetric QR without vectors, the k largest
 * eigenvectors of T by inverse iteration (a tridiagonal solve with partial pivoting, three steps,
 * each re-orthogonalised against the vectors already found), and Q applied to them reflector by
 * reflector. It costs the tridiagonalisation (4/3·d³) plus O(k·d²), instead of the ≈ 9·d³ of a full
 * decomposition that accumulates every rotation. Each vector's sign is fixed so that its entry of
 * largest magnitude is positive.
 */
public final class TopEigenvectors {
  private static final double EPS = Math.ulp(1.0);
  private static final int INVERSE_ITERATIONS = 3;

  private TopEigenvectors() {}

  /** The eigenvectors of the k largest eigenvalues of {@code symmetric} (not modified), row-major d × k. */
  public static double[] of(DMatrixRMaj symmetric, int k) {
    int d = symmetric.numRows;
    if (k < 1 || k > d) {
      throw new IllegalArgumentException("k must be in [1, d] (d = " + d + "). Provided value: " + k);
    }
    Reflectors tri = new Reflectors();
    if (!tri.decompose(symmetric.copy())) {
      throw new IllegalStateException("tridiagonalisation failed (d=" + d + ")");
    }
    double[] diag = new double[d];
    double[] off = new double[d];
    tri.getDiagonal(diag, off);
    double[] values = eigenvalues(diag, off);
    double norm = 0;
    for (int i = 0; i < d; i++) {
      norm = Math.max(norm, Math.abs(diag[i]) + (i > 0 ? Math.abs(off[i - 1]) : 0) + Math.abs(off[i]));
    }
    double[][] found = new double[k][];
    double[] out = new double[d * k];
    for (int c = 0; c < k; c++) {
      double[] x = inverseIteration(diag, off, values[c], Math.max(norm, Double.MIN_NORMAL), found, c);
      found[c] = x.clone();
      tri.applyQ(x);
      fixSign(x);
      for (int r = 0; r < d; r++) {
        out[r * k + c] = x[r];
      }
    }
    return out;
  }

  /** The eigenvalues of the tridiagonal (diag, off), largest first. */
  private static double[] eigenvalues(double[] diag, double[] off) {
    int d = diag.length;
    SymmetricQrAlgorithm_DDRM qr = new SymmetricQrAlgorithm_DDRM(new SymmetricQREigenHelper_DDRM());
    qr.setFastEigenvalues(true);
    if (!qr.process(d, diag.clone(), off.clone())) {
      throw new IllegalStateException("tridiagonal QR failed to converge (d=" + d + ")");
    }
    double[] v = new double[d];
    for (int i = 0; i < d; i++) {
      v[i] = qr.getEigenvalue(i);
    }
    Arrays.sort(v);
    double[] desc = new double[d];
    for (int i = 0; i < d; i++) {
      desc[i] = v[d - 1 - i];
    }
    return desc;
  }

  /**
   * The unit eigenvector of the tridiagonal for the eigenvalue mu: a fixed start, then
   * {@link #INVERSE_ITERATIONS} solves of (T − mu·I)·y = x, each followed by Gram–Schmidt against
   * the first {@code count} vectors of {@code previous} and normalisation. A zero pivot is replaced
   * by eps·‖T‖ (as LAPACK's {@code dlagts} does), which is what makes the nearly singular solve
   * amplify the wanted direction.
   */
  private static double[] inverseIteration(double[] diag, double[] off, double mu, double norm, double[][] previous,
      int count) {
    int d = diag.length;
    double[] x = new double[d];
    for (int i = 0; i < d; i++) {
      x[i] = 1 + 0.5 * Math.sin(1.0 + i); // a fixed start with no special structure
    }
    ShiftedTridiagonal lu = new ShiftedTridiagonal(diag, off, mu, EPS * norm);
    for (int it = 0; it < INVERSE_ITERATIONS; it++) {
      lu.solve(x);
      for (int p = 0; p < count; p++) {
        UnitVectors.removeComponent(x, previous[p]);
      }
      UnitVectors.normalise(x);
    }
    return x;
  }

  private static void fixSign(double[] x) {
    int arg = 0;
    for (int i = 1; i < x.length; i++) {
      if (Math.abs(x[i]) > Math.abs(x[arg])) {
        arg = i;
      }
    }
    if (x[arg] < 0) {
      for (int i = 0; i < x.length; i++) {
        x[i] = -x[i];
      }
    }
  }

  /** EJML's Householder tridiagonalisation, with Q applied to a vector from the stored reflectors. */
  private static final class Reflectors extends TridiagonalDecompositionHouseholder_DDRM {
    /**
     * x ← Q·x for Q = H₀·H₁·…·H_{N−2}, H_j = I − γ_{j+1}·w·wᵀ with w = (0, …, 0, 1 at j+1,
     * row j of QT from j+2): the same reflectors EJML's {@code getQ} multiplies out.
     */
    void applyQ(double[] x) {
      double[] qt = QT.data;
      for (int j = N - 2; j >= 0; j--) {
        int row = j * N;
        double dot = x[j + 1];
        for (int i = j + 2; i < N; i++) {
          dot += qt[row + i] * x[i];
        }
        double g = gammas[j + 1] * dot;
        x[j + 1] -= g;
        for (int i = j + 2; i < N; i++) {
          x[i] -= g * qt[row + i];
        }
      }
    }
  }

  /**
   * T − mu·I factored by Gaussian elimination with partial pivoting (LAPACK {@code dlagtf}): rows
   * i and i+1 are swapped when the sub-diagonal entry is larger than the pivot, so U has two
   * super-diagonals. Pivots smaller than {@code tiny} in magnitude are replaced by ±tiny.
   */
  private static final class ShiftedTridiagonal {
    private final int n;
    private final double[] u0;
    private final double[] u1;
    private final double[] u2;
    private final double[] mult;
    private final boolean[] swap;

    ShiftedTridiagonal(double[] diag, double[] off, double mu, double tiny) {
      n = diag.length;
      u0 = new double[n];
      u1 = new double[n];
      u2 = new double[n];
      mult = new double[n];
      swap = new boolean[n];
      double piv = diag[0] - mu;
      double sup = n > 1 ? off[0] : 0; // row i's entry in column i+1 after elimination so far
      for (int i = 0; i < n - 1; i++) {
        double sub = off[i]; // row i+1's entry in column i
        double nextDiag = diag[i + 1] - mu;
        double nextSup = i + 2 < n ? off[i + 1] : 0;
        if (Math.abs(piv) >= Math.abs(sub)) {
          piv = guard(piv, tiny);
          double l = sub / piv;
          u0[i] = piv;
          u1[i] = sup;
          u2[i] = 0;
          mult[i] = l;
          piv = nextDiag - l * sup;
          sup = nextSup;
        } else {
          double l = piv / sub;
          swap[i] = true;
          u0[i] = sub;
          u1[i] = nextDiag;
          u2[i] = nextSup;
          mult[i] = l;
          piv = sup - l * nextDiag;
          sup = -l * nextSup;
        }
      }
      u0[n - 1] = guard(piv, tiny);
    }

    private static double guard(double piv, double tiny) {
      return Math.abs(piv) < tiny ? Math.copySign(tiny, piv == 0 ? 1 : piv) : piv;
    }

    /** x ← (T − mu·I)⁻¹·x. */
    void solve(double[] x) {
      for (int i = 0; i < n - 1; i++) {
        if (swap[i]) {
          double t = x[i];
          x[i] = x[i + 1];
          x[i + 1] = t - mult[i] * x[i];
        } else {
          x[i + 1] -= mult[i] * x[i];
        }
      }
      for (int i = n - 1; i >= 0; i--) {
        double s = x[i];
        if (i + 1 < n) {
          s -= u1[i] * x[i + 1];
        }
        if (i + 2 < n) {
          s -= u2[i] * x[i + 2];
        }
        x[i] = s / u0[i];
      }
    }
  }
}
