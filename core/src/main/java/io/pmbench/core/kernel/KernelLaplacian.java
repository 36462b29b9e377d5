package io.pmbench.core.kernel;

import java.util.HashMap;
import java.util.Map;

/**
 * The Laplacian of a Gaussian feature kernel, L = Diag(W·1) − W with
 * W_ij = exp(−‖z_i − z_j‖² / s), W_ii = 0 (SPEC.md §3).
 *
 * <p>W = [[A, B], [Bᵀ, W_base]] is stored in blocks so that a client's data set D = [new rows;
 * base rows] reuses the base–base block computed once (the public set does not change between
 * queries): A is the m × m block of the new rows and B the m × p cross block; only A and B are
 * computed per query, and a new row that is bit for bit a base row (a dummy query drawn from P)
 * takes its row of B from W_base instead of recomputing it — its distances are the same numbers,
 * and its distance to its own copy is exactly 0. W_base is kept whole (both triangles, computed
 * once each by {@link GaussianKernel#upperTriangle} and mirrored).
 *
 * <p><b>Summation orders</b> (each fixed, so results are bit-identical for any thread count and
 * equal to the plain row-by-row loops): the degree of new row i is Σ_{j<m} A_ij then Σ_l B_il;
 * of base row j it is Σ_l W_base,jl (ascending l) then Σ_i B_ij (ascending i); row i of W·x sums
 * its terms in the same order. {@link #multiply} reaches those orders with axpys over the rows of
 * the symmetric W_base: row l adds W_lj·x_l to the accumulator of every row j, rows l ascending —
 * a same-index loop over j that the JIT vectorises without reordering any single sum. (An
 * earlier layout kept only the upper triangle and added each row's own terms as scalar dot
 * products; for k = 2 it read the triangle three times per product and ran half of its
 * multiply-adds unvectorised, about twice as slow as one vectorised pass over the whole block.)
 */
public final class KernelLaplacian implements Laplacian {
  /** Base rows per task when a product is split across threads. */
  private static final int CHUNK = 1024;

  private final Base base;
  private final int m;
  private final double[][] a; // m × m, zero diagonal
  private final double[][] b; // m × p
  private final double[] degree; // n

  private KernelLaplacian(Base base, int m, double[][] a, double[][] b) {
    this.base = base;
    this.m = m;
    this.a = a;
    this.b = b;
    int p = base.size;
    this.degree = new double[m + p];
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int j = 0; j < m; j++) {
        s += a[i][j];
      }
      for (int j = 0; j < p; j++) {
        s += b[i][j];
      }
      degree[i] = s;
    }
    double[] baseDegree = base.rowSum.clone();
    for (int i = 0; i < m; i++) {
      double[] bi = b[i];
      for (int j = 0; j < p; j++) {
        baseDegree[j] += bi[j];
      }
    }
    System.arraycopy(baseDegree, 0, degree, m, p);
  }

  /**
   * A cached kernel block over fixed rows (e.g. the public set, or a server's [S; P]).
   * Immutable once built.
   */
  public static final class Base {
    private final double[] rows; // size × dim
    private final GaussianKernel.Panels panels; // for extend, or null
    private final Map<Long, Integer> rowIndex; // row bits hash → first row with it, or null
    private final int size;
    private final int dim;
    private final double scale;
    private final double[][] w; // w[i][j] = W_ij, the whole symmetric block, zero diagonal
    private final double[] rowSum;

    private Base(double[] rows, int size, int dim, double scale, boolean extensible, double[][] storage,
        GaussianKernel.Exp exp) {
      this.rows = rows;
      this.size = size;
      this.dim = dim;
      this.scale = scale;
      // both triangles: the products run over whole rows, and a dummy's row of B is a row copy
      this.w = GaussianKernel.upperTriangle(rows, size, dim, scale, storage, true, exp);
      this.panels = extensible ? new GaussianKernel.Panels(rows, size, dim) : null;
      this.rowIndex = extensible ? indexRows(rows, size, dim) : null;
      // Σ_j W_ij in ascending j: the product with a vector of ones (w·1.0 = w exactly)
      double[] ones = new double[size];
      java.util.Arrays.fill(ones, 1.0);
      double[][] sum = {new double[size]};
      Parallel.forEach(chunks(size), (long) size * size, () -> null,
          (chunk, unused) -> product(ones, 0, 1, sum, chunk * CHUNK, Math.min(size, chunk * CHUNK + CHUNK)));
      this.rowSum = sum[0];
    }

    /** The rows the block is over. */
    public int size() {
      return size;
    }

    /** W_ij. */
    double weight(int i, int j) {
      return w[i][j];
    }

    /** The base row that equals row i of x bit for bit, or −1. */
    int find(double[] x, int i) {
      Integer r = rowIndex.get(hash(x, i, dim));
      if (r == null) {
        return -1;
      }
      for (int c = 0; c < dim; c++) {
        if (Double.doubleToRawLongBits(x[i * dim + c]) != Double.doubleToRawLongBits(rows[r * dim + c])) {
          return -1;
        }
      }
      return r;
    }

    /**
     * acc[c][j] = Σ_l W_jl·x[(off + l)·k + c] over all l in ascending order, for rows j in
     * [j0, j1) ({@code acc} zero there on entry). W is symmetric and stored whole, so the sum runs
     * as axpys over its rows: row l adds W_lj·x_l to every accumulator j of the range, four rows
     * l at a time in ascending order and two columns of x per pass (one read of W per product
     * for k ≤ 2). The diagonal term W_jj·x_j = ±0 leaves an accumulator that started at +0
     * unchanged, so each sum equals the plain row loop that skips l = j, bit for bit.
     */
    void product(double[] x, int off, int k, double[][] acc, int j0, int j1) {
      int c = 0;
      for (; c + 2 <= k; c += 2) {
        double[] a0 = acc[c];
        double[] a1 = acc[c + 1];
        int l = 0;
        for (; l + 4 <= size; l += 4) {
          int o = (off + l) * k + c;
          addRows2(a0, a1, w[l], w[l + 1], w[l + 2], w[l + 3], x[o], x[o + k], x[o + 2 * k], x[o + 3 * k],
              x[o + 1], x[o + k + 1], x[o + 2 * k + 1], x[o + 3 * k + 1], j0, j1);
        }
        for (; l < size; l++) {
          int o = (off + l) * k + c;
          addRow(a0, w[l], x[o], j0, j1);
          addRow(a1, w[l], x[o + 1], j0, j1);
        }
      }
      if (c < k) {
        double[] a0 = acc[c];
        int l = 0;
        for (; l + 4 <= size; l += 4) {
          int o = (off + l) * k + c;
          addRows(a0, w[l], w[l + 1], w[l + 2], w[l + 3], x[o], x[o + k], x[o + 2 * k], x[o + 3 * k], j0, j1);
        }
        for (; l < size; l++) {
          addRow(a0, w[l], x[(off + l) * k + c], j0, j1);
        }
      }
    }
  }

  private static int chunks(int rows) {
    return (rows + CHUNK - 1) / CHUNK;
  }

  private static Map<Long, Integer> indexRows(double[] rows, int size, int dim) {
    Map<Long, Integer> index = new HashMap<>();
    for (int i = 0; i < size; i++) {
      index.putIfAbsent(hash(rows, i, dim), i);
    }
    return index;
  }

  private static long hash(double[] x, int i, int dim) {
    long h = 1;
    for (int c = 0; c < dim; c++) {
      h = 31 * h + Double.doubleToRawLongBits(x[i * dim + c]);
    }
    return h;
  }

  /** Builds the cached block for rows (row-major size × dim) with kernel scale s. */
  public static Base base(double[] rows, int size, int dim, double scale) {
    checkScale(scale);
    return new Base(rows, size, dim, scale, true, new double[size][size], GaussianKernel.Exp.MATH);
  }

  private static void checkScale(double scale) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("kernel scale must be > 0. Provided value: " + scale);
    }
  }

  /** L of the rows alone (no extra rows). */
  public static KernelLaplacian of(double[] rows, int size, int dim, double scale) {
    return of(rows, size, dim, scale, new double[size][size]);
  }

  /**
   * L of the rows alone, with W kept in {@code storage} (at least {@code size} rows of length ≥
   * {@code size}; overwritten) instead of a new n × n allocation — for a caller that builds one
   * such L per query on the same thread. The result reads {@code storage} until the caller reuses
   * it for another L.
   */
  public static KernelLaplacian of(double[] rows, int size, int dim, double scale, double[][] storage) {
    return of(rows, size, dim, scale, storage, GaussianKernel.Exp.MATH);
  }

  /**
   * {@link #of(double[], int, int, double, double[][])} with the kernel values evaluated by
   * {@code exp}: {@link GaussianKernel.Exp#POLYNOMIAL} for a kernel rebuilt per query from a
   * low-dimensional embedding, whose 0.5·n² exponentials dominate its cost.
   */
  public static KernelLaplacian of(double[] rows, int size, int dim, double scale, double[][] storage,
      GaussianKernel.Exp exp) {
    checkScale(scale);
    if (storage.length < size || (size > 0 && storage[size - 1].length < size)) {
      throw new IllegalArgumentException("storage must hold " + size + "x" + size + " values. Provided value: "
          + storage.length + " rows");
    }
    return new KernelLaplacian(new Base(rows, size, dim, scale, false, storage, exp), 0, new double[0][],
        new double[0][]);
  }

  /** L of the data set [extra; base rows], reusing the cached base block. */
  public static KernelLaplacian extend(Base base, double[] extra, int m) {
    int p = base.size;
    int dim = base.dim;
    double[][] a = GaussianKernel.upperTriangle(extra, m, dim, base.scale, new double[m][m], true);
    int[] copyOf = new int[m];
    int fresh = 0;
    for (int i = 0; i < m; i++) {
      copyOf[i] = base.find(extra, i);
      fresh += copyOf[i] < 0 ? 1 : 0;
    }
    double[] freshRows = new double[fresh * dim];
    for (int i = 0, f = 0; i < m; i++) {
      if (copyOf[i] < 0) {
        System.arraycopy(extra, i * dim, freshRows, f++ * dim, dim);
      }
    }
    double[][] freshB = GaussianKernel.cross(freshRows, fresh, base.panels, base.scale);
    double self = GaussianKernel.value(0.0, base.scale);
    double[][] b = new double[m][];
    for (int i = 0, f = 0; i < m; i++) {
      int r = copyOf[i];
      if (r < 0) {
        b[i] = freshB[f++];
      } else {
        b[i] = base.w[r].clone();
        b[i][r] = self;
      }
    }
    return new KernelLaplacian(base, m, a, b);
  }

  @Override
  public int size() {
    return m + base.size;
  }

  @Override
  public double diagonal(int i) {
    return degree[i];
  }

  /** W_ij (for tests and audits). */
  public double weight(int i, int j) {
    if (i < m && j < m) {
      return a[i][j];
    } else if (i < m) {
      return b[i][j - m];
    } else if (j < m) {
      return b[j][i - m];
    }
    return base.weight(i - m, j - m);
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    int p = base.size;
    double[][] acc = new double[k][p];
    Parallel.forEach(chunks(p), (long) p * p * k, () -> null,
        (chunk, unused) -> multiplyBaseRows(chunk * CHUNK, Math.min(p, chunk * CHUNK + CHUNK), x, k, out, acc));
    multiplyNewRows(x, k, out);
  }

  /**
   * Rows m + j of L·x for base rows j in [j0, j1): acc_j = Σ_l W_base,jl·x_l (ascending l) then
   * Σ_i B_ij·x_i (ascending i), then deg·x − acc.
   */
  private void multiplyBaseRows(int j0, int j1, double[] x, int k, double[] out, double[][] acc) {
    base.product(x, m, k, acc, j0, j1);
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < k; c++) {
        addRow(acc[c], b[i], x[i * k + c], j0, j1);
      }
    }
    for (int j = j0; j < j1; j++) {
      int row = m + j;
      double d = degree[row];
      for (int c = 0; c < k; c++) {
        out[row * k + c] = d * x[row * k + c] - acc[c][j];
      }
    }
  }

  /** acc[j] += w0[j]·x0, then w1[j]·x1, w2[j]·x2, w3[j]·x3 (in that order), for j in [j0, j1). */
  private static void addRows(double[] acc, double[] w0, double[] w1, double[] w2, double[] w3, double x0,
      double x1, double x2, double x3, int j0, int j1) {
    for (int j = j0; j < j1; j++) {
      acc[j] = acc[j] + w0[j] * x0 + w1[j] * x1 + w2[j] * x2 + w3[j] * x3;
    }
  }

  /** {@link #addRows} for two columns at once: each row of W is read once for both. */
  private static void addRows2(double[] a0, double[] a1, double[] w0, double[] w1, double[] w2, double[] w3,
      double x0, double x1, double x2, double x3, double y0, double y1, double y2, double y3, int j0, int j1) {
    for (int j = j0; j < j1; j++) {
      double v0 = w0[j];
      double v1 = w1[j];
      double v2 = w2[j];
      double v3 = w3[j];
      a0[j] = a0[j] + v0 * x0 + v1 * x1 + v2 * x2 + v3 * x3;
      a1[j] = a1[j] + v0 * y0 + v1 * y1 + v2 * y2 + v3 * y3;
    }
  }

  /** acc[j] += w[j]·xc for j in [j0, j1). */
  private static void addRow(double[] acc, double[] w, double xc, int j0, int j1) {
    for (int j = j0; j < j1; j++) {
      acc[j] += w[j] * xc;
    }
  }

  /** Rows i < m of L·x: Σ_j A_ij·x_j then Σ_l B_il·x_l, each in ascending order. */
  private void multiplyNewRows(double[] x, int k, double[] out) {
    if (m == 0) {
      return;
    }
    int p = base.size;
    double[] s = new double[m * k];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        double wv = a[i][j];
        for (int c = 0; c < k; c++) {
          s[i * k + c] += wv * x[j * k + c];
        }
      }
    }
    // all new rows advance together over l: m·k independent sums
    for (int l = 0; l < p; l++) {
      int xo = (m + l) * k;
      for (int i = 0; i < m; i++) {
        double wv = b[i][l];
        for (int c = 0; c < k; c++) {
          s[i * k + c] += wv * x[xo + c];
        }
      }
    }
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < k; c++) {
        out[i * k + c] = degree[i] * x[i * k + c] - s[i * k + c];
      }
    }
  }
}
