package io.pmbench.core.data;

import java.util.Arrays;

/**
 * A dense, row-major matrix of feature vectors stored as {@code float} (one row per image).
 *
 * <p>Float storage halves the memory of large feature files (a 200,000 × 2,048 set is 1.6 GB);
 * every computation reads the values into {@code double}. The backing array is shared, not
 * copied: callers must not modify it after construction.
 *
 * @param data the backing array, row-major {@code rows × cols}, wrapped without copying
 * @param rows the number of rows (≥ 0)
 * @param cols the number of columns (≥ 1)
 */
public record FeatureMatrix(float[] data, int rows, int cols) {
  /** Checks that {@code data} holds {@code rows × cols} values. */
  public FeatureMatrix {
    if (rows < 0 || cols <= 0) {
      throw new IllegalArgumentException(
          "shape must be non-negative rows and positive columns. Provided value: " + rows + "x" + cols);
    }
    if ((long) rows * cols != data.length) {
      throw new IllegalArgumentException(
          "data length must equal rows*cols. Provided value: " + data.length + " for " + rows + "x" + cols);
    }
  }

  /** The backing array (row-major). Read-only by contract. */
  public float[] data() {
    return data;
  }

  public float get(int r, int c) {
    return data[r * cols + c];
  }

  /** Copies row {@code r} into {@code out} (length ≥ cols) as doubles. */
  public void row(int r, double[] out) {
    int base = r * cols;
    for (int c = 0; c < cols; c++) {
      out[c] = data[base + c];
    }
  }

  /** The whole matrix as a new row-major double block. */
  public double[] toDoubles() {
    double[] out = new double[data.length];
    for (int i = 0; i < data.length; i++) {
      out[i] = data[i];
    }
    return out;
  }

  /** Returns row {@code r} as a new double array. */
  public double[] row(int r) {
    double[] out = new double[cols];
    row(r, out);
    return out;
  }

  /** A new matrix holding the given rows, in the given order. */
  public FeatureMatrix select(int[] rowIndices) {
    float[] out = new float[rowIndices.length * cols];
    for (int i = 0; i < rowIndices.length; i++) {
      System.arraycopy(data, rowIndices[i] * cols, out, i * cols, cols);
    }
    return new FeatureMatrix(out, rowIndices.length, cols);
  }

  /** Squared Euclidean distance between row i of this and row j of {@code other}. */
  public double squaredDistance(int i, FeatureMatrix other, int j) {
    int a = i * cols;
    int b = j * other.cols;
    double s = 0;
    for (int c = 0; c < cols; c++) {
      double d = (double) data[a + c] - other.data[b + c];
      s += d * d;
    }
    return s;
  }

  /**
   * Returns a copy whose rows have unit L2 norm (SPEC.md §2). A zero or non-finite row is an
   * input error naming {@code source} and the row index.
   */
  public FeatureMatrix normalizedRows(String source) {
    float[] out = Arrays.copyOf(data, data.length);
    normalizeInPlace(out, rows, cols, source);
    return new FeatureMatrix(out, rows, cols);
  }

  /** L2-normalises the rows of a row-major array in place; see {@link #normalizedRows}. */
  public static void normalizeInPlace(float[] data, int rows, int cols, String source) {
    for (int r = 0; r < rows; r++) {
      int base = r * cols;
      double s = 0;
      for (int c = 0; c < cols; c++) {
        float v = data[base + c];
        if (!Float.isFinite(v)) {
          throw new InvalidDataException(source + ": non-finite value (" + v + ") at row " + r + ", column " + c);
        }
        s += (double) v * v;
      }
      if (s == 0) {
        throw new InvalidDataException(source + ": zero row at index " + r + " (rows must be L2-normalisable)");
      }
      double inv = 1.0 / Math.sqrt(s);
      for (int c = 0; c < cols; c++) {
        data[base + c] = (float) (data[base + c] * inv);
      }
    }
  }
}
