package io.pmbench.experiments.learn;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.retrieval.Knn;
import io.pmbench.core.retrieval.RecallAtK;
import java.util.Arrays;

/**
 * Non-private Recall@K over a test split: every row a query against all the others (exact
 * Euclidean k-NN on the unit rows, ties to the smaller index, the query itself excluded) — what
 * {@code pmbench run --mechanisms features --queries all --seeds 1} measures, in one pass and
 * one thread. Cost: rows² × dimension multiply-adds.
 */
public final class TestSplitRecall {
  private TestSplitRecall() {}

  /** Recall@K for each K of {@code ks} (ascending) over {@code test}. */
  public static double[] of(LabelledSet test, int[] ks) {
    int rows = test.size();
    int dim = test.dimension();
    if (rows < 2 || ks.length == 0) {
      throw new IllegalArgumentException("test split must have >= 2 rows and ks must be non-empty. Provided value: "
          + rows + " rows, ks " + Arrays.toString(ks));
    }
    double[] gallery = test.features().toDoubles();
    int[] labels = test.labels();
    int kMax = ks[ks.length - 1];
    long[] hits = new long[ks.length];
    double[] query = new double[dim];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(gallery, r * dim, query, 0, dim);
      boolean[] h = RecallAtK.hits(Knn.nearest(gallery, rows, dim, query, kMax, r), labels, labels[r], ks);
      for (int j = 0; j < ks.length; j++) {
        hits[j] += h[j] ? 1 : 0;
      }
    }
    return Arrays.stream(hits).mapToDouble(h -> h / (double) rows).toArray();
  }
}
