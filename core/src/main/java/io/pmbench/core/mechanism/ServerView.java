package io.pmbench.core.mechanism;

import io.pmbench.core.data.LabelledSet;
import java.util.Arrays;

/**
 * What the server holds: its gallery S and the public set P, embedded together as [S; P].
 *
 * @param gallery S (the test split), row i of the gallery embedding is row i of S
 * @param publicSet P, in the order the client also uses
 * @param numClasses C of the data set (c = C − 1 in Appendix B)
 * @param sharedSeed seed of data-independent randomness both parties may derive streams from
 */
public record ServerView(LabelledSet gallery, LabelledSet publicSet, int numClasses, long sharedSeed) {
  /** The rows of [S; P]: S's, then P's, as one row-major (|S| + |P|) × d double block. */
  public double[] stackedFeatures() {
    float[] s = gallery.features().data();
    float[] p = publicSet.features().data();
    double[] rows = new double[s.length + p.length];
    for (int i = 0; i < s.length; i++) {
      rows[i] = s[i];
    }
    for (int i = 0; i < p.length; i++) {
      rows[s.length + i] = p[i];
    }
    return rows;
  }

  /** The labels of [S; P]: S's, then P's. */
  public int[] stackedLabels() {
    int[] labels = Arrays.copyOf(gallery.labels(), gallery.size() + publicSet.size());
    System.arraycopy(publicSet.labels(), 0, labels, gallery.size(), publicSet.size());
    return labels;
  }
}
