package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.ExactTsne;
import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.core.VectorModule;
import java.util.Arrays;
import java.util.Optional;
import smile.math.MathEx;

/**
 * Smile 3.1.1's t-SNE iteration ({@code TSNE.update} and {@code TSNE.sne}, re-implemented operation
 * for operation because Smile has no hook for fixed points or for changing the gradient) with the
 * rows [m, n) held fixed, as dSNE holds the reference points (BASELINES.md §2). The caller gets the
 * gradient of the free rows, may transform it (clip, add noise), and hands it back to
 * {@link #step}. With m = n, an unchanged gradient and {@link #centre()} at the end, this
 * reproduces Smile's own run bit for bit from the same start (the tests check it).
 *
 * <p>Per iteration t = 0, 1, …: q_ij = 1/(1 + ‖y_i − y_j‖²) over every pair of all n points and
 * Z = Σ_i Σ_j q_ij (Smile's sum, which includes the n diagonal terms q_ii = 1);
 * g_i = Σ_{j≠i} 4·(y_i − y_j)·(p_ij − q_ij/Z)·q_ij with p the exaggerated affinities of
 * {@link SmileAffinities}; then, with the (possibly transformed) gradient g̃: gains
 * g ← g + 0.2 where sign(g̃) ≠ sign(previous update), g ← 0.8·g otherwise, floored at 0.01;
 * update u ← μ·u − η·gain·g̃ (η = 200); y ← y + u. After iteration 250, μ goes from 0.5 to 0.8 and
 * P is divided by 12 (end of early exaggeration).
 *
 * <p>The fixed–fixed part of Z is constant: it is passed in once ({@link #fixedRowSums}), so an
 * iteration costs O(m·n) rather than O(n²). Not thread-safe; one instance per query.
 *
 * <p>For k = 2 with {@code jdk.incubator.vector} in the boot layer (the {@code pmbench} launcher,
 * surefire, the benchmarks), the kernel, the free rows' sums, z and the gradient run on SIMD lanes
 * with one free row per lane ({@code VectorLanes2}, {@link Lanes2}): each row's operations and
 * sums in the same order, so the same bits (tested against {@link #gradient}'s scalar loops and
 * the reference transcription); q and P are then kept block by block with the rows' values of one
 * column side by side.
 */
final class FixedPointTsne {
  /** Free rows whose sums one loop over j carries together (the gradient's value does not depend on it). */
  static final int ROW_BLOCK = 4;

  private final int n;
  private final int m;
  private final int k;
  private final double[][] y;
  private final double[][] p;
  private final double[] fixedRowSums;
  private final double[][] q;
  private final Optional<Lanes2> lanes;
  /** With lanes: P and q, block-major ({@link #laneIndex}); empty without. */
  private final double[] pLanes;
  private final double[] qLanes;
  private final double[][] cols;
  private final double[] rowSums;
  private final double[] blockSums = new double[2 * ROW_BLOCK];
  private final double[][] update;
  private final double[][] gains;
  private double qSum;
  private double momentum = ExactTsne.initialMomentum();
  private int iteration;

  /**
   * @param y the n × k map, rows [0, m) free (their start), rows [m, n) fixed; modified in place
   *     (the fixed rows are read here once: the caller must not move them)
   * @param m number of free rows
   * @param p the free rows' exaggerated affinities (m × n), from {@link SmileAffinities}; modified
   *     (divided by 12 after iteration 250)
   * @param fixedRowSums for each fixed row j: Σ_{l fixed} q_jl (from {@link #fixedRowSums})
   */
  FixedPointTsne(double[][] y, int m, double[][] p, double[] fixedRowSums) {
    this(y, m, p, fixedRowSums, VECTOR);
  }

  /** The SIMD lanes' k = 2 pass, when {@code jdk.incubator.vector} is in the boot layer, else empty. */
  private static final Optional<Lanes2> VECTOR =
      VectorModule.load(Lanes2.class, FixedPointTsne.class.getPackageName() + ".VectorLanes2");

  /**
   * The k = 2 kernel and gradient of the free rows with one row per SIMD lane (blocks of
   * {@link #lanes()} rows, the last one padded), the arrays block-major: row i's value for column
   * j at {@link #laneIndex}.
   */
  interface Lanes2 {
    /** Rows per block. */
    int lanes();

    /**
     * q_ij = 1/(1 + ((y_i0 − y_j0)² + (y_i1 − y_j1)²)) into {@code qz} and each free row's sum
     * Σ_j q_ij over j ascending into {@code rowSums[i]}.
     */
    void kernel(double[] c0, double[] c1, double[] qz, int m, int n, double[] rowSums);

    /**
     * With z_ij = (p_ij − q_ij/qSum)·q_ij (q from {@link #kernel} in {@code qz}, not modified):
     * g_ic = Σ_{j≠i} 4·(y_ic − y_jc)·z_ij over j ascending into {@code g}.
     */
    void gradient(double[] c0, double[] c1, double[] pLanes, double[] qz, double qSum, int m, int n, double[][] g);
  }

  /** The SIMD pass in use, if any (tests). */
  static Optional<Lanes2> vector() {
    return VECTOR;
  }

  /** Blocks of {@code lanes} rows that hold {@code m} rows. */
  static int blocks(int m, int lanes) {
    return (m + lanes - 1) / lanes;
  }

  /** Where row i's value for column j is in a block-major array of n columns and {@code lanes} lanes. */
  static int laneIndex(int i, int j, int n, int lanes) {
    return (i - i % lanes) * n + j * lanes + i % lanes;
  }

  /** As {@link #FixedPointTsne(double[][], int, double[][], double[])}, with the given SIMD pass (empty: the scalar loops). */
  FixedPointTsne(double[][] y, int m, double[][] p, double[] fixedRowSums, Optional<Lanes2> lanes) {
    this.n = y.length;
    this.m = m;
    this.k = y[0].length;
    if (p.length != m || fixedRowSums.length != n - m) {
      throw new IllegalArgumentException("affinities must be m x n and fixed sums n - m. Provided value: "
          + p.length + " and " + fixedRowSums.length + " for n=" + n + ", m=" + m);
    }
    this.y = y;
    this.p = p;
    this.fixedRowSums = fixedRowSums;
    this.lanes = k == 2 ? lanes : Optional.empty();
    this.q = this.lanes.isPresent() ? new double[0][] : new double[m][n];
    int laneSize = this.lanes.map(l -> blocks(m, l.lanes()) * l.lanes() * n).orElse(0);
    this.pLanes = new double[laneSize];
    this.qLanes = new double[laneSize];
    this.lanes.ifPresent(l -> {
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
          pLanes[laneIndex(i, j, n, l.lanes())] = p[i][j];
        }
      }
    });
    this.cols = new double[k][Math.max(n, this.lanes.map(l -> blocks(m, l.lanes()) * l.lanes()).orElse(n))];
    this.rowSums = new double[n];
    this.update = new double[m][k];
    this.gains = new double[m][k];
    for (double[] g : gains) {
      Arrays.fill(g, 1.0);
    }
    copyColumns();
  }

  /** The map into {@link #cols}: every row here, the free rows again at each {@link #gradient}. */
  private void copyColumns() {
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < n; j++) {
        cols[c][j] = y[j][c];
      }
    }
  }

  /** For fixed points {@code fixed}: each row's Σ_l 1/(1 + ‖y_j − y_l‖²) over the fixed rows (l = j included). */
  static double[] fixedRowSums(double[][] fixed) {
    double[] out = new double[fixed.length];
    for (int j = 0; j < fixed.length; j++) {
      double s = 0.0;
      for (double[] other : fixed) {
        s += 1.0 / (1.0 + MathEx.squaredDistance(fixed[j], other));
      }
      out[j] = s;
    }
    return out;
  }

  /** The iterations taken so far. */
  int iteration() {
    return iteration;
  }

  /**
   * The t-SNE gradient of the free rows at the current map (a new m × k array). Smile's operations
   * and summation orders, with the map read column by column so the loops over j run over arrays:
   * q_ij (‖·‖² as {@link MathEx#squaredDistance}), each row sum over j ascending, each fixed
   * column sum over the free rows ascending plus its fixed part, Z = Σ of the n row sums, then
   * each g_ic over j ≠ i ascending.
   *
   * <p>The loops are arranged for the processor, not for the order of the sums, which is the
   * reference's: q and z are element-wise loops with no sum in them (the JIT runs them on SIMD
   * lanes), and the row sums (and for k = 2 the gradient sums) run in loops over j that carry
   * {@link #ROW_BLOCK} rows' sums at once, so {@link #ROW_BLOCK} (for the k = 2 gradient, twice as
   * many) independent chains of additions overlap instead of one waiting on its own previous add;
   * each chain still adds its own terms in ascending j, skipping j = i exactly as before. With
   * {@link Lanes2}, the same sums run on SIMD lanes instead.
   */
  double[][] gradient() {
    for (int c = 0; c < k; c++) {
      double[] col = cols[c];
      for (int i = 0; i < m; i++) {
        col[i] = y[i][c];
      }
    }
    if (lanes.isPresent()) {
      return laneGradient(lanes.get());
    }
    for (int i = 0; i < m; i++) {
      kernelRow(i);
    }
    int i0 = 0;
    for (; i0 + ROW_BLOCK <= m; i0 += ROW_BLOCK) {
      rowSums4(i0);
    }
    for (int i = i0; i < m; i++) {
      rowSums[i] = sum(q[i]);
    }
    Arrays.fill(rowSums, m, n, 0.0);
    for (int i = 0; i < m; i++) {
      double[] qi = q[i];
      for (int j = m; j < n; j++) {
        rowSums[j] += qi[j];
      }
    }
    addFixedRowSumsAndNormalise();
    for (int i = 0; i < m; i++) {
      double[] pi = p[i];
      double[] zi = q[i];
      for (int j = 0; j < n; j++) {
        zi[j] = (pi[j] - (zi[j] / qSum)) * zi[j];
      }
    }
    double[][] g = new double[m][k];
    if (k == 2) {
      int b = 0;
      for (; b + ROW_BLOCK <= m; b += ROW_BLOCK) {
        gradientRows4(b, g);
      }
      for (int i = b; i < m; i++) {
        gradientRow2(i, g[i]);
      }
      return g;
    }
    for (int i = 0; i < m; i++) {
      double[] z = q[i];
      for (int c = 0; c < k; c++) {
        double[] col = cols[c];
        double a = col[i];
        double s = 0.0;
        for (int j = 0; j < i; j++) {
          s += 4.0 * (a - col[j]) * z[j];
        }
        for (int j = i + 1; j < n; j++) {
          s += 4.0 * (a - col[j]) * z[j];
        }
        g[i][c] = s;
      }
    }
    return g;
  }

  /** The fixed rows' sums of their q among themselves, then Z = Σ of the n row sums. */
  private void addFixedRowSumsAndNormalise() {
    for (int j = m; j < n; j++) {
      rowSums[j] += fixedRowSums[j - m];
    }
    qSum = MathEx.sum(rowSums);
  }

  /**
   * {@link #gradient} on SIMD lanes: the same sums in the same orders. The fixed columns' sums over
   * the free rows ascending take q_ij afresh (the same operations, so the same doubles) in
   * element-wise loops over j, one free row after another: reading them from the lanes' layout
   * would be a strided scalar loop, slower than the kernel itself.
   */
  private double[][] laneGradient(Lanes2 l) {
    double[] c0 = cols[0];
    double[] c1 = cols[1];
    l.kernel(c0, c1, qLanes, m, n, rowSums);
    Arrays.fill(rowSums, m, n, 0.0);
    for (int i = 0; i < m; i++) {
      double a0 = c0[i];
      double a1 = c1[i];
      for (int j = m; j < n; j++) {
        double d0 = a0 - c0[j];
        double d1 = a1 - c1[j];
        rowSums[j] += 1.0 / (1.0 + (d0 * d0 + d1 * d1));
      }
    }
    addFixedRowSumsAndNormalise();
    double[][] g = new double[m][2];
    l.gradient(c0, c1, pLanes, qLanes, qSum, m, n, g);
    return g;
  }

  /** Σ_j v_j over j ascending from 0.0. */
  private static double sum(double[] v) {
    double s = 0.0;
    for (double x : v) {
      s += x;
    }
    return s;
  }

  /** The row sums of q's rows i0 … i0 + 3, each over j ascending, in one loop (four chains). */
  private void rowSums4(int i0) {
    double[] q0 = q[i0];
    double[] q1 = q[i0 + 1];
    double[] q2 = q[i0 + 2];
    double[] q3 = q[i0 + 3];
    double s0 = 0.0;
    double s1 = 0.0;
    double s2 = 0.0;
    double s3 = 0.0;
    for (int j = 0; j < n; j++) {
      s0 += q0[j];
      s1 += q1[j];
      s2 += q2[j];
      s3 += q3[j];
    }
    rowSums[i0] = s0;
    rowSums[i0 + 1] = s1;
    rowSums[i0 + 2] = s2;
    rowSums[i0 + 3] = s3;
  }

  /**
   * Rows i0 … i0 + 3 of the gradient for k = 2 (z_i in q[i]): the eight sums of {@link #gradient}
   * in one loop over j below the block and one above it, and between them, row by row, the block's
   * own columns without the diagonal; so each sum still runs over j ≠ i ascending.
   */
  private void gradientRows4(int i0, double[][] g) {
    double[] s = blockSums;
    Arrays.fill(s, 0.0);
    accumulate4(i0, 0, i0);
    double[] c0 = cols[0];
    double[] c1 = cols[1];
    for (int r = 0; r < ROW_BLOCK; r++) {
      int i = i0 + r;
      double[] z = q[i];
      double a0 = c0[i];
      double a1 = c1[i];
      for (int j = i0; j < i0 + ROW_BLOCK; j++) {
        if (j != i) {
          s[2 * r] += 4.0 * (a0 - c0[j]) * z[j];
          s[2 * r + 1] += 4.0 * (a1 - c1[j]) * z[j];
        }
      }
    }
    accumulate4(i0, i0 + ROW_BLOCK, n);
    for (int r = 0; r < ROW_BLOCK; r++) {
      g[i0 + r][0] = s[2 * r];
      g[i0 + r][1] = s[2 * r + 1];
    }
  }

  /**
   * Adds to {@link #blockSums} (row r's two sums at 2r, 2r + 1) the terms of rows i0 … i0 + 3 for j
   * in [from, to) ascending, a range that holds none of these rows' own column.
   */
  private void accumulate4(int i0, int from, int to) {
    double[] c0 = cols[0];
    double[] c1 = cols[1];
    double[] z0 = q[i0];
    double[] z1 = q[i0 + 1];
    double[] z2 = q[i0 + 2];
    double[] z3 = q[i0 + 3];
    double a00 = c0[i0];
    double a01 = c1[i0];
    double a10 = c0[i0 + 1];
    double a11 = c1[i0 + 1];
    double a20 = c0[i0 + 2];
    double a21 = c1[i0 + 2];
    double a30 = c0[i0 + 3];
    double a31 = c1[i0 + 3];
    double[] s = blockSums;
    double s00 = s[0];
    double s01 = s[1];
    double s10 = s[2];
    double s11 = s[3];
    double s20 = s[4];
    double s21 = s[5];
    double s30 = s[6];
    double s31 = s[7];
    for (int j = from; j < to; j++) {
      double x0 = c0[j];
      double x1 = c1[j];
      s00 += 4.0 * (a00 - x0) * z0[j];
      s01 += 4.0 * (a01 - x1) * z0[j];
      s10 += 4.0 * (a10 - x0) * z1[j];
      s11 += 4.0 * (a11 - x1) * z1[j];
      s20 += 4.0 * (a20 - x0) * z2[j];
      s21 += 4.0 * (a21 - x1) * z2[j];
      s30 += 4.0 * (a30 - x0) * z3[j];
      s31 += 4.0 * (a31 - x1) * z3[j];
    }
    s[0] = s00;
    s[1] = s01;
    s[2] = s10;
    s[3] = s11;
    s[4] = s20;
    s[5] = s21;
    s[6] = s30;
    s[7] = s31;
  }

  /**
   * Row i of the gradient for k = 2 (z_i in q[i]): the two sums of {@link #gradient} over j ≠ i
   * ascending, each term and each partial sum the same double, in one loop (two chains).
   */
  private void gradientRow2(int i, double[] gi) {
    double[] c0 = cols[0];
    double[] c1 = cols[1];
    double[] z = q[i];
    double a0 = c0[i];
    double a1 = c1[i];
    double s0 = 0.0;
    double s1 = 0.0;
    for (int j = 0; j < i; j++) {
      s0 += 4.0 * (a0 - c0[j]) * z[j];
      s1 += 4.0 * (a1 - c1[j]) * z[j];
    }
    for (int j = i + 1; j < n; j++) {
      s0 += 4.0 * (a0 - c0[j]) * z[j];
      s1 += 4.0 * (a1 - c1[j]) * z[j];
    }
    gi[0] = s0;
    gi[1] = s1;
  }

  /**
   * q_ij = 1/(1 + ‖y_i − y_j‖²) for every j (row i of q), an element-wise loop with no sum in it;
   * k = 2 spelled out as Smile's distance does.
   */
  private void kernelRow(int i) {
    double[] qi = q[i];
    if (k == 2) {
      double[] c0 = cols[0];
      double[] c1 = cols[1];
      double a0 = c0[i];
      double a1 = c1[i];
      for (int j = 0; j < n; j++) {
        double d0 = a0 - c0[j];
        double d1 = a1 - c1[j];
        qi[j] = 1.0 / (1.0 + (d0 * d0 + d1 * d1));
      }
    } else {
      for (int j = 0; j < n; j++) {
        qi[j] = 1.0 / (1.0 + MathEx.squaredDistance(y[i], y[j]));
      }
    }
  }

  /** Takes one step with the (possibly transformed) gradient {@code g} (m × k); not modified. */
  void step(double[][] g) {
    double eta = SmileTsne.learningRate();
    for (int i = 0; i < m; i++) {
      double[] gi = g[i];
      double[] ui = update[i];
      double[] gain = gains[i];
      for (int c = 0; c < k; c++) {
        gain[c] = Math.signum(gi[c]) != Math.signum(ui[c]) ? gain[c] + ExactTsne.gainIncrement()
            : gain[c] * ExactTsne.gainDecay();
        if (gain[c] < ExactTsne.minGain()) {
          gain[c] = ExactTsne.minGain();
        }
      }
    }
    for (int i = 0; i < m; i++) {
      double[] ui = update[i];
      double[] gain = gains[i];
      for (int c = 0; c < k; c++) {
        ui[c] = momentum * ui[c] - eta * gain[c] * g[i][c];
        y[i][c] += ui[c];
      }
    }
    if (iteration == ExactTsne.switchIteration()) {
      momentum = ExactTsne.finalMomentum();
      double ex = SmileAffinities.exaggeration();
      for (double[] pi : p) {
        for (int j = 0; j < n; j++) {
          pi[j] /= ex;
        }
      }
      for (int x = 0; x < pLanes.length; x++) {
        pLanes[x] /= ex;
      }
    }
    iteration++;
  }

  /** Subtracts the column means from every row (Smile's last step; only meaningful when m = n). */
  void centre() {
    double[] means = MathEx.colMeans(y);
    for (double[] yi : y) {
      for (int c = 0; c < k; c++) {
        yi[c] -= means[c];
      }
    }
    copyColumns();
  }
}
