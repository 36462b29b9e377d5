package io.pmbench.core.align;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * Kabsch–Umeyama similarity alignment (Umeyama 1991, "Least-squares estimation of
 * transformation parameters between two point patterns", Theorem / eqs. 40–42): the rotation
 * R, uniform scale c and translation t minimising Σ‖b_i − (c·R·a_i + t)‖², with the reflection
 * corrected by the sign of det(U)·det(V) (SPEC.md §6).
 *
 * @param rotation k × k, row-major
 * @param scale c
 * @param translation length k
 */
public record Umeyama(double[] rotation, double scale, double[] translation, int k) {

  /**
   * Fits the transform that maps {@code source} rows onto {@code target} rows (both m × k,
   * row-major, same items in the same order).
   */
  public static Umeyama fit(double[] source, double[] target, int m, int k) {
    if (source.length < m * k || target.length < m * k || m < 1) {
      throw new IllegalArgumentException("source and target must hold m x k values. Provided value: m=" + m);
    }
    double[] muA = new double[k];
    double[] muB = new double[k];
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < k; c++) {
        muA[c] += source[i * k + c];
        muB[c] += target[i * k + c];
      }
    }
    for (int c = 0; c < k; c++) {
      muA[c] /= m;
      muB[c] /= m;
    }
    DMatrixRMaj cov = new DMatrixRMaj(k, k); // (1/m)·Σ (b−μB)(a−μA)ᵀ
    double varA = 0;
    for (int i = 0; i < m; i++) {
      for (int r = 0; r < k; r++) {
        double br = target[i * k + r] - muB[r];
        for (int c = 0; c < k; c++) {
          cov.add(r, c, br * (source[i * k + c] - muA[c]));
        }
        double ar = source[i * k + r] - muA[r];
        varA += ar * ar;
      }
    }
    CommonOps_DDRM.scale(1.0 / m, cov);
    varA /= m;
    SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(k, k, true, true, false);
    if (!svd.decompose(cov.copy())) {
      throw new IllegalStateException("SVD failed in Umeyama alignment");
    }
    DMatrixRMaj u = svd.getU(null, false);
    DMatrixRMaj w = svd.getW(null);
    DMatrixRMaj v = svd.getV(null, false);
    SingularOps_DDRM.descendingOrder(u, false, w, v, false);
    double[] sign = new double[k];
    java.util.Arrays.fill(sign, 1.0);
    if (CommonOps_DDRM.det(u) * CommonOps_DDRM.det(v) < 0) {
      sign[k - 1] = -1.0; // reflection fix on the smallest singular value
    }
    DMatrixRMaj us = u.copy();
    for (int r = 0; r < k; r++) {
      for (int c = 0; c < k; c++) {
        us.set(r, c, us.get(r, c) * sign[c]);
      }
    }
    DMatrixRMaj rot = new DMatrixRMaj(k, k);
    CommonOps_DDRM.multTransB(us, v, rot);
    double trace = 0;
    for (int c = 0; c < k; c++) {
      trace += w.get(c, c) * sign[c];
    }
    double scale = varA > 0 ? trace / varA : 1.0;
    double[] t = new double[k];
    for (int r = 0; r < k; r++) {
      double s = 0;
      for (int c = 0; c < k; c++) {
        s += rot.get(r, c) * muA[c];
      }
      t[r] = muB[r] - scale * s;
    }
    return new Umeyama(rot.getData().clone(), scale, t, k);
  }

  /** y = c·R·x + t for one point (length k). */
  public double[] apply(double[] x) {
    double[] y = new double[k];
    for (int r = 0; r < k; r++) {
      double s = 0;
      for (int c = 0; c < k; c++) {
        s += rotation[r * k + c] * x[c];
      }
      y[r] = scale * s + translation[r];
    }
    return y;
  }

  /** Applies the transform to row {@code row} of a row-major block. */
  public double[] applyRow(double[] block, int row) {
    double[] x = new double[k];
    System.arraycopy(block, row * k, x, 0, k);
    return apply(x);
  }
}
