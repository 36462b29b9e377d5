package io.pmbench.datasets.format;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What an array file's header says about the data that follows it.
 *
 * @param type element type
 * @param order byte order of multi-byte elements
 * @param shape the array's shape (axis 0 is the row)
 * @param fortranOrder whether axis 0 varies fastest in the file (column-major)
 * @param typeName the type as the file spells it, for messages (e.g. {@code '<f4'})
 */
record ArrayHeader(ElementType type, ByteOrder order, long[] shape, boolean fortranOrder, String typeName) {

  /** Number of elements (product of the shape). */
  long elementCount() {
    long n = 1;
    for (long s : shape) {
      n = Math.multiplyExact(n, s);
    }
    return n;
  }

  /** The shape as numpy prints it: {@code (3, 4)}, {@code (5,)}. */
  String shapeText() {
    if (shape.length == 1) {
      return "(" + shape[0] + ",)";
    }
    return Arrays.stream(shape).mapToObj(Long::toString).collect(Collectors.joining(", ", "(", ")"));
  }
}
