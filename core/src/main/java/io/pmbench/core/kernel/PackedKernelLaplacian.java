package io.pmbench.core.kernel;

/**
 * The Laplacian of the Gaussian feature kernel (SPEC.md §3), L = Diag(W·1) − W, with W kept
 * once: only its strict upper triangle, row i holding W_ij for j &gt; i (4·n·(n − 1) bytes, half of
 * {@link KernelLaplacian}'s 8·n²: 484 MB instead of 968 MB at n = 11,000, a Fashion-MNIST
 * server). The kernel is computed once, like the dense block; a product reads the triangle twice
 * (n² reads in all, as the dense product does) instead of recomputing the kernel
 * ({@link BlockwiseKernelLaplacian}'s n²·d work per product).
 *
 * <p><b>Same bits as {@link KernelLaplacian#of}.</b> The entries come from the dense block's own
 * tile computation ({@link GaussianKernel#upperTriangle}); row j of W·x, Σ_l W_jl·x_l in ascending
 * l from +0, is summed in two runs: the terms l &lt; j as axpys over the triangle's rows l
 * ascending (column j of row l), then the terms l &gt; j along row j; the diagonal term
 * W_jj·x_j = ±0 is skipped, which leaves every sum as it is (a sum that starts at +0 is never
 * −0). So degrees, products and every SMLQ iterate equal the dense path's bit for bit (tested),
 * and {@link LaplacianLayout#AUTO} choosing it never changes a stored result.
 */
public final class PackedKernelLaplacian extends DegreeLaplacian {
  /** Rows of W·x per parallel task. */
  private static final int CHUNK = 512;

  private final int n;
  private final double[][] upper; // upper[i][t] = W(i, i + 1 + t)

  private PackedKernelLaplacian(double[] rows, int n, int dim, double scale) {
    super(n);
    this.n = n;
    this.upper = new double[n][];
    for (int i = 0; i < n; i++) {
      upper[i] = new double[n - 1 - i];
    }
    GaussianKernel.upperTriangle(rows, n, dim, scale, GaussianKernel.Exp.MATH,
        (i, j, src, from, len) -> System.arraycopy(src, from, upper[i], j - i - 1, len));
    double[] ones = new double[n];
    java.util.Arrays.fill(ones, 1.0);
    products(ones, 1, degree);
  }

  /** L of the rows (row-major size × dim) with kernel scale s. */
  public static PackedKernelLaplacian of(double[] rows, int size, int dim, double scale) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("kernel scale must be > 0. Provided value: " + scale);
    }
    if (rows.length != size * dim) {
      throw new IllegalArgumentException("rows must hold size*dim values. Provided value: " + rows.length
          + " for " + size + "x" + dim);
    }
    return new PackedKernelLaplacian(rows, size, dim, scale);
  }

  /** Bytes the triangle of n rows takes (the figure {@link LaplacianLayout#AUTO} compares with the free heap). */
  public static double bytes(int n) {
    return 4.0 * n * (n - 1.0);
  }

  @Override
  public void multiply(double[] x, int k, double[] out) {
    double[] wx = new double[n * k];
    products(x, k, wx);
    for (int i = 0; i < n; i++) {
      double d = degree[i];
      for (int c = 0; c < k; c++) {
        out[i * k + c] = d * x[i * k + c] - wx[i * k + c];
      }
    }
  }

  /** wx = W·x (n × k, zero on entry), each row's sum over l ascending from +0; row chunks in parallel. */
  private void products(double[] x, int k, double[] wx) {
    int chunks = (n + CHUNK - 1) / CHUNK;
    Parallel.forEach(chunks, (long) n * n * k, () -> new double[CHUNK], (chunk, acc) -> {
      int j0 = chunk * CHUNK;
      int j1 = Math.min(n, j0 + CHUNK);
      for (int c = 0; c < k; c++) {
        java.util.Arrays.fill(acc, 0.0);
        // terms l < j: W_lj is column j of row l, a run of row l for the chunk's columns j > l
        for (int l = 0; l < j1 - 1; l++) {
          double xl = x[l * k + c];
          double[] row = upper[l];
          int from = Math.max(j0, l + 1);
          int off = -l - 1;
          for (int j = from; j < j1; j++) {
            acc[j - j0] += row[j + off] * xl;
          }
        }
        // terms l > j: along row j
        for (int j = j0; j < j1; j++) {
          double s = acc[j - j0];
          double[] row = upper[j];
          for (int t = 0, l = j + 1; l < n; t++, l++) {
            s += row[t] * x[l * k + c];
          }
          wx[j * k + c] = s;
        }
      }
    });
  }
}
