package io.pmbench.baselines.dpdsne;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link FixedPointTsne}'s k = 2 pass on SIMD lanes ({@code jdk.incubator.vector}, the platform's
 * widest species), one lane per free row: lane r of block b is row i = b·L + r, and each lane
 * performs that row's IEEE operations in the scalar loop's order (subtract, multiply, add,
 * divide; no fused multiply-add), its row sum and its two gradient sums each one chain over j
 * ascending, so the same bits as the scalar loop. The gradient takes two blocks per loop (four
 * independent chains); a block's own columns, where a lane must skip its j = i, run in scalar code
 * with the lane's operations. Lanes past the last free row compute on the
 * columns after it (fixed rows, or the zero padding of {@link FixedPointTsne}'s column arrays)
 * and are never read. Loaded by {@link FixedPointTsne} only when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}; compiled by its own execution of the compiler
 * (baselines' pom), because javac warns on every use of an incubating module and the build treats
 * warnings as errors.
 */
final class VectorLanes2 implements FixedPointTsne.Lanes2 {
  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
  private static final int L = SPECIES.length();

  VectorLanes2() {}

  @Override
  public int lanes() {
    return L;
  }

  @Override
  public void kernel(double[] c0, double[] c1, double[] qz, int m, int n, double[] rowSums) {
    double[] s = new double[L];
    for (int i0 = 0; i0 < m; i0 += L) {
      kernelBlock(c0, c1, qz, i0, n, s);
      System.arraycopy(s, 0, rowSums, i0, Math.min(L, m - i0));
    }
  }

  /** The kernel of the block of rows from i0 into {@code qz}, each lane's row sum into {@code s}. */
  private static void kernelBlock(double[] c0, double[] c1, double[] qz, int i0, int n, double[] s) {
    DoubleVector one = DoubleVector.broadcast(SPECIES, 1.0);
    DoubleVector a0 = DoubleVector.fromArray(SPECIES, c0, i0);
    DoubleVector a1 = DoubleVector.fromArray(SPECIES, c1, i0);
    DoubleVector sum = DoubleVector.zero(SPECIES);
    int base = i0 * n;
    for (int j = 0; j < n; j++) {
      DoubleVector d0 = a0.sub(c0[j]);
      DoubleVector d1 = a1.sub(c1[j]);
      DoubleVector q = one.div(one.add(d0.mul(d0).add(d1.mul(d1))));
      q.intoArray(qz, base + j * L);
      sum = sum.add(q);
    }
    sum.intoArray(s, 0);
  }

  @Override
  public void gradient(double[] c0, double[] c1, double[] pT, double[] qz, double qSum, int m, int n, double[][] g) {
    double[] s = new double[4 * L];
    int i0 = 0;
    for (; i0 + L < m; i0 += 2 * L) {
      int ownEnd = Math.min(i0 + 2 * L, m);
      Arrays.fill(s, 0.0);
      pairSums(c0, c1, pT, qz, qSum, i0, 0, i0, n, s);
      for (int i = i0; i < i0 + L; i++) {
        ownColumns(c0, c1, pT, qz, qSum, i0, i, i0 + L, n, s, 0);
      }
      blockSums(c0, c1, pT, qz, qSum, i0, i0 + L, ownEnd, n, s, 0);
      blockSums(c0, c1, pT, qz, qSum, i0 + L, i0, i0 + L, n, s, 2 * L);
      for (int i = i0 + L; i < ownEnd; i++) {
        ownColumns(c0, c1, pT, qz, qSum, i0 + L, i, ownEnd, n, s, 2 * L);
      }
      pairSums(c0, c1, pT, qz, qSum, i0, ownEnd, n, n, s);
      copyOut(s, 0, i0, i0 + L, g);
      copyOut(s, 2 * L, i0 + L, ownEnd, g);
    }
    if (i0 < m) {
      int own = Math.min(i0 + L, m);
      Arrays.fill(s, 0.0);
      blockSums(c0, c1, pT, qz, qSum, i0, 0, i0, n, s, 0);
      for (int i = i0; i < own; i++) {
        ownColumns(c0, c1, pT, qz, qSum, i0, i, own, n, s, 0);
      }
      blockSums(c0, c1, pT, qz, qSum, i0, own, n, n, s, 0);
      copyOut(s, 0, i0, own, g);
    }
  }

  /** Rows [from, to) of a block's sums at {@code s[at …]} (column 0's, then column 1's after L) into g. */
  private static void copyOut(double[] s, int at, int from, int to, double[][] g) {
    for (int i = from; i < to; i++) {
      g[i][0] = s[at + i - from];
      g[i][1] = s[at + L + i - from];
    }
  }

  /**
   * Adds to the two gradient sums of the block of rows from i0, lane by lane ({@code s[at …]}:
   * column 0's in [at, at + L), column 1's in [at + L, at + 2L)), the terms of j in [from, to)
   * ascending, a range that holds none of the block's own columns; z = (p − q/qSum)·q is formed as
   * each column is read. (Each loop of this class is a method of its own, and no lane mask is used:
   * C2 in JDK 17 leaves some Vector API calls of a large method, or masked ones, un-inlined, and
   * those then allocate a vector per operation, several times slower.)
   */
  private static void blockSums(double[] c0, double[] c1, double[] pT, double[] qz, double qSum, int i0, int from,
      int to, int n, double[] s, int at) {
    DoubleVector a0 = DoubleVector.fromArray(SPECIES, c0, i0);
    DoubleVector a1 = DoubleVector.fromArray(SPECIES, c1, i0);
    DoubleVector g0 = DoubleVector.fromArray(SPECIES, s, at);
    DoubleVector g1 = DoubleVector.fromArray(SPECIES, s, at + L);
    int base = i0 * n;
    for (int j = from; j < to; j++) {
      int x = base + j * L;
      DoubleVector q = DoubleVector.fromArray(SPECIES, qz, x);
      DoubleVector z = DoubleVector.fromArray(SPECIES, pT, x).sub(q.div(qSum)).mul(q);
      g0 = g0.add(a0.sub(c0[j]).mul(4.0).mul(z));
      g1 = g1.add(a1.sub(c1[j]).mul(4.0).mul(z));
    }
    g0.intoArray(s, at);
    g1.intoArray(s, at + L);
  }

  /**
   * {@link #blockSums} of the blocks from i0 and i0 + L in one loop ({@code s[0 …]} and
   * {@code s[2L …]}): four independent chains, so that one block's additions fill the other's
   * wait; [from, to) holds no column of either block.
   */
  private static void pairSums(double[] c0, double[] c1, double[] pT, double[] qz, double qSum, int i0, int from,
      int to, int n, double[] s) {
    DoubleVector a0 = DoubleVector.fromArray(SPECIES, c0, i0);
    DoubleVector a1 = DoubleVector.fromArray(SPECIES, c1, i0);
    DoubleVector b0 = DoubleVector.fromArray(SPECIES, c0, i0 + L);
    DoubleVector b1 = DoubleVector.fromArray(SPECIES, c1, i0 + L);
    DoubleVector g0 = DoubleVector.fromArray(SPECIES, s, 0);
    DoubleVector g1 = DoubleVector.fromArray(SPECIES, s, L);
    DoubleVector h0 = DoubleVector.fromArray(SPECIES, s, 2 * L);
    DoubleVector h1 = DoubleVector.fromArray(SPECIES, s, 3 * L);
    int base = i0 * n;
    int baseB = (i0 + L) * n;
    for (int j = from; j < to; j++) {
      DoubleVector x0 = DoubleVector.broadcast(SPECIES, c0[j]);
      DoubleVector x1 = DoubleVector.broadcast(SPECIES, c1[j]);
      int x = base + j * L;
      DoubleVector q = DoubleVector.fromArray(SPECIES, qz, x);
      DoubleVector z = DoubleVector.fromArray(SPECIES, pT, x).sub(q.div(qSum)).mul(q);
      int y = baseB + j * L;
      DoubleVector r = DoubleVector.fromArray(SPECIES, qz, y);
      DoubleVector w = DoubleVector.fromArray(SPECIES, pT, y).sub(r.div(qSum)).mul(r);
      g0 = g0.add(a0.sub(x0).mul(4.0).mul(z));
      g1 = g1.add(a1.sub(x1).mul(4.0).mul(z));
      h0 = h0.add(b0.sub(x0).mul(4.0).mul(w));
      h1 = h1.add(b1.sub(x1).mul(4.0).mul(w));
    }
    g0.intoArray(s, 0);
    g1.intoArray(s, L);
    h0.intoArray(s, 2 * L);
    h1.intoArray(s, 3 * L);
  }

  /**
   * Row i's terms for the block's own columns j in [i0, own), j ≠ i, ascending, in scalar
   * arithmetic: the lane's operations, so the same doubles.
   */
  private static void ownColumns(double[] c0, double[] c1, double[] pT, double[] qz, double qSum, int i0, int i,
      int own, int n, double[] s, int at) {
    int r = at + i - i0;
    int lane = i0 * n + i - i0;
    for (int j = i0; j < own; j++) {
      if (j != i) {
        double q = qz[lane + j * L];
        double z = (pT[lane + j * L] - (q / qSum)) * q;
        s[r] += 4.0 * (c0[i] - c0[j]) * z;
        s[L + r] += 4.0 * (c1[i] - c1[j]) * z;
      }
    }
  }
}
