package io.pmbench.core.kernel;

/**
 * The Laplacian of the Gaussian feature kernel (SPEC.md §3), L = Diag(W·1) − W with
 * W_ij = exp(−‖z_i − z_j‖² / s), W_ii = 0, that never stores W: every product recomputes the
 * kernel rows tile by tile ({@value GaussianKernel#ROWS} rows × {@value GaussianKernel#COLS}
 * columns) and multiplies them into the n × k block as it goes,
 *
 * <pre>L·x = Diag(W·1)·x − W·x,</pre>
 *
 * with the degrees W·1 computed once by the same sweep and kept (O(n) memory; O(n·d) for the
 * rows and their panels). A product costs n²·d multiply-adds and n² exponentials instead of the
 * n²·k reads of {@link KernelLaplacian}, which needs 8·n² bytes (3.07 GB at n = 19,600,
 * 80 GB at n = 10⁵). Row tiles run in parallel ({@link Parallel}).
 *
 * <p><b>Same bits as {@link KernelLaplacian#of}.</b> Each kernel entry is computed by
 * {@link GaussianKernel#kernelTile}, which gives it the same bits as the dense block; each row's
 * sums Σ_l W_jl·x_l run over l in ascending order from +0 with the diagonal term W_jj = 0
 * included, exactly the order of the dense product; so degrees, products and every SMLQ
 * iterate equal the dense path's bit for bit (tested), and switching layout never changes a
 * stored result.
 */
public final class BlockwiseKernelLaplacian extends DegreeLaplacian {
  private final double[] rows;
  private final int n;
  private final double scale;
  private final GaussianKernel.Panels panels;

  /** Receives the kernel values of one tile (diagonal entries already 0). */
  interface TileVisitor {
    /** {@code w[u][j]} = W(row i0 + u, column j0 + j) for u < rows, j < cols. */
    void visit(int i0, int rows, int j0, int cols, double[][] w);
  }

  private BlockwiseKernelLaplacian(double[] rows, int n, int dim, double scale) {
    super(n);
    this.rows = rows;
    this.n = n;
    this.scale = scale;
    this.panels = new GaussianKernel.Panels(rows, n, dim);
    double[] ones = new double[n];
    java.util.Arrays.fill(ones, 1.0);
    products(ones, 1, degree);
  }

  /** L of the rows (row-major size × dim, not copied: the caller must not change them) with kernel scale s. */
  public static BlockwiseKernelLaplacian of(double[] rows, int size, int dim, double scale) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("kernel scale must be > 0. Provided value: " + scale);
    }
    if (rows.length != size * dim) {
      throw new IllegalArgumentException("rows must hold size*dim values. Provided value: " + rows.length
          + " for " + size + "x" + dim);
    }
    return new BlockwiseKernelLaplacian(rows, size, dim, scale);
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    double[] wx = new double[n * k];
    products(x, k, wx);
    for (int i = 0; i < n; i++) {
      double d = degree[i];
      for (int c = 0; c < k; c++) {
        out[i * k + c] = d * x[i * k + c] - wx[i * k + c];
      }
    }
  }

  /** wx = W·x (n × k), each sum Σ_l W_il·x_lc in ascending l from +0. */
  private void products(double[] x, int k, double[] wx) {
    sweep(rows, n, panels, scale, (i0, r, j0, cols, w) -> {
      for (int u = 0; u < r; u++) {
        double[] wu = w[u];
        int o = (i0 + u) * k;
        for (int c = 0; c < k; c++) {
          double s = wx[o + c];
          for (int j = 0; j < cols; j++) {
            s += wu[j] * x[(j0 + j) * k + c];
          }
          wx[o + c] = s;
        }
      }
    });
  }

  /**
   * Visits every tile of W over the n rows of x (row-major n × dim, {@code panels} built from
   * them): row tiles in parallel, and within a row tile the column tiles in ascending order, so a
   * visitor that only writes its own rows sees each row's columns in order.
   */
  static void sweep(double[] x, int n, GaussianKernel.Panels panels, double scale, TileVisitor visitor) {
    tiles(n, panels, (i0, r, jt, w) -> {
      int j0 = jt * GaussianKernel.COLS;
      int cols = GaussianKernel.kernelTile(x, i0, r, panels, jt, scale, w);
      for (int u = 0; u < r; u++) {
        int diag = i0 + u - j0;
        if (diag >= 0 && diag < cols) {
          w[u][diag] = 0.0;
        }
      }
      visitor.visit(i0, r, j0, cols, w);
    });
  }

  /**
   * As {@link #sweep}, handing the visitor squared distances instead of kernel values (the
   * diagonal's too: 0): {@link GaussianKernel#value} of an entry is the kernel value sweep hands.
   */
  static void distanceSweep(double[] x, int n, GaussianKernel.Panels panels, TileVisitor visitor) {
    tiles(n, panels, (i0, r, jt, w) -> visitor.visit(i0, r, jt * GaussianKernel.COLS,
        GaussianKernel.distanceTile(x, i0, r, panels, jt, w), w));
  }

  /** One tile's work: rows i0.. i0 + r − 1, column tile jt, a ROWS × COLS buffer of the thread. */
  private interface Tile {
    void run(int i0, int r, int jt, double[][] w);
  }

  /** Runs {@code tile} on every tile: row tiles in parallel, column tiles in ascending order within one. */
  private static void tiles(int n, GaussianKernel.Panels panels, Tile tile) {
    int rowTiles = (n + GaussianKernel.ROWS - 1) / GaussianKernel.ROWS;
    int colTiles = GaussianKernel.tileCount(panels);
    Parallel.forEach(rowTiles, (long) n * n * panels.dimension(),
        () -> new double[GaussianKernel.ROWS][GaussianKernel.COLS], (t, w) -> {
          int i0 = t * GaussianKernel.ROWS;
          int r = Math.min(GaussianKernel.ROWS, n - i0);
          for (int jt = 0; jt < colTiles; jt++) {
            tile.run(i0, r, jt, w);
          }
        });
  }
}
