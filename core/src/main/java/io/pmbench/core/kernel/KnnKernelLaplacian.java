package io.pmbench.core.kernel;

import java.util.Arrays;

/**
 * An approximation of the Gaussian feature-kernel Laplacian (SPEC.md §3) by a sparse k-NN graph:
 * each row keeps its κ largest kernel entries W_ij (j ≠ i; ties to the lower j), the graph is
 * symmetrised by union (W̃_ij = W_ij when j is among i's κ or i among j's), and
 * L̃ = Diag(W̃·1) − W̃. Not SPEC.md's L_X: an option for galleries too large for the exact
 * server ({@code server=knn}), whose recall cost is measured in docs/performance/server-scale.md.
 *
 * <p>Built by one blockwise sweep over the squared distances (n²·d multiply-adds, O(n·κ) memory,
 * via {@link BlockwiseKernelLaplacian#distanceSweep}); a product then costs O(n·κ·k). A kernel
 * value is computed only for an entry nearer than the row's current κ-th (the kernel falls with
 * the distance, so no other can enter): a few hundred exponentials a row instead of n, with the
 * same kept entries and bits as computing every one. Kept entries are the exact kernel values, so
 * W̃ is symmetric bit for bit; every sum runs over columns in ascending order, so results do not
 * depend on the thread count.
 */
public final class KnnKernelLaplacian extends DegreeLaplacian {
  private final int n;
  private final int[] start; // CSR: row i's entries are [start[i], start[i + 1])
  private final int[] column;
  private final double[] weight;

  private KnnKernelLaplacian(int n, int[] start, int[] column, double[] weight) {
    super(n);
    this.n = n;
    this.start = start;
    this.column = column;
    this.weight = weight;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int e = start[i]; e < start[i + 1]; e++) {
        s += weight[e];
      }
      degree[i] = s;
    }
  }

  /**
   * The κ-NN graph Laplacian of the rows (row-major size × dim) with kernel scale s.
   *
   * @param neighbours κ, entries kept per row before symmetrising (1 ≤ κ &lt; size)
   */
  public static KnnKernelLaplacian of(double[] rows, int size, int dim, double scale, int neighbours) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("kernel scale must be > 0. Provided value: " + scale);
    }
    if (neighbours < 1 || neighbours >= size) {
      throw new IllegalArgumentException("neighbours must be in [1, " + size + "). Provided value: " + neighbours);
    }
    int kk = neighbours;
    double[] val = new double[size * kk];
    double[] dist = new double[size * kk]; // the squared distance of each kept entry
    int[] idx = new int[size * kk];
    int[] count = new int[size];
    GaussianKernel.Panels panels = new GaussianKernel.Panels(rows, size, dim);
    BlockwiseKernelLaplacian.distanceSweep(rows, size, panels, (i0, r, j0, cols, q) -> {
      for (int u = 0; u < r; u++) {
        int i = i0 + u;
        int o = i * kk;
        double[] qu = q[u];
        for (int j = 0; j < cols; j++) {
          // the heap's root has the smallest kernel value; an entry at least as far gets at most that value
          if (j0 + j != i && (count[i] < kk || qu[j] < dist[o])) {
            count[i] = offer(val, dist, idx, o, kk, count[i], GaussianKernel.value(qu[j], scale), qu[j], j0 + j);
          }
        }
      }
    });
    return symmetrised(size, kk, val, idx);
  }

  /**
   * Offers (v, j), at squared distance q, to the min-heap of row entries at [o, o + kk) holding
   * {@code count} entries; returns the new count. A value equal to the heap's minimum does not
   * enter (earlier j wins). {@code dist} moves with {@code val}.
   */
  private static int offer(double[] val, double[] dist, int[] idx, int o, int kk, int count, double v, double q,
      int j) {
    if (count < kk) {
      int c = count;
      val[o + c] = v;
      dist[o + c] = q;
      idx[o + c] = j;
      while (c > 0 && val[o + (c - 1) / 2] > val[o + c]) {
        swap(val, dist, idx, o + c, o + (c - 1) / 2);
        c = (c - 1) / 2;
      }
      return count + 1;
    }
    if (!(v > val[o])) {
      return count;
    }
    val[o] = v;
    dist[o] = q;
    idx[o] = j;
    int c = 0;
    while (true) {
      int l = 2 * c + 1;
      int m = l < kk && val[o + l] < val[o + c] ? l : c;
      if (l + 1 < kk && val[o + l + 1] < val[o + m]) {
        m = l + 1;
      }
      if (m == c) {
        return count;
      }
      swap(val, dist, idx, o + c, o + m);
      c = m;
    }
  }

  private static void swap(double[] val, double[] dist, int[] idx, int a, int b) {
    double v = val[a];
    val[a] = val[b];
    val[b] = v;
    double q = dist[a];
    dist[a] = dist[b];
    dist[b] = q;
    int t = idx[a];
    idx[a] = idx[b];
    idx[b] = t;
  }

  /** The union of the edges (i, j) and (j, i) of every kept entry, rows sorted by column, duplicates once. */
  private static KnnKernelLaplacian symmetrised(int n, int kk, double[] val, int[] idx) {
    int[] degreeCount = new int[n + 1];
    for (int e = 0; e < n * kk; e++) {
      degreeCount[e / kk]++;
      degreeCount[idx[e]]++;
    }
    int[] start = new int[n + 1];
    for (int i = 0; i < n; i++) {
      start[i + 1] = start[i] + degreeCount[i];
    }
    long[] packed = new long[start[n]]; // column in the high bits of each row's slot, then index e
    int[] fill = Arrays.copyOf(start, n);
    for (int e = 0; e < n * kk; e++) {
      int i = e / kk;
      int j = idx[e];
      packed[fill[i]++] = ((long) j << 32) | e;
      packed[fill[j]++] = ((long) i << 32) | e;
    }
    int[] column = new int[start[n]];
    double[] weight = new double[start[n]];
    int[] outStart = new int[n + 1];
    int w = 0;
    for (int i = 0; i < n; i++) {
      Arrays.sort(packed, start[i], start[i + 1]);
      outStart[i] = w;
      for (int s = start[i]; s < start[i + 1]; s++) {
        int j = (int) (packed[s] >>> 32);
        if (w > outStart[i] && column[w - 1] == j) {
          continue;
        }
        column[w] = j;
        weight[w] = val[(int) packed[s]];
        w++;
      }
    }
    outStart[n] = w;
    return new KnnKernelLaplacian(n, outStart, Arrays.copyOf(column, w), Arrays.copyOf(weight, w));
  }

  /** Stored entries of W̃ (both triangles). */
  public int entries() {
    return column.length;
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        double s = 0;
        for (int e = start[i]; e < start[i + 1]; e++) {
          s += weight[e] * x[column[e] * k + c];
        }
        out[i * k + c] = degree[i] * x[i * k + c] - s;
      }
    }
  }
}
