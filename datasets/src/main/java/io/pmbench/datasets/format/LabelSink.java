package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;

/**
 * Collects a label vector from a reader that decodes elements one by one: checks the shape
 * ({@code (n,)} or {@code (n, 1)}, and {@code (1, n)} where the format allows row vectors) and
 * the element type (integers; whole-valued floats where the format allows them, as MATLAB stores
 * numbers as {@code double} by default).
 */
final class LabelSink {
  private final String source;
  private final long[] out;

  /**
   * @param shape the array's shape as the file states it (C order)
   * @param typeName the element type as the format names it, for messages
   * @param integer whether the element type is an integer type
   * @param wholeFloatsAllowed whether a float type is accepted when every value is whole
   * @param rowVectorAllowed whether shape {@code (1, n)} is accepted
   */
  LabelSink(String source, long[] shape, String shapeText, String typeName, boolean integer, boolean wholeFloatsAllowed,
      boolean rowVectorAllowed) {
    this.source = source;
    if (!integer && !wholeFloatsAllowed) {
      throw new InvalidDataException(source + ": unsupported dtype for labels: " + typeName
          + " (labels must be integers: int8/16/32/64 or uint8/16/32)");
    }
    for (long d : shape) {
      if (d < 0) {
        throw new InvalidDataException(source + ": corrupt header: negative dimension in shape " + shapeText);
      }
    }
    long n;
    if (shape.length == 1) {
      n = shape[0];
    } else if (shape.length == 2 && shape[1] == 1) {
      n = shape[0];
    } else if (shape.length == 2 && shape[0] == 1 && rowVectorAllowed) {
      n = shape[1];
    } else {
      throw new InvalidDataException(source + ": shape mismatch: labels must have shape (n,) or (n, 1)"
          + (rowVectorAllowed ? " or (1, n)" : "") + ", found shape " + shapeText);
    }
    if (n > ArrayBodies.MAX_ELEMENTS) {
      throw new InvalidDataException(source + ": shape " + shapeText + " has too many labels to load into one array");
    }
    Allocation.requireHeap(source, shapeText, Allocation.bytes(n, Long.BYTES));
    this.out = new long[(int) n];
  }

  int size() {
    return out.length;
  }

  void putInteger(int k, long value) {
    out[k] = value;
  }

  /** A float element: must be a whole number within ±2^53. */
  void putFloat(int k, double value) {
    if (value != Math.rint(value) || Math.abs(value) > 0x1p53) {
      throw new InvalidDataException(source + ": label at row " + k + " is " + value + ", not an integer");
    }
    out[k] = (long) value;
  }

  LabelArray finish(String sha256) {
    return new LabelArray(source, out, sha256);
  }
}
