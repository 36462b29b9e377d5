package io.pmbench.core.retrieval;

/**
 * Exact Euclidean k-nearest-neighbour search by a full scan (SPEC.md §6). Ties are broken by
 * the smaller gallery index, so results are deterministic.
 */
public final class Knn {
  private Knn() {}

  /**
   * Indices of the {@code kNearest} gallery rows nearest to {@code query}, nearest first,
   * skipping the row {@code exclude} (leave-one-out; pass −1 to keep every row).
   *
   * @param gallery row-major, {@code rows × dim}
   */
  public static int[] nearest(double[] gallery, int rows, int dim, double[] query, int kNearest, int exclude) {
    int available = rows - (exclude >= 0 && exclude < rows ? 1 : 0);
    int kk = Math.min(kNearest, available);
    int[] idx = new int[kk];
    double[] dist = new double[kk];
    int filled = 0;
    for (int r = 0; r < rows; r++) {
      if (r == exclude) {
        continue;
      }
      int base = r * dim;
      double s = 0;
      for (int c = 0; c < dim; c++) {
        double d = gallery[base + c] - query[c];
        s += d * d;
      }
      if (filled < kk) {
        insert(idx, dist, filled, r, s);
        filled++;
      } else if (kk > 0 && s < dist[kk - 1]) {
        insert(idx, dist, kk - 1, r, s);
      }
    }
    return idx;
  }

  /** Inserts (r, s) into the sorted prefix of length {@code len}, dropping the last entry if full. */
  private static void insert(int[] idx, double[] dist, int len, int r, double s) {
    int pos = len;
    while (pos > 0 && dist[pos - 1] > s) {
      if (pos < idx.length) {
        idx[pos] = idx[pos - 1];
        dist[pos] = dist[pos - 1];
      }
      pos--;
    }
    idx[pos] = r;
    dist[pos] = s;
  }
}
