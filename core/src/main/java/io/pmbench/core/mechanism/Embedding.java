package io.pmbench.core.mechanism;

/**
 * A row-major embedding block: {@code rows × dim} values.
 *
 * @param data row-major values (shared, not copied)
 * @param rows number of rows
 * @param dim number of columns
 */
public record Embedding(double[] data, int rows, int dim) {
  public Embedding {
    if ((long) rows * dim > data.length) {
      throw new IllegalArgumentException(
          "data must hold rows*dim values. Provided value: " + data.length + " for " + rows + "x" + dim);
    }
  }

  /** Row r as a new array. */
  public double[] row(int r) {
    double[] out = new double[dim];
    System.arraycopy(data, r * dim, out, 0, dim);
    return out;
  }

  /** Rows [from, from + count) as a new row-major array. */
  public double[] rows(int from, int count) {
    double[] out = new double[count * dim];
    System.arraycopy(data, from * dim, out, 0, count * dim);
    return out;
  }
}
