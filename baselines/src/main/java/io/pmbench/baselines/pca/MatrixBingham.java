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
 * re-orthogonalised against the others (absorbing rounding and deflation perturbations). A step
 * whose first other column is unchanged since the previous step reuses that step's first-level
 * compression ({@link FirstLevel}: a quarter of the steps for k = 2).
 *
 * <p>With {@link ColumnDraw#EXACT} a column step is instead one exact draw of the column's full
 * conditional (vector Bingham ∝ exp(Σ l_i·x_i²) on the unit sphere of the complement of the other
 * columns) by {@link AcgVectorBingham}: no compression, O(d) per proposal. Both kernels leave p
 * invariant (each column step is a Gibbs step; the exact one is Hoff's §3 step with an exact inner
 * draw), so the chains share their stationary distribution but not their draws.
 *
 * <p>The sampler is an MCMC chain: its state after a finite number of sweeps is only
 * approximately distributed as p. The caller chooses the (data-independent) start.
 */
final class MatrixBingham {
  private final double[] l;
  private final boolean reuseFirstLevel;
  private final ColumnDraw draw;
  private AcgVectorBingham exact; // EXACT only: the last run's sampler

  /**
   * @param l the eigenvalues of A (the exponent's coefficients in A's eigen-coordinates)
   * @param draw how a column is redrawn given the others
   */
  MatrixBingham(double[] l, ColumnDraw draw) {
    this(l, true, draw);
  }

  /**
   * @param l the eigenvalues of A
   * @param reuseFirstLevel whether a column step may reuse the previous step's first-level compression
   *     ({@link FirstLevel}); false computes every compression afresh (the same bits, slower: tests compare the two)
   */
  MatrixBingham(double[] l, boolean reuseFirstLevel) {
    this(l, reuseFirstLevel, ColumnDraw.SWEEP);
  }

  private MatrixBingham(double[] l, boolean reuseFirstLevel, ColumnDraw draw) {
    if (draw == ColumnDraw.AUTO) {
      throw new IllegalArgumentException("draw must be SWEEP or EXACT (AUTO is resolved from k by private-pca's"
          + " options). Provided value: " + draw);
    }
    this.l = l.clone();
    this.reuseFirstLevel = reuseFirstLevel;
    this.draw = draw;
  }

  /** Mean ACG proposals per column step of the last {@link #run} (EXACT; NaN before any run, or for SWEEP). */
  double proposalsPerColumnStep() {
    return exact == null || exact.draws() == 0 ? Double.NaN : (double) exact.proposals() / exact.draws();
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
    if (draw == ColumnDraw.EXACT) {
      exact = new AcgVectorBingham(l, k - 1);
    }
    int[] perm = new int[k];
    FirstLevel first = reuseFirstLevel ? new FirstLevel() : null;
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
        columns[j] = draw == ColumnDraw.EXACT ? exactStep(columns, j, rng) : columnStep(columns, j, first, rng);
      }
    }
  }

  /**
   * Column j redrawn by one vector-Bingham sweep in the complement of the other columns. Level c
   * compresses the previous level's coefficients against the c-th other column (in the previous
   * level's coordinates) and carries column j and the later other columns into its coordinates.
   * The columns are not modified (column j's new value is returned).
   */
  private double[] columnStep(double[][] columns, int j, FirstLevel first, SplittableRandom rng) {
    int k = columns.length;
    double[][] others = others(columns, j);
    double[] coeff = l;
    double[] v = columns[j];
    Deque<RankOneCompression> levels = new ArrayDeque<>();
    for (int c = 0; c < k - 1; c++) {
      int later = k - 2 - c;
      double[][] carried = new double[1 + later][];
      carried[0] = v;
      System.arraycopy(others, c + 1, carried, 1, later);
      RankOneCompression level = c == 0 && first != null ? first.of(l, others[0], carried)
          : RankOneCompression.of(coeff, others[c], carried);
      v = carried[0];
      System.arraycopy(carried, 1, others, c + 1, later);
      levels.push(level);
      coeff = level.values();
    }
    if (k == 1) {
      v = v.clone();
    }
    UnitVectors.normalise(v);
    VectorBingham.sweep(v, coeff, rng);
    while (!levels.isEmpty()) {
      v = levels.pop().toOld(v);
    }
    return orthogonalised(v, columns, j);
  }

  /** Column j drawn exactly from its full conditional given the others ({@link AcgVectorBingham}). */
  private double[] exactStep(double[][] columns, int j, SplittableRandom rng) {
    double[] v = new double[l.length];
    exact.draw(others(columns, j), v, rng);
    return orthogonalised(v, columns, j);
  }

  /** The columns other than j, in order (the arrays themselves). */
  private static double[][] others(double[][] columns, int j) {
    double[][] others = new double[columns.length - 1][];
    int o = 0;
    for (int c = 0; c < columns.length; c++) {
      if (c != j) {
        others[o++] = columns[c];
      }
    }
    return others;
  }

  /** v Gram–Schmidt'ed against the (unchanged) columns other than j, twice, and normalised (in place). */
  private static double[] orthogonalised(double[] v, double[][] columns, int j) {
    for (int c = 0; c < columns.length; c++) {
      if (c != j) {
        UnitVectors.removeComponent(v, columns[c]);
        UnitVectors.removeComponent(v, columns[c]);
      }
    }
    UnitVectors.normalise(v);
    return v;
  }

  /**
   * The compression of A's coefficients against the first other column of the last column step,
   * kept while that column is unchanged: with k = 2 a sweep that starts with the column the
   * previous sweep ended with compresses against the same, untouched column again (half of the
   * sweep boundaries). {@link RankOneCompression} is a deterministic function of (l, u), so the
   * reused compression is bit for bit the one a new computation would give.
   */
  private static final class FirstLevel {
    private double[] against;
    private RankOneCompression level;

    /** {@link RankOneCompression#of(double[], double[], double[][])}, reused when u has the bits of the last u. */
    RankOneCompression of(double[] l, double[] u, double[][] carried) {
      if (level != null && sameBits(against, u)) {
        level.toNew(carried);
        return level;
      }
      level = RankOneCompression.of(l, u, carried);
      against = u.clone();
      return level;
    }

    private static boolean sameBits(double[] a, double[] b) {
      if (a.length != b.length) {
        return false;
      }
      for (int i = 0; i < a.length; i++) {
        if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
          return false;
        }
      }
      return true;
    }
  }
}
