package io.pmbench.benchmarks.reference;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Retrieval the straightforward way: every gallery distance into an array, then a full sort of
 * the indices by (distance, index), then the first K — what {@code np.argsort} does. Returns the
 * same neighbours as pmbench's exact k-NN (same tie rule: the smaller index first).
 */
public final class NaiveRetrieval {
  private NaiveRetrieval() {}

  /** The {@code kNearest} gallery rows nearest to {@code query}, nearest first, skipping {@code exclude}. */
  public static int[] nearest(double[] gallery, int rows, int dim, double[] query, int kNearest, int exclude) {
    double[] dist = new double[rows];
    Integer[] order = new Integer[rows];
    for (int r = 0; r < rows; r++) {
      double s = 0;
      for (int c = 0; c < dim; c++) {
        double d = gallery[r * dim + c] - query[c];
        s += d * d;
      }
      dist[r] = s;
      order[r] = r;
    }
    Arrays.sort(order, Comparator.<Integer>comparingDouble(r -> dist[r]).thenComparingInt(r -> r));
    return Arrays.stream(order).mapToInt(Integer::intValue).filter(r -> r != exclude).limit(kNearest).toArray();
  }
}
