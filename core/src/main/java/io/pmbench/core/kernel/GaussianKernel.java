package io.pmbench.core.kernel;

/**
 * Dense Gaussian kernel blocks W_ij = exp(−‖z_i − z_j‖² / s) over row-major {@code double[]}
 * rows, returned as one {@code double[]} per row.
 *
 * <p><b>One summation order.</b> Every squared distance is summed from coordinate differences in
 * ascending coordinate order starting from 0, exactly as {@link #squaredDistance} does (exact
 * for zero rows and for low-dimensional embeddings), and every kernel value is {@link #value};
 * so each entry is bit-identical whichever block, tile or thread computes it, and a result does
 * not depend on the number of threads.
 *
 * <p><b>Layout.</b> A symmetric block is computed over its upper triangle ({@link #upperTriangle}, mirrored on request);
 * the column side is read as {@link Panels}: the rows transposed in tiles of
 * {@value #COLS} columns, one array per coordinate. The innermost loop then runs over a tile of
 * columns with one accumulator per column and the same index into every array, which the JIT
 * vectorises without reordering any single sum (JDK 17 vectorises only same-index loops over
 * distinct arrays). {@value #ROWS} rows × {@value #COLS} columns of accumulators (16 KB) stay in
 * L1. Large blocks run their row tiles on the common fork-join pool unless the caller already runs
 * inside it ({@link Parallel}).
 */
public final class GaussianKernel {
  static final int ROWS = 8;
  static final int COLS = 256;
  /** Multiply-adds above which a block is split across the common fork-join pool. */
  static final long PARALLEL_WORK = 1L << 22;

  private GaussianKernel() {}

  /** How a block evaluates its kernel values e^(−q/s) from the squared distances q. */
  public enum Exp {
    /** {@link Math#exp}, as {@link #value}: the bits of every cached block, server kernel and cross block. */
    MATH,
    /**
     * {@link NegExp}: within 1 ulp of {@link #MATH}, the same bits on every machine and JVM, and
     * on SIMD lanes (several times faster) when the JVM runs with {@code --add-modules
     * jdk.incubator.vector}.
     */
    POLYNOMIAL;

    /** a[j] ← e^(−a[j]) for j in [from, to). */
    public void negExpInPlace(double[] a, int from, int to) {
      if (this == POLYNOMIAL) {
        NegExp.apply(a, from, to);
        return;
      }
      for (int j = from; j < to; j++) {
        a[j] = Math.exp(-a[j]);
      }
    }
  }

  /** The kernel value for a squared distance and scale s. */
  public static double value(double squaredDistance, double scale) {
    return Math.exp(-squaredDistance / scale);
  }

  /** Squared distance between row i of x and row j of y (both with dim columns). */
  public static double squaredDistance(double[] x, int i, double[] y, int j, int dim) {
    int a = i * dim;
    int b = j * dim;
    double s = 0;
    for (int c = 0; c < dim; c++) {
      double d = x[a + c] - y[b + c];
      s += d * d;
    }
    return s;
  }

  /**
   * Rows transposed in column tiles: {@code tiles[t][c][j]} is coordinate c of row
   * {@code t·COLS + j} (the last tile is as wide as the rows left). Immutable once built.
   */
  public static final class Panels {
    private final double[][][] tiles;
    private final int rows;
    private final int dim;

    /** The panels of y (p × dim, row-major). */
    public Panels(double[] y, int p, int dim) {
      this.rows = p;
      this.dim = dim;
      this.tiles = new double[(p + COLS - 1) / COLS][][];
      for (int t = 0; t < tiles.length; t++) {
        tiles[t] = new double[dim][Math.min(COLS, p - t * COLS)];
      }
      for (int i = 0; i < p; i++) {
        double[][] tile = tiles[i / COLS];
        int j = i % COLS;
        int o = i * dim;
        for (int c = 0; c < dim; c++) {
          tile[c][j] = y[o + c];
        }
      }
    }

    public int rows() {
      return rows;
    }

    public int dimension() {
      return dim;
    }
  }

  /**
   * The kernel block into {@code w} (at least n rows of length ≥ n): W_ij for j &gt; i in row i,
   * and, if {@code mirror}, W_ji = W_ij in row j as well (the full symmetric block, zero diagonal
   * set to 0). Entries not written keep whatever {@code w} held.
   */
  public static double[][] upperTriangle(double[] x, int n, int dim, double scale, double[][] w, boolean mirror) {
    return upperTriangle(x, n, dim, scale, w, mirror, Exp.MATH);
  }

  /** {@link #upperTriangle(double[], int, int, double, double[][], boolean)} with its kernel values by {@code exp}. */
  public static double[][] upperTriangle(double[] x, int n, int dim, double scale, double[][] w, boolean mirror,
      Exp exp) {
    upperTriangle(x, n, dim, scale, exp, (i, j, src, from, len) -> System.arraycopy(src, from, w[i], j, len));
    if (mirror) {
      mirror(w, n);
    }
    return w;
  }

  /** Receives a run of one row's upper-triangle kernel values: W(i, j + t) = src[from + t] for t < len, j &gt; i. */
  @FunctionalInterface
  interface UpperSink {
    void put(int i, int j, double[] src, int from, int len);
  }

  /**
   * Every W_ij with j &gt; i, computed as {@link #upperTriangle(double[], int, int, double, double[][], boolean, Exp)}
   * computes it (the same bits), handed to {@code sink} in runs of consecutive columns; row tiles
   * run in parallel, so the sink must only write state of row i.
   */
  static void upperTriangle(double[] x, int n, int dim, double scale, Exp exp, UpperSink sink) {
    Panels t = new Panels(x, n, dim);
    int tiles = (n + ROWS - 1) / ROWS;
    Parallel.forEach(tiles, (long) n * n * dim / 2, () -> new double[ROWS][COLS], (tile, acc) -> {
      int i0 = tile * ROWS;
      int rows = Math.min(ROWS, n - i0);
      for (int jt = (i0 + 1) / COLS; jt * COLS < n; jt++) {
        int j0 = jt * COLS;
        int cols = Math.min(COLS, n - j0);
        // columns left of the tile's first row + 1 are below the diagonal for every row: skipped
        int first = Math.max(0, i0 + 1 - j0);
        if (first >= cols) {
          continue;
        }
        squaredDistances(x, i0, rows, t.tiles[jt], first, cols, dim, acc);
        values(acc, rows, first, cols, scale, exp);
        for (int u = 0; u < rows; u++) {
          int i = i0 + u;
          int from = Math.max(0, i + 1 - j0);
          if (from < cols) {
            sink.put(i, j0 + from, acc[u], from, cols - from);
          }
        }
      }
    });
  }

  /** Rows per transposition block: a 32 × 32 block of doubles (8 KB) is read and written in L1 (32 beat 64 in one interleaved JMH comparison). */
  private static final int MIRROR = 32;

  /**
   * W_ji = W_ij for j &gt; i and W_ii = 0: the upper triangle copied into the lower one block by
   * block, so that each block's reads and writes are contiguous runs that stay in cache (a
   * column-by-column copy misses the cache on every write).
   */
  private static void mirror(double[][] w, int n) {
    int blocks = (n + MIRROR - 1) / MIRROR;
    Parallel.forEach(blocks, (long) n * n / 2, () -> null, (bi, unused) -> {
      int i0 = bi * MIRROR;
      int i1 = Math.min(n, i0 + MIRROR);
      for (int i = i0; i < i1; i++) {
        w[i][i] = 0.0;
      }
      for (int j0 = i0; j0 < n; j0 += MIRROR) {
        int j1 = Math.min(n, j0 + MIRROR);
        for (int j = Math.max(j0, i0 + 1); j < j1; j++) {
          double[] target = w[j];
          int last = Math.min(i1, j);
          for (int i = i0; i < last; i++) {
            target[i] = w[i][j];
          }
        }
      }
    });
  }

  /**
   * The m × p cross block between the rows of x (m × dim, row-major) and the rows behind
   * {@code y}, one array per row of x.
   */
  public static double[][] cross(double[] x, int m, Panels y, double scale) {
    int p = y.rows;
    int dim = y.dim;
    double[][] w = new double[m][p];
    int tiles = (m + ROWS - 1) / ROWS;
    Parallel.forEach(tiles, (long) m * p * dim, () -> new double[ROWS][COLS], (tile, acc) -> {
      int i0 = tile * ROWS;
      int rows = Math.min(ROWS, m - i0);
      for (int jt = 0; jt < y.tiles.length; jt++) {
        int j0 = jt * COLS;
        int cols = Math.min(COLS, p - j0);
        squaredDistances(x, i0, rows, y.tiles[jt], 0, cols, dim, acc);
        values(acc, rows, 0, cols, scale, Exp.MATH);
        for (int u = 0; u < rows; u++) {
          System.arraycopy(acc[u], 0, w[i0 + u], j0, cols);
        }
      }
    });
    return w;
  }

  /** The number of column tiles of {@code y}. */
  static int tileCount(Panels y) {
    return y.tiles.length;
  }

  /**
   * Squared distances of rows i0..i0+rows−1 of x to the columns of tile {@code jt} of y (the
   * first step of {@link #kernelTile}, the same bits): {@code acc[u][j]} for u < rows and j below
   * the returned tile width; {@link #value} of one of them is the kernel value kernelTile gives.
   */
  static int distanceTile(double[] x, int i0, int rows, Panels y, int jt, double[][] acc) {
    int cols = Math.min(COLS, y.rows - jt * COLS);
    squaredDistances(x, i0, rows, y.tiles[jt], 0, cols, y.dim, acc);
    return cols;
  }

  /**
   * Kernel values of rows i0..i0+rows−1 of x against the columns of tile {@code jt} of y:
   * {@code acc[u][j] = W(x_{i0+u}, y_{jt·COLS+j})} for u < rows and j below the returned tile
   * width, each entry the same bits {@link #upperTriangle} and {@link #cross} give it.
   */
  static int kernelTile(double[] x, int i0, int rows, Panels y, int jt, double scale, double[][] acc) {
    int cols = Math.min(COLS, y.rows - jt * COLS);
    squaredDistances(x, i0, rows, y.tiles[jt], 0, cols, y.dim, acc);
    values(acc, rows, 0, cols, scale, Exp.MATH);
    return cols;
  }

  /**
   * {@code acc[u][j] = Σ_c (x[i0+u][c] − tile[c][j])²} for u < rows and {@code first} ≤ j <
   * cols, each sum in ascending c from 0 (the order of {@link #squaredDistance}; (a − b)² and
   * (b − a)² are equal in floating point).
   */
  private static void squaredDistances(double[] x, int i0, int rows, double[][] tile, int first, int cols, int dim,
      double[][] acc) {
    for (int u = 0; u < rows; u++) {
      java.util.Arrays.fill(acc[u], first, cols, 0.0);
    }
    for (int c = 0; c < dim; c++) {
      double[] t = tile[c];
      for (int u = 0; u < rows; u++) {
        double xc = x[(i0 + u) * dim + c];
        double[] a = acc[u];
        for (int j = first; j < cols; j++) {
          double d = t[j] - xc;
          a[j] += d * d;
        }
      }
    }
  }

  /**
   * Replaces squared distances by kernel values in place for {@code first} ≤ j < cols: the
   * division runs as its own (vectorised) pass; {@code exp(−(q/s))} equals {@link #value}'s
   * {@code exp(−q/s)} exactly; {@link Exp#POLYNOMIAL} replaces {@code Math.exp} by {@link NegExp}.
   */
  private static void values(double[][] acc, int rows, int first, int cols, double scale, Exp exp) {
    for (int u = 0; u < rows; u++) {
      double[] a = acc[u];
      for (int j = first; j < cols; j++) {
        a[j] = a[j] / scale;
      }
      exp.negExpInPlace(a, first, cols);
    }
  }
}
