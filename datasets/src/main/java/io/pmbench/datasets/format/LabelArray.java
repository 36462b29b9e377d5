package io.pmbench.datasets.format;

/**
 * Class labels as read from one file: the original integer values, not yet remapped.
 *
 * @param source the file, as named in messages
 * @param values one label per row; shared, not copied
 * @param sha256 SHA-256 (hex) of the file's bytes as stored
 */
public record LabelArray(String source, long[] values, String sha256) {
  public int size() {
    return values.length;
  }
}
