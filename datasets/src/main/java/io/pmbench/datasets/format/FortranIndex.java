package io.pmbench.datasets.format;

/**
 * Walks a Fortran-order (axis 0 fastest) array in file order and yields each element's C-order
 * index, i.e. its place in the row-major output. Also the order of a MATLAB array as stored in
 * an HDF5 (v7.3) file, whose axes are reversed.
 */
final class FortranIndex {
  private final long[] shape;
  private final long[] stride;
  private final long[] index;
  private long target;

  /** @param shape the array's shape (C order, axis 0 the row) */
  FortranIndex(long[] shape) {
    this.shape = shape;
    this.stride = new long[shape.length];
    this.index = new long[shape.length];
    long s = 1;
    for (int a = shape.length - 1; a >= 0; a--) {
      stride[a] = s;
      s *= shape[a];
    }
  }

  /** The C-order index of the next element in file order. */
  long next() {
    long current = target;
    int a = 0;
    index[0]++;
    target += stride[0];
    while (a < shape.length - 1 && index[a] == shape[a]) {
      target -= shape[a] * stride[a];
      index[a] = 0;
      a++;
      index[a]++;
      target += stride[a];
    }
    return current;
  }
}
