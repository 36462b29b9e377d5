package io.pmbench.core.retrieval;

/**
 * Exact Euclidean k-NN by a full scan, with the gallery stored transposed in tiles of
 * {@value #TILE} rows (one array per coordinate), so the distance loop runs over a tile of rows
 * with one accumulator per row and the JIT vectorises it. Every distance is summed in ascending
 * coordinate order from 0 and rows are offered in ascending order, so the answer is exactly
 * {@link Knn#nearest}'s (same distances to the last bit, same tie rule).
 */
public final class ExactIndex implements GalleryIndex {
  static final int TILE = 256;

  private final double[][][] tiles; // [tile][c][row in tile]
  private final int rows;
  private final int dim;

  private ExactIndex(double[] gallery, int rows, int dim) {
    if ((long) rows * dim > gallery.length || dim < 1) {
      throw new IllegalArgumentException("gallery must hold rows x dim values. Provided value: " + gallery.length
          + " for " + rows + "x" + dim);
    }
    this.rows = rows;
    this.dim = dim;
    this.tiles = new double[(rows + TILE - 1) / TILE][dim][TILE];
    for (int r = 0; r < rows; r++) {
      double[][] t = tiles[r / TILE];
      int j = r % TILE;
      for (int c = 0; c < dim; c++) {
        t[c][j] = gallery[r * dim + c];
      }
    }
  }

  /** Indexes {@code gallery} (row-major {@code rows × dim}; copied). */
  public static ExactIndex of(double[] gallery, int rows, int dim) {
    return new ExactIndex(gallery, rows, dim);
  }

  /** The tiles (shared with {@link IvfIndex}; not copied). */
  double[][][] tiles() {
    return tiles;
  }

  @Override
  public int size() {
    return rows;
  }

  @Override
  public int dimension() {
    return dim;
  }

  @Override
  public int[] nearest(double[] query, int kNearest, int exclude) {
    int available = rows - (exclude >= 0 && exclude < rows ? 1 : 0);
    TopK top = new TopK(Math.max(0, Math.min(kNearest, available)));
    double[] acc = new double[TILE];
    for (int t = 0; t < tiles.length; t++) {
      int r0 = t * TILE;
      scanTile(tiles[t], Math.min(TILE, rows - r0), r0, query, exclude, acc, top);
    }
    return top.indices();
  }

  /** Offers the rows of one tile (r0 + j for j < count) to {@code top} in ascending order. */
  static void scanTile(double[][] tile, int count, int r0, double[] query, int exclude, double[] acc, TopK top) {
    squaredDistances(tile, query, acc);
    double bound = top.bound();
    for (int j = 0; j < count; j++) {
      double s = acc[j];
      if (!(s > bound) && r0 + j != exclude) {
        top.offer(r0 + j, s);
        bound = top.bound();
      }
    }
  }

  /** acc[j] = Σ_c (tile[c][j] − q_c)², ascending c from 0. */
  static void squaredDistances(double[][] tile, double[] query, double[] acc) {
    java.util.Arrays.fill(acc, 0.0);
    for (int c = 0; c < tile.length; c++) {
      double[] col = tile[c];
      double qc = query[c];
      for (int j = 0; j < acc.length; j++) {
        double d = col[j] - qc;
        acc[j] += d * d;
      }
    }
  }
}
