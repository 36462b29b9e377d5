package io.pmbench.core.kernel;

/**
 * A graph Laplacian L (n × n) as an operator: it multiplies n × k blocks and exposes its
 * diagonal, and never needs to exist as a dense n × n matrix times n × n matrix product.
 * Blocks are row-major {@code double[]} of length n·k.
 */
public interface Laplacian {
  /** n, the number of rows. */
  int size();

  /** L_ii. For a kernel graph with W_ii = 0 this is the degree Σ_j W_ij. */
  double diagonal(int i);

  /**
   * out = L·x for an n × k block x (row-major). {@code out} must not alias {@code x}; it is
   * overwritten.
   */
  void multiply(double[] x, int k, double[] out);

  /** Tr(xᵀ L x) for an n × k block x. */
  default double quadraticForm(double[] x, int k) {
    double[] lx = new double[x.length];
    multiply(x, k, lx);
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * lx[i];
    }
    return s;
  }
}
