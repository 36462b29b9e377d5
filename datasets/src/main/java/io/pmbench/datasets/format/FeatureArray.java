package io.pmbench.datasets.format;

/**
 * A feature matrix as read from one file: raw values (not normalised), row-major.
 *
 * @param source the file, as named in messages
 * @param data {@code rows × cols} values, row-major; shared, not copied
 * @param rows number of rows (images)
 * @param cols values per row (further axes of the file are flattened in C order)
 * @param sha256 SHA-256 (hex) of the file's bytes as stored (before any decompression)
 */
public record FeatureArray(String source, float[] data, int rows, int cols, String sha256) {
  public FeatureArray {
    if ((long) rows * cols != data.length) {
      throw new IllegalArgumentException(
          "data length must equal rows*cols. Provided value: " + data.length + " for " + rows + "x" + cols);
    }
  }
}
