package io.pmbench.baselines.tsne;

import io.pmbench.core.VectorModule;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntFunction;

/**
 * The exact t-SNE gradient pass shared by pmbench's fast t-SNE cores ({@link ExactTsne} behind
 * {@code tsne} and the server, and the official DP-dSNE code's gradient behind
 * {@code dp-dsne-official}): for a map y (k × n) and symmetric affinities P (zero diagonal), one
 * pass computes, with w_ij = 1/(1 + ‖y_i − y_j‖²),
 * <pre>
 *   A_j = Σ_i p_ij·w_ij·(y_j − y_i),   R_j = Σ_i w_ij²·(y_j − y_i),   S = Σ_i Σ_j w_ij
 * </pre>
 * (S over all ordered pairs, the n diagonal terms w_ii = 1 included). A t-SNE gradient with the
 * normaliser Z (a function of S) is then g_j = c·(A_j − R_j/Z): no n × n table is written per
 * iteration and Z is not needed during the pass.
 *
 * <p><b>Every ordered pair, element-wise only.</b> Row i of the pass computes w_ij for every j (one
 * loop: the kernel, S's column sums, p_ij·w_ij and w_ij²), then adds row i's terms to every A_j and
 * R_j (one loop per dimension). Both loops are element-wise over j, which the JIT vectorises; there
 * is no per-row reduction. For k = 2 with {@code jdk.incubator.vector} in the boot layer (the
 * {@code pmbench} launcher, surefire, the benchmarks), a row is instead one fused loop on SIMD lanes
 * ({@code VectorRow2}, {@link #row2}): the same float operations per element, so the same bits,
 * with 7 array accesses per pair instead of 21 (measured 1.3× faster; C2 in JDK 17 does not
 * vectorise that fused body written as a plain loop, which is 4–6× slower than the two loops). Visiting each unordered pair once instead (and summing row i's own terms)
 * does half the kernels but needs a scalar reduction per row: measured 2.4× slower at n = 1,010
 * (thread CPU time, same JVM; docs/performance/tsne.md).
 *
 * <p><b>Single precision.</b> The pass runs in float: P is kept as floats (each p_ij rounded once,
 * relative error ≤ 2⁻²⁴ ≈ 6·10⁻⁸), the map is rounded to float at the start of each pass, and
 * kernels, products and the per-j sums are float; the blocks' combination and S are double. The
 * gradient agrees with the double formula to 10⁻⁵ of its scale (tested).
 *
 * <p><b>Two fixed blocks.</b> The rows i are split into {@link #BLOCKS} = 2 fixed halves; each
 * block sums its rows' terms into its own partial A, R and column sums of w, and the partials are
 * added in block order. With {@code parallel} the second block runs on a shared pool (from
 * {@link #PARALLEL_ROWS} rows on) while the caller runs the first. The partition and every
 * summation order are fixed, so the result is the same bits sequential or parallel, whatever the
 * scheduling (tested).
 *
 * <p>Memory: P in float, n × n (4 MB at n = 1,010, 39 MB at 3,120), and O(n·k) scratch per block.
 * Not thread-safe; one instance per run.
 */
public final class PairSweep {
  /**
   * The fixed number of row blocks; the result depends on it (the blocks' sums are added in block
   * order), not on how many threads run them.
   */
  static final int BLOCKS = 2;

  /** Below this many rows the blocks run one after the other on the caller (same bits). */
  static final int PARALLEL_ROWS = 256;

  /** Daemon workers for the blocks after the first (shared by all instances; sized to the host). */
  private static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

  private final int n;
  private final int k;
  private final float[][] p;
  private final float[][] yf;
  private final Block[] blocks;
  private final boolean parallel;
  private final Optional<Row2> fused;

  /**
   * The fused k = 2 row, {@link #row2} on SIMD lanes, when {@code jdk.incubator.vector} is in the
   * boot layer, else empty (then the two-loop row: the same bits).
   */
  private static final Optional<Row2> VECTOR =
      VectorModule.load(Row2.class, PairSweep.class.getPackageName() + ".VectorRow2");

  /** One k = 2 row over j in [0, n): the operations of {@link #row2}, in any batch of lanes. */
  interface Row2 {
    void apply(float[] pi, float[] y0, float[] y1, float a0, float a1, float[] sums, float[] att0, float[] rep0,
        float[] att1, float[] rep1, int n);
  }

  private PairSweep(float[][] p, int k, boolean parallel, Optional<Row2> fused) {
    this.fused = fused;
    this.n = p.length;
    this.k = k;
    this.p = p;
    this.yf = new float[k][n];
    this.blocks = new Block[BLOCKS];
    for (int b = 0; b < BLOCKS; b++) {
      blocks[b] = new Block(blockStart(n, b), blockStart(n, b + 1));
    }
    this.parallel = parallel && n >= PARALLEL_ROWS;
  }

  /**
   * A pass over the affinities given as their lower triangle, packed (p_ij at i(i − 1)/2 + j for
   * j &lt; i, as {@link SmileAffinities#packed} returns them); each rounded to float.
   */
  public static PairSweep ofPacked(double[] packed, int n, int k, boolean parallel) {
    if (n < 2 || k < 1 || packed.length != (long) n * (n - 1) / 2) {
      throw new IllegalArgumentException("the pair sweep needs n >= 2 rows, k >= 1 and packed P of n(n-1)/2."
          + " Provided value: n=" + n + ", k=" + k + ", P " + packed.length);
    }
    float[][] p = new float[n][n];
    for (int i = 1; i < n; i++) {
      int off = i * (i - 1) / 2;
      for (int j = 0; j < i; j++) {
        float v = (float) packed[off + j];
        p[i][j] = v;
        p[j][i] = v;
      }
    }
    return new PairSweep(p, k, parallel, VECTOR);
  }

  /**
   * A pass over full n × n affinities (symmetric bit for bit; the diagonal is read as 0); each
   * rounded to float; {@code full} is not modified.
   */
  public static PairSweep ofFull(double[][] full, int k, boolean parallel) {
    return ofFull(full, k, parallel, VECTOR);
  }

  /** {@link #ofFull(double[][], int, boolean)} with the given fused row (empty: the two loops), for tests. */
  static PairSweep ofFull(double[][] full, int k, boolean parallel, Optional<Row2> fused) {
    int n = full.length;
    if (n < 2 || k < 1) {
      throw new IllegalArgumentException("the pair sweep needs n >= 2 rows and k >= 1. Provided value: n=" + n
          + ", k=" + k);
    }
    float[][] p = new float[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        p[i][j] = i == j ? 0f : (float) full[i][j];
      }
    }
    return new PairSweep(p, k, parallel, fused);
  }

  /** The fused k = 2 row on SIMD lanes, if the vector module is present (for tests). */
  static Optional<Row2> vector() {
    return VECTOR;
  }

  /**
   * k = 2, row i's terms for j in [from, to), fused per element: with e_c = y_jc − y_ic and
   * w = 1/(1 + (e₀² + e₁²)), adds w to sums[j], p_ij·w·e_c to A_jc and w²·e_c to R_jc. The same
   * floats as the two-loop row (the kernel loop squares d_c = y_ic − y_jc, the terms loop uses
   * y_jc − y_ic): in IEEE arithmetic with rounding to nearest fl(y − a) = −fl(a − y), and +0 for
   * both when equal, so e_c² = d_c² exactly. {@code VectorRow2} performs these operations lane by
   * lane (IEEE per lane, no fused multiply-add) and this loop for the tail. Written as a plain loop
   * over the whole row it is not vectorised by C2 in JDK 17 (its body exceeds the unrolling limit).
   */
  static void row2(float[] pi, float[] y0, float[] y1, float a0, float a1, float[] sums, float[] att0,
      float[] rep0, float[] att1, float[] rep1, int from, int to) {
    for (int j = from; j < to; j++) {
      float e0 = y0[j] - a0;
      float e1 = y1[j] - a1;
      float w = 1f / (1f + (e0 * e0 + e1 * e1));
      sums[j] += w;
      float pwj = pi[j] * w;
      float wwj = w * w;
      att0[j] += pwj * e0;
      rep0[j] += wwj * e0;
      att1[j] += pwj * e1;
      rep1[j] += wwj * e1;
    }
  }

  /** Divides every p_ij by {@code factor} in float (the end of early exaggeration). */
  public void divideAffinities(float factor) {
    for (float[] row : p) {
      for (int j = 0; j < n; j++) {
        row[j] /= factor;
      }
    }
  }

  /** The first row of block b (b = {@link #BLOCKS} gives n): rows [0, n) in equal parts. */
  static int blockStart(int n, int b) {
    return (int) ((long) n * b / BLOCKS);
  }

  /**
   * One pass at the map {@code y} (k columns of n; not modified): writes A and R (k × n each,
   * overwritten) and returns S = Σ_i Σ_j w_ij, the n diagonal terms w_ii = 1 included.
   */
  public double sweep(double[][] y, double[][] attraction, double[][] repulsion) {
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        yf[c][i] = (float) y[c][i];
      }
    }
    ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[BLOCKS];
    for (int b = 1; b < BLOCKS; b++) {
      if (parallel) {
        tasks[b] = POOL.submit(blocks[b]::sweep);
      } else {
        blocks[b].sweep();
      }
    }
    blocks[0].sweep();
    for (int b = 1; b < BLOCKS; b++) {
      if (tasks[b] != null) {
        tasks[b].join();
      }
    }
    for (int c = 0; c < k; c++) {
      int dim = c;
      combine(attraction[c], b -> blocks[b].attraction[dim]);
      combine(repulsion[c], b -> blocks[b].repulsion[dim]);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      double w = blocks[0].kernelSums[i];
      for (int b = 1; b < BLOCKS; b++) {
        w += blocks[b].kernelSums[i];
      }
      s += w;
    }
    return s;
  }

  /** out[i] = Σ_b part(b)[i], b ascending, in double. */
  private void combine(double[] out, IntFunction<float[]> part) {
    float[] first = part.apply(0);
    for (int i = 0; i < n; i++) {
      out[i] = first[i];
    }
    for (int b = 1; b < BLOCKS; b++) {
      float[] pb = part.apply(b);
      for (int i = 0; i < n; i++) {
        out[i] += pb[i];
      }
    }
  }

  /**
   * The terms of the rows i in [from, to) against every j, summed per j into this block's own
   * partial A, R and Σ_i w_ij (only the shared float map and P are read, so blocks can run at the
   * same time).
   */
  private final class Block {
    private final int from;
    private final int to;
    private final float[][] attraction = new float[k][n];
    private final float[][] repulsion = new float[k][n];
    private final float[] kernelSums = new float[n];
    private final float[] squared = new float[n];
    private final float[] pw = new float[n];
    private final float[] ww = new float[n];

    Block(int from, int to) {
      this.from = from;
      this.to = to;
    }

    void sweep() {
      for (int c = 0; c < k; c++) {
        Arrays.fill(attraction[c], 0f);
        Arrays.fill(repulsion[c], 0f);
      }
      Arrays.fill(kernelSums, 0f);
      for (int i = from; i < to; i++) {
        row(i);
      }
    }

    /**
     * Row i: its kernels, then its terms added to every A_j and R_j, one loop per dimension; for
     * k = 2 with the vector module, the fused row instead (the same bits).
     */
    private void row(int i) {
      if (k == 2 && fused.isPresent()) {
        fused.get().apply(p[i], yf[0], yf[1], yf[0][i], yf[1][i], kernelSums, attraction[0], repulsion[0],
            attraction[1], repulsion[1], n);
        return;
      }
      if (k == 2) {
        kernels2(p[i], yf[0], yf[1], yf[0][i], yf[1][i]);
      } else {
        kernels(i);
      }
      for (int c = 0; c < k; c++) {
        terms(yf[c], attraction[c], repulsion[c], yf[c][i]);
      }
    }

    /**
     * k = 2: w_ij = 1/(1 + (d₀² + d₁²)) for every j, added to the column sums, and p_ij·w_ij, w_ij²
     * into their buffers, in one loop (row i's values passed in so that it vectorises); the same
     * floats as {@link #kernels}.
     */
    private void kernels2(float[] pi, float[] y0, float[] y1, float a0, float a1) {
      for (int j = 0; j < n; j++) {
        float d0 = a0 - y0[j];
        float d1 = a1 - y1[j];
        float w = 1f / (1f + (d0 * d0 + d1 * d1));
        kernelSums[j] += w;
        pw[j] = pi[j] * w;
        ww[j] = w * w;
      }
    }

    /** Any k: squared[j] = Σ_c (y_ic − y_jc)², c ascending, then the kernel loop. */
    private void kernels(int i) {
      float[] y0 = yf[0];
      float a0 = y0[i];
      for (int j = 0; j < n; j++) {
        float d = a0 - y0[j];
        squared[j] = d * d;
      }
      for (int c = 1; c < k; c++) {
        float[] yc = yf[c];
        float a = yc[i];
        for (int j = 0; j < n; j++) {
          float d = a - yc[j];
          squared[j] += d * d;
        }
      }
      float[] pi = p[i];
      for (int j = 0; j < n; j++) {
        float w = 1f / (1f + squared[j]);
        kernelSums[j] += w;
        pw[j] = pi[j] * w;
        ww[j] = w * w;
      }
    }

    /** a[j] += p_ij·w_ij·(y_jc − y_ic), r[j] += w_ij²·(y_jc − y_ic) for every j. */
    private void terms(float[] yc, float[] a, float[] r, float yi) {
      for (int j = 0; j < n; j++) {
        float diff = yc[j] - yi;
        a[j] += pw[j] * diff;
        r[j] += ww[j] * diff;
      }
    }
  }
}
