package io.pmbench.learn;

/**
 * The training loss over the train classes.
 *
 * <ul>
 *   <li>{@link #SOFTMAX}: cross-entropy of a linear classifier on the unnormalised embedding; the
 *       embedding used for retrieval is the L2-normalised one.
 *   <li>{@link #NORM_SOFTMAX}: a proxy loss — cross-entropy of the cosine between the
 *       L2-normalised embedding and one learned, L2-normalised proxy per class, times a fixed scale
 *       (Zhai &amp; Wu, "Classification is a Strong Baseline for Deep Metric Learning", BMVC 2019;
 *       Wang et al., NormFace, 2017). Training and retrieval then use the same cosine geometry.
 * </ul>
 */
public enum Loss {
  SOFTMAX("softmax"),
  NORM_SOFTMAX("norm-softmax");

  private final String id;

  Loss(String id) {
    this.id = id;
  }

  /** The name used in options and provenance. */
  public String id() {
    return id;
  }
}
