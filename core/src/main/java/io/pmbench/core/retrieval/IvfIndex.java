package io.pmbench.core.retrieval;

import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Approximate k-NN for large galleries: an inverted file (IVF, Jégou, Douze &amp; Schmid 2011,
 * "Product quantization for nearest neighbor search", §4 without the quantiser). The gallery is
 * split into {@code lists} Voronoi cells by seeded k-means (Lloyd's algorithm on a sample of at
 * most 40 rows per cell); a query scans
 * only the rows of its {@code probes} nearest cells, exactly (same distances as
 * {@link ExactIndex}), and ranks them by (distance, index). It misses a true neighbour only when
 * that neighbour lies in a cell that is not probed: the recall loss is measured, not bounded
 * (the benchmarks module reports it). Exact search stays the default everywhere.
 */
public final class IvfIndex implements GalleryIndex {
  private final int rows;
  private final int dim;
  private final double[] centroids; // lists × dim
  private final ExactIndex centroidIndex;
  private final int[][] members; // per list, ascending row ids
  private final double[][][][] tiles; // per list, ExactIndex tiles of its rows
  private final int probes;

  private IvfIndex(double[] gallery, int rows, int dim, int lists, int probes, int iterations, long seed) {
    if (lists < 1 || lists > rows) {
      throw new IllegalArgumentException("lists must be in [1, rows]. Provided value: " + lists);
    }
    if (probes < 1 || probes > lists) {
      throw new IllegalArgumentException("probes must be in [1, lists]. Provided value: " + probes);
    }
    this.rows = rows;
    this.dim = dim;
    this.probes = probes;
    this.centroids = kMeans(gallery, rows, dim, lists, iterations, Seeds.stream(seed, "ivf", "k-means"));
    this.centroidIndex = ExactIndex.of(centroids, lists, dim);
    int[] cell = assign(gallery, rows, dim);
    List<List<Integer>> byCell = new ArrayList<>();
    for (int c = 0; c < lists; c++) {
      byCell.add(new ArrayList<>());
    }
    for (int r = 0; r < rows; r++) {
      byCell.get(cell[r]).add(r);
    }
    this.members = new int[lists][];
    this.tiles = new double[lists][][][];
    for (int c = 0; c < lists; c++) {
      members[c] = byCell.get(c).stream().mapToInt(Integer::intValue).toArray();
      double[] sub = new double[members[c].length * dim];
      for (int i = 0; i < members[c].length; i++) {
        System.arraycopy(gallery, members[c][i] * dim, sub, i * dim, dim);
      }
      tiles[c] = members[c].length == 0 ? new double[0][][] : ExactIndex.of(sub, members[c].length, dim).tiles();
    }
  }

  /**
   * Builds the index over {@code gallery} (row-major rows × dim; copied) with {@code lists}
   * cells, {@code probes} cells scanned per query, {@code iterations} Lloyd iterations and a seed
   * for the initial centres.
   */
  public static IvfIndex build(double[] gallery, int rows, int dim, int lists, int probes, int iterations,
      long seed) {
    return new IvfIndex(gallery, rows, dim, lists, probes, iterations, seed);
  }

  /** The usual choice: √rows cells, 8 probes (or every cell for small galleries), 10 iterations. */
  public static IvfIndex build(double[] gallery, int rows, int dim, long seed) {
    int lists = Math.max(1, (int) Math.round(Math.sqrt(rows)));
    return build(gallery, rows, dim, lists, Math.min(lists, 8), 10, seed);
  }

  @Override
  public int size() {
    return rows;
  }

  @Override
  public int dimension() {
    return dim;
  }

  /** Cells scanned per query. */
  public int probes() {
    return probes;
  }

  /** Number of cells. */
  public int lists() {
    return members.length;
  }

  @Override
  public int[] nearest(double[] query, int kNearest, int exclude) {
    int available = rows - (exclude >= 0 && exclude < rows ? 1 : 0);
    TopK top = new TopK(Math.max(0, Math.min(kNearest, available)));
    double[] acc = new double[ExactIndex.TILE];
    for (int c : centroidIndex.nearest(query, probes, -1)) {
      int[] ids = members[c];
      double[][][] t = tiles[c];
      for (int i = 0; i < t.length; i++) {
        ExactIndex.squaredDistances(t[i], query, acc);
        int n = Math.min(ExactIndex.TILE, ids.length - i * ExactIndex.TILE);
        for (int j = 0; j < n; j++) {
          int r = ids[i * ExactIndex.TILE + j];
          if (r != exclude) {
            top.offer(r, acc[j]);
          }
        }
      }
    }
    return top.indices();
  }

  private int[] assign(double[] gallery, int n, int d) {
    int[] cell = new int[n];
    double[] row = new double[d];
    for (int r = 0; r < n; r++) {
      System.arraycopy(gallery, r * d, row, 0, d);
      cell[r] = centroidIndex.nearest(row, 1, -1)[0];
    }
    return cell;
  }

  /** Training rows per cell: Lloyd's iterations run on a seeded sample of at most this many per centre. */
  private static final int SAMPLE_PER_CELL = 40;

  private static double[] kMeans(double[] all, int rows, int d, int k, int iterations, SplittableRandom rng) {
    int n = Math.min(rows, SAMPLE_PER_CELL * k);
    int[] sample = Seeds.sampleWithoutReplacement(rows, n, rng);
    double[] x = new double[n * d];
    for (int i = 0; i < n; i++) {
      System.arraycopy(all, sample[i] * d, x, i * d, d);
    }
    int[] init = Seeds.sampleWithoutReplacement(n, k, rng);
    double[] c = new double[k * d];
    for (int i = 0; i < k; i++) {
      System.arraycopy(x, init[i] * d, c, i * d, d);
    }
    double[] row = new double[d];
    for (int it = 0; it < iterations; it++) {
      ExactIndex index = ExactIndex.of(c, k, d);
      double[] sum = new double[k * d];
      int[] count = new int[k];
      for (int r = 0; r < n; r++) {
        System.arraycopy(x, r * d, row, 0, d);
        int j = index.nearest(row, 1, -1)[0];
        count[j]++;
        for (int e = 0; e < d; e++) {
          sum[j * d + e] += row[e];
        }
      }
      for (int j = 0; j < k; j++) {
        if (count[j] > 0) { // an empty cell keeps its centre
          for (int e = 0; e < d; e++) {
            c[j * d + e] = sum[j * d + e] / count[j];
          }
        }
      }
    }
    return Arrays.copyOf(c, c.length);
  }
}
