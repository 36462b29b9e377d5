package io.pmbench.benchmarks;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.retrieval.IvfIndex;
import io.pmbench.core.retrieval.RecallAtK;

/**
 * The recall loss of {@link IvfIndex} against exact search, measured leave-one-out on a gallery:
 * each of {@code queries} evenly spaced gallery rows is a query with itself excluded (as the
 * protocol does), and the 8 neighbours of both indexes are compared.
 */
public final class IvfRecall {
  static final int NEAREST = 8;

  /**
   * One measurement.
   *
   * @param rows gallery rows
   * @param dim their dimension
   * @param lists IVF cells
   * @param probes cells scanned per query
   * @param queries queries measured
   * @param neighbourRecall mean fraction of the exact 8 nearest that IVF also returns
   * @param identical fraction of queries whose 8 neighbours are the same list in the same order
   * @param exactRecallAt8 Recall@8 (a same-label row among the 8) with exact search
   * @param ivfRecallAt8 Recall@8 with IVF
   * @param buildMillis time to build the IVF index (k-means and assignment), ms
   */
  public record Result(int rows, int dim, int lists, int probes, int queries, double neighbourRecall,
      double identical, double exactRecallAt8, double ivfRecallAt8, double buildMillis) {}

  private IvfRecall() {}

  /** Measures IVF (default cells and probes, seed 1) on {@code gallery} with {@code queries} queries. */
  public static Result measure(LabelledSet gallery, int queries) {
    int rows = gallery.size();
    int dim = gallery.dimension();
    double[] g = Workload.doubles(gallery.features());
    int[] labels = gallery.labels();
    ExactIndex exact = ExactIndex.of(g, rows, dim);
    long t0 = System.nanoTime();
    IvfIndex ivf = IvfIndex.build(g, rows, dim, 1);
    double buildMillis = (System.nanoTime() - t0) / 1e6;
    int[] ks = {NEAREST};
    double overlap = 0;
    int same = 0;
    int exactHits = 0;
    int ivfHits = 0;
    double[] query = new double[dim];
    for (int q = 0; q < queries; q++) {
      int row = (int) ((long) q * rows / queries);
      System.arraycopy(g, row * dim, query, 0, dim);
      int[] want = exact.nearest(query, NEAREST, row);
      int[] got = ivf.nearest(query, NEAREST, row);
      overlap += common(want, got) / (double) want.length;
      same += java.util.Arrays.equals(want, got) ? 1 : 0;
      exactHits += RecallAtK.hits(want, labels, labels[row], ks)[0] ? 1 : 0;
      ivfHits += RecallAtK.hits(got, labels, labels[row], ks)[0] ? 1 : 0;
    }
    return new Result(rows, dim, ivf.lists(), ivf.probes(), queries, overlap / queries, same / (double) queries,
        exactHits / (double) queries, ivfHits / (double) queries, buildMillis);
  }

  private static int common(int[] a, int[] b) {
    int n = 0;
    for (int x : a) {
      for (int y : b) {
        n += x == y ? 1 : 0;
      }
    }
    return n;
  }
}
