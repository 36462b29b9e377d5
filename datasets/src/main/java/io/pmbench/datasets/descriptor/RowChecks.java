package io.pmbench.datasets.descriptor;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.FeatureArray;

/**
 * The row checks of SPEC.md §2 (finite values, no zero row) on a split that may have been cut
 * out of a larger file: the message names the row as it is in the file, not in the split.
 */
final class RowChecks {
  private RowChecks() {}

  /**
   * Fails on the first NaN/∞ value or all-zero row of {@code x}, whose row {@code i} is row
   * {@code fileRows[i]} of the file.
   */
  static void requireUsable(FeatureArray x, int[] fileRows) {
    float[] data = x.data();
    int cols = x.cols();
    for (int r = 0; r < x.rows(); r++) {
      int base = r * cols;
      boolean zero = true;
      for (int c = 0; c < cols; c++) {
        float v = data[base + c];
        if (!Float.isFinite(v)) {
          throw new InvalidDataException(x.source() + ": non-finite value (" + v + ") at row " + fileRows[r] + ", column "
              + c);
        }
        zero &= v == 0;
      }
      if (zero) {
        throw new InvalidDataException(x.source() + ": zero row at index " + fileRows[r]
            + " (rows must be L2-normalisable)");
      }
    }
  }
}
