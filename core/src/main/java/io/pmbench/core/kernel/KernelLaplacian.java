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
 * and its distance to its own copy is exactly 0. W_base is kept as its upper triangle
 * ({@link GaussianKernel#upperTriangle}): half the memory traffic per product.
 *
 * <p><b>Summation orders</b> (each fixed, so results are bit-identical for any thread count and
 * equal to the plain row-by-row loops): the degree of new row i is Σ_{j<m} A_ij then Σ_l B_il;
 * of base row j it is Σ_l W_base,jl (ascending l) then Σ_i B_ij (ascending i); row i of W·x sums
 * its terms in the same order. {@link #multiply} reaches those orders by walking W_base's upper
 * triangle once in blocks of four rows: terms W_jl·x_l with l &lt; j are pushed into row j's
 * accumulator by row l (a same-index vector loop the JIT vectorises), and the terms with l &gt; j
 * are then added by row j itself, in ascending l.
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
    private final double[][] w; // w[i][j] = W_ij for j > i (and for j < i when extensible)
    private final double[] rowSum;

    private Base(double[] rows, int size, int dim, double scale, boolean extensible, double[][] storage) {
      this.rows = rows;
      this.size = size;
      this.dim = dim;
      this.scale = scale;
      // an extensible block keeps both triangles: a dummy's row of B is then a row copy
      this.w = GaussianKernel.upperTriangle(rows, size, dim, scale, storage, extensible);
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

    public int size() {
      return size;
    }

    public int dimension() {
      return dim;
    }

    public double scale() {
      return scale;
    }

    /** W_ij. */
    double weight(int i, int j) {
      return i < j ? w[i][j] : (j < i ? w[j][i] : 0.0);
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
     * [j0, j1) ({@code acc} zero there on entry). Rows before j0 push their terms into the range;
     * rows in it push into later rows of the range and add their own terms with l beyond their
     * block.
     */
    void product(double[] x, int off, int k, double[][] acc, int j0, int j1) {
      double[][] xc = new double[k][size]; // x's base rows by column: every loop below indexes by row
      for (int l = 0; l < size; l++) {
        for (int c = 0; c < k; c++) {
          xc[c][l] = x[(off + l) * k + c];
        }
      }
      int l = 0;
      for (; l + 4 <= j0; l += 4) {
        for (int c = 0; c < k; c++) {
          double[] v = xc[c];
          addRows(acc[c], w[l], w[l + 1], w[l + 2], w[l + 3], v[l], v[l + 1], v[l + 2], v[l + 3], j0, j1);
        }
      }
      for (; l < j0; l++) {
        for (int c = 0; c < k; c++) {
          addRow(acc[c], w[l], xc[c][l], j0, j1);
        }
      }
      for (int i0 = j0; i0 < j1; i0 += 4) {
        int i1 = Math.min(i0 + 4, j1);
        diagonalBlock(xc, acc, i0, i1);
        for (int c = 0; c < k; c += 2) {
          int c1 = Math.min(c + 1, k - 1);
          ownTerms(xc[c], xc[c1], acc[c], acc[c1], i0, i1);
        }
        for (int i = i0; i < i1; i++) {
          for (int c = 0; c < k; c++) {
            addRow(acc[c], w[i], xc[c][i], i1, j1);
          }
        }
      }
    }

    /** Terms W_il·x_l for i, l both in [i0, i1), l ≠ i, in ascending l. */
    private void diagonalBlock(double[][] xc, double[][] acc, int i0, int i1) {
      for (int i = i0; i < i1; i++) {
        for (int l = i0; l < i1; l++) {
          if (l != i) {
            double wv = weight(i, l);
            for (int c = 0; c < xc.length; c++) {
              acc[c][i] += wv * xc[c][l];
            }
          }
        }
      }
    }

    /**
     * Terms W_il·x_l for the rows i in [i0, i1) (at most four) and l ≥ i1, ascending l, for two
     * columns of x ({@code xa}, {@code xb}; the same array twice for the last of an odd k): one
     * scalar sum per row and column, the rows interleaved so that the sums overlap.
     */
    private void ownTerms(double[] xa, double[] xb, double[] aa, double[] ab, int i0, int i1) {
      int last = i1 - i0 - 1;
      double[] w0 = w[i0];
      double[] w1 = w[i0 + Math.min(1, last)];
      double[] w2 = w[i0 + Math.min(2, last)];
      double[] w3 = w[i0 + Math.min(3, last)];
      double s00 = aa[i0];
      double s01 = ab[i0];
      double s10 = aa[i0 + Math.min(1, last)];
      double s11 = ab[i0 + Math.min(1, last)];
      double s20 = aa[i0 + Math.min(2, last)];
      double s21 = ab[i0 + Math.min(2, last)];
      double s30 = aa[i0 + Math.min(3, last)];
      double s31 = ab[i0 + Math.min(3, last)];
      for (int l = i1; l < size; l++) {
        double x0 = xa[l];
        double x1 = xb[l];
        double v0 = w0[l];
        double v1 = w1[l];
        double v2 = w2[l];
        double v3 = w3[l];
        s00 += v0 * x0;
        s01 += v0 * x1;
        s10 += v1 * x0;
        s11 += v1 * x1;
        s20 += v2 * x0;
        s21 += v2 * x1;
        s30 += v3 * x0;
        s31 += v3 * x1;
      }
      double[] sa = {s00, s10, s20, s30};
      double[] sb = {s01, s11, s21, s31};
      for (int u = 0; u <= last; u++) {
        aa[i0 + u] = sa[u];
        ab[i0 + u] = sb[u];
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
    return new Base(rows, size, dim, scale, true, new double[size][size]);
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
    checkScale(scale);
    if (storage.length < size || (size > 0 && storage[size - 1].length < size)) {
      throw new IllegalArgumentException("storage must hold " + size + "x" + size + " values. Provided value: "
          + storage.length + " rows");
    }
    return new KernelLaplacian(new Base(rows, size, dim, scale, false, storage), 0, new double[0][], new double[0][]);
  }

  /** L of the data set [extra; base rows], reusing the cached base block. */
  public static KernelLaplacian extend(Base base, double[] extra, int m) {
    int p = base.size;
    int dim = base.dim;
    double[][] a = full(GaussianKernel.upperTriangle(extra, m, dim, base.scale));
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

  /** The full symmetric matrix of an upper triangle. */
  private static double[][] full(double[][] upper) {
    for (int i = 0; i < upper.length; i++) {
      for (int j = i + 1; j < upper.length; j++) {
        upper[j][i] = upper[i][j];
      }
    }
    return upper;
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
