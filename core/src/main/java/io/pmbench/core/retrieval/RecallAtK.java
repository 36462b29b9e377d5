package io.pmbench.core.retrieval;

/**
 * Recall@K as used in deep metric learning retrieval (and the paper's Figure 6): a query
 * scores 1 when at least one of its K nearest gallery items has the query's label, else 0;
 * Recall@K is the mean over queries.
 */
public final class RecallAtK {
  private RecallAtK() {}

  /** The paper's K values. */
  public static final int[] DEFAULT_KS = {1, 2, 4, 8};

  /**
   * For each K in {@code ks}, whether a hit occurs among the first K of {@code neighbours}
   * (nearest first).
   */
  public static boolean[] hits(int[] neighbours, int[] galleryLabels, int queryLabel, int[] ks) {
    int firstHit = Integer.MAX_VALUE;
    for (int i = 0; i < neighbours.length; i++) {
      if (galleryLabels[neighbours[i]] == queryLabel) {
        firstHit = i;
        break;
      }
    }
    boolean[] out = new boolean[ks.length];
    for (int j = 0; j < ks.length; j++) {
      out[j] = firstHit < ks[j];
    }
    return out;
  }
}
