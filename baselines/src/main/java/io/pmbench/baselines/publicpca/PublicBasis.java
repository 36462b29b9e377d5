package io.pmbench.baselines.publicpca;

import io.pmbench.baselines.pca.TopEigenvectors;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * public-pca's basis, a function of the public rows P only (SPEC.md §7): the mean μ of P's rows
 * and V, the top-{@code dims} right singular vectors of the centred rows P − 1·μ, i.e. the
 * eigenvectors of the d × d scatter matrix (P − 1·μ)ᵀ(P − 1·μ) for its {@code dims} largest
 * eigenvalues ({@link TopEigenvectors}: Householder tridiagonalisation, inverse iteration for the
 * wanted vectors only; each vector's largest-magnitude entry positive, so the basis is a
 * deterministic function of P). The columns of V are orthonormal, so ‖x·V‖ ≤ ‖x‖ (‖V‖₂ = 1).
 *
 * @param mean μ, length d
 * @param basis V, row-major d × dims
 * @param dims the number of columns of V
 */
record PublicBasis(double[] mean, double[] basis, int dims) {
  /**
   * Bases already fitted, per public set (by identity: a run holds one public set per seed and
   * hands the same object to the client and the server sides) and dims; an entry goes when its
   * public set is no longer referenced.
   */
  private static final Map<LabelledSet, Map<Integer, PublicBasis>> FITTED =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** The basis of {@code publicSet}, fitted once per public set and dims and then shared. */
  static PublicBasis of(LabelledSet publicSet, int dims) {
    Map<Integer, PublicBasis> byDims = FITTED.computeIfAbsent(publicSet, s -> new ConcurrentHashMap<>());
    return byDims.computeIfAbsent(dims, k -> fit(publicSet.features(), k));
  }

  /** Fits μ and V from the rows of {@code publicRows} (not modified); needs 1 ≤ dims ≤ d. */
  static PublicBasis fit(FeatureMatrix publicRows, int dims) {
    int n = publicRows.rows();
    int d = publicRows.cols();
    double[] mean = new double[d];
    double[] row = new double[d];
    for (int i = 0; i < n; i++) {
      publicRows.row(i, row);
      for (int j = 0; j < d; j++) {
        mean[j] += row[j];
      }
    }
    for (int j = 0; j < d; j++) {
      mean[j] /= n;
    }
    DMatrixRMaj centred = new DMatrixRMaj(n, d);
    for (int i = 0; i < n; i++) {
      publicRows.row(i, row);
      for (int j = 0; j < d; j++) {
        centred.data[i * d + j] = row[j] - mean[j];
      }
    }
    DMatrixRMaj scatter = new DMatrixRMaj(d, d);
    CommonOps_DDRM.multTransA(centred, centred, scatter);
    return new PublicBasis(mean, TopEigenvectors.of(scatter, dims), dims);
  }

  /**
   * The basis of the first {@code leadingDims} columns of V (same μ). {@link TopEigenvectors}
   * finds each vector from the ones before it only, so this is bit for bit
   * {@code fit(P, leadingDims)} (a test checks it) without another decomposition.
   */
  PublicBasis leading(int leadingDims) {
    if (leadingDims < 1 || leadingDims > dims) {
      throw new IllegalArgumentException("leadingDims must be in [1, " + dims + "]. Provided value: " + leadingDims);
    }
    int d = d();
    double[] v = new double[d * leadingDims];
    for (int j = 0; j < d; j++) {
      System.arraycopy(basis, j * dims, v, j * leadingDims, leadingDims);
    }
    return new PublicBasis(mean, v, leadingDims);
  }

  /** The server side of a release in this basis: S and P projected as {@link #project} does. */
  ServerSide serverSide(ServerView view) {
    return ServerSide.of(new Embedding(project(view.gallery().features()), view.gallery().size(), dims),
        new Embedding(project(view.publicSet().features()), view.publicSet().size(), dims));
  }

  /** The feature dimension d. */
  int d() {
    return mean.length;
  }

  /**
   * (clip(x) − μ)·V for every row x of {@code rows}, row-major n × dims, where clip scales a row
   * longer than 1 down to L2 norm 1 (rows are unit-norm by SPEC.md §2; clipping makes the
   * sensitivity bound hold exactly despite float rounding). Client and server use this same code.
   */
  double[] project(FeatureMatrix rows) {
    int n = rows.rows();
    int d = d();
    if (rows.cols() != d) {
      throw new IllegalArgumentException("rows must have d = " + d + " columns. Provided value: " + rows.cols());
    }
    double[] meanProjected = new double[dims];
    for (int j = 0; j < d; j++) {
      for (int c = 0; c < dims; c++) {
        meanProjected[c] += mean[j] * basis[j * dims + c];
      }
    }
    double[] out = new double[n * dims];
    double[] x = new double[d];
    for (int i = 0; i < n; i++) {
      rows.row(i, x);
      double sq = 0;
      for (double v : x) {
        sq += v * v;
      }
      double f = sq > 1 ? 1 / Math.sqrt(sq) : 1;
      for (int j = 0; j < d; j++) {
        double xv = f * x[j];
        for (int c = 0; c < dims; c++) {
          out[i * dims + c] += xv * basis[j * dims + c];
        }
      }
      for (int c = 0; c < dims; c++) {
        out[i * dims + c] -= meanProjected[c];
      }
    }
    return out;
  }
}
