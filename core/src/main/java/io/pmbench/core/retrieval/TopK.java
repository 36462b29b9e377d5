package io.pmbench.core.retrieval;

import java.util.Arrays;

/**
 * The K smallest (distance, row) pairs seen so far in lexicographic order, nearest first: ties
 * go to the smaller row index (the rule of {@link Knn#nearest}), whatever order rows are offered
 * in. {@link Knn#nearest}, {@link ExactIndex} and {@link IvfIndex} all select through it.
 */
final class TopK {
  private final int[] idx;
  private final double[] dist;
  private int filled;

  TopK(int k) {
    this.idx = new int[k];
    this.dist = new double[k];
  }

  /** No candidate farther than this can enter: +∞ while filling, −∞ when K = 0. */
  double bound() {
    if (filled < idx.length) {
      return Double.POSITIVE_INFINITY;
    }
    return idx.length == 0 ? Double.NEGATIVE_INFINITY : dist[idx.length - 1];
  }

  void offer(int r, double s) {
    int kk = idx.length;
    if (filled < kk) {
      insert(filled, r, s);
      filled++;
    } else if (kk > 0 && before(s, r, dist[kk - 1], idx[kk - 1])) {
      insert(kk - 1, r, s);
    }
  }

  private static boolean before(double s, int r, double t, int q) {
    return s < t || (s == t && r < q);
  }

  private void insert(int len, int r, double s) {
    int pos = len;
    while (pos > 0 && (dist[pos - 1] > s || (dist[pos - 1] == s && idx[pos - 1] > r))) {
      if (pos < idx.length) {
        idx[pos] = idx[pos - 1];
        dist[pos] = dist[pos - 1];
      }
      pos--;
    }
    idx[pos] = r;
    dist[pos] = s;
  }

  int[] indices() {
    return Arrays.copyOf(idx, filled);
  }
}
