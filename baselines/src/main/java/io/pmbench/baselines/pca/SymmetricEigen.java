package io.pmbench.baselines.pca;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;

/**
 * A symmetric eigen-decomposition (EJML's symmetric QR algorithm) with the eigenvalues sorted in
 * decreasing order, and the other small dense helpers private-pca needs.
 *
 * @param values eigenvalues, largest first
 * @param vectors d × d, column i is the unit eigenvector of {@code values[i]}
 */
record SymmetricEigen(double[] values, DMatrixRMaj vectors) implements Eigenbasis {

  /** Decomposes {@code symmetric} (not modified). */
  static SymmetricEigen of(DMatrixRMaj symmetric) {
    int d = symmetric.numRows;
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
    if (!eig.decompose(symmetric.copy())) {
      throw new IllegalStateException("symmetric eigen-decomposition failed to converge (d=" + d + ")");
    }
    Integer[] idx = new Integer[d];
    double[] raw = new double[d];
    for (int i = 0; i < d; i++) {
      idx[i] = i;
      raw[i] = eig.getEigenvalue(i).real;
    }
    Arrays.sort(idx, (a, b) -> Double.compare(raw[b], raw[a]));
    double[] values = new double[d];
    DMatrixRMaj vectors = new DMatrixRMaj(d, d);
    for (int c = 0; c < d; c++) {
      values[c] = raw[idx[c]];
      DMatrixRMaj v = eig.getEigenVector(idx[c]);
      for (int r = 0; r < d; r++) {
        vectors.unsafe_set(r, c, v.get(r, 0));
      }
    }
    return new SymmetricEigen(values, vectors);
  }

  @Override
  public double[] toEigen(double[] x) {
    int d = values.length;
    double[] out = new double[d];
    for (int r = 0; r < d; r++) {
      double xr = x[r];
      for (int c = 0; c < d; c++) {
        out[c] += vectors.unsafe_get(r, c) * xr;
      }
    }
    return out;
  }

  @Override
  public double[] fromEigen(double[] y) {
    int d = values.length;
    double[] out = new double[d];
    for (int r = 0; r < d; r++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        s += vectors.unsafe_get(r, c) * y[c];
      }
      out[r] = s;
    }
    return out;
  }

  /**
   * A uniformly (Haar) distributed d × k matrix with orthonormal columns, row-major: the Q factor
   * of an iid N(0, 1) matrix (EJML Householder QR) with the signs fixed by R's diagonal. Depends
   * on {@code rng} only, never on data.
   */
  static double[] uniformStiefel(int d, int k, SplittableRandom rng) {
    DMatrixRMaj g = new DMatrixRMaj(d, k);
    for (int i = 0; i < d * k; i++) {
      g.data[i] = Seeds.gaussian(rng);
    }
    QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(d, k);
    if (!qr.decompose(g)) {
      throw new IllegalStateException("QR decomposition failed (d=" + d + ", k=" + k + ")");
    }
    DMatrixRMaj q = qr.getQ(null, true);
    DMatrixRMaj rr = qr.getR(null, true);
    double[] out = new double[d * k];
    for (int c = 0; c < k; c++) {
      double sign = rr.get(c, c) < 0 ? -1 : 1;
      for (int r = 0; r < d; r++) {
        out[r * k + c] = sign * q.get(r, c);
      }
    }
    return out;
  }
}
