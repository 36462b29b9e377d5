package io.pmbench.baselines.pca;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;

/**
 * Hoff's (2009, §3) Gibbs sampler for the matrix Bingham distribution p(X) ∝ exp(tr(XᵀAX)) on the
 * Stiefel manifold of d × k matrices with orthonormal columns (rstiefel's
 * {@code rbing.matrix.gibbs} with B = I), working in A's eigen-coordinates (A = E·diag(l)·Eᵀ).
 *
 * <p>One sweep visits the columns in a random order. Column j given the others is
 * x_j = N·z with N an orthonormal basis of the complement of the other columns and z vector
 * Bingham with parameter NᵀAN on the sphere of R^(d−k+1); Hoff updates z by one sweep of
 * {@link VectorBingham} in the eigen-coordinates of NᵀAN. Here that eigenbasis is obtained by
 * nesting one {@link RankOneCompression} per other column (O(k·d²) instead of a dense O(d³)
 * eigen-decomposition per column step), which is the same Markov kernel. Needs d ≥ k + 2 (so the
 * vector steps live on spheres of dimension ≥ 3). After each column step the column is
 * re-orthogonalised against the others (absorbing rounding and deflation perturbations).
 *
 * <p>The sampler is an MCMC chain: its state after a finite number of sweeps is only
 * approximately distributed as p. The caller chooses the (data-independent) start.
 */
final class MatrixBingham {
  private final double[] l;

  /** @param l the eigenvalues of A (the exponent's coefficients in A's eigen-coordinates) */
  MatrixBingham(double[] l) {
    this.l = l.clone();
  }

  /**
   * Runs {@code sweeps} sweeps in place.
   *
   * @param columns the k columns of X in A's eigen-coordinates (orthonormal, each of length d)
   */
  void run(double[][] columns, int sweeps, SplittableRandom rng) {
    int k = columns.length;
    int d = l.length;
    if (d < k + 2) {
      throw new IllegalArgumentException("d must be >= k + 2 for Hoff's Gibbs sampler. Provided value: d=" + d
          + ", k=" + k);
    }
    int[] perm = new int[k];
    for (int s = 0; s < sweeps; s++) {
      for (int j = 0; j < k; j++) {
        perm[j] = j;
      }
      for (int j = k - 1; j > 0; j--) {
        int o = rng.nextInt(j + 1);
        int t = perm[j];
        perm[j] = perm[o];
        perm[o] = t;
      }
      for (int j : perm) {
        columns[j] = columnStep(columns, j, rng);
      }
    }
  }

  /** Column j redrawn by one vector-Bingham sweep in the complement of the other columns. */
  private double[] columnStep(double[][] columns, int j, SplittableRandom rng) {
    int k = columns.length;
    double[][] others = new double[k - 1][];
    int o = 0;
    for (int c = 0; c < k; c++) {
      if (c != j) {
        others[o++] = columns[c].clone();
      }
    }
    double[] coeff = l;
    double[] v = columns[j];
    Deque<RankOneCompression> levels = new ArrayDeque<>();
    for (int c = 0; c < k - 1; c++) {
      RankOneCompression level = RankOneCompression.of(coeff, others[c]);
      levels.push(level);
      coeff = level.values();
      v = level.toNew(v);
      for (int later = c + 1; later < k - 1; later++) {
        others[later] = level.toNew(others[later]);
      }
    }
    UnitVectors.normalise(v);
    VectorBingham.sweep(v, coeff, rng);
    while (!levels.isEmpty()) {
      v = levels.pop().toOld(v);
    }
    for (int c = 0; c < k; c++) { // Gram–Schmidt against the (unchanged) other columns, twice
      if (c != j) {
        UnitVectors.removeComponent(v, columns[c]);
        UnitVectors.removeComponent(v, columns[c]);
      }
    }
    UnitVectors.normalise(v);
    return v;
  }
}
