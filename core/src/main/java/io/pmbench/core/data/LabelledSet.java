package io.pmbench.core.data;

/**
 * Feature rows with one integer class label per row (labels already remapped to 0..C-1).
 *
 * @param features the rows (unit norm once loaded through a data set)
 * @param labels one label per row
 */
public record LabelledSet(FeatureMatrix features, int[] labels) {
  public LabelledSet {
    if (features.rows() != labels.length) {
      throw new IllegalArgumentException(
          "labels must have one entry per row. Provided value: " + labels.length + " labels for "
              + features.rows() + " rows");
    }
  }

  public int size() {
    return labels.length;
  }

  public int dimension() {
    return features.cols();
  }

  /** The subset at the given row indices, in order. */
  public LabelledSet select(int[] rows) {
    int[] y = new int[rows.length];
    for (int i = 0; i < rows.length; i++) {
      y[i] = labels[rows[i]];
    }
    return new LabelledSet(features.select(rows), y);
  }
}
