package io.pmbench.baselines.pca;

import java.util.Arrays;

/**
 * The deflation step of {@link RankOneCompression} (LAPACK {@code dlaed2}): diag(l) and the unit
 * constraint vector z = u/‖u‖ sorted by decreasing l; a coordinate with |z_j| ≤ 8·eps is its own
 * eigenvector of the compression; two poles whose Givens rotation leaves an off-diagonal entry
 * ≤ 8·eps·max|l| are merged (the lower position keeps the whole weight, the upper one becomes an
 * eigenvector). What is left — the poles, descending, with weights w_j = z_j² — enters the secular
 * equation. {@link #toSorted} and {@link #fromSorted} map between the input coordinates and the
 * sorted, rotated ones.
 */
final class RankOneDeflation {
  private static final double EPS = Math.ulp(1.0);

  final int m;
  private final int[] order; // sorted position → input index (l descending)
  private final int[] rotA;
  private final int[] rotB;
  private final double[] rotC;
  private final double[] rotS;
  /** Sorted positions that are eigenvectors as they stand, and their eigenvalues. */
  final int[] deflated;
  final double[] deflatedValues;
  /** Sorted positions entering the secular equation (poles descending), their poles and z entries. */
  final int[] kept;
  final double[] pole;
  final double[] zKept;
  /** The weights w_j = z_j² of the kept positions and their sum. */
  final double[] w;
  final double sumW;
  /** ‖u‖. */
  final double norm;

  /** Deflates diag(l) compressed to u⊥ (u non-zero, the same length as l). */
  RankOneDeflation(double[] l, double[] u) {
    m = l.length;
    Integer[] idx = new Integer[m];
    for (int i = 0; i < m; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (x, y) -> Double.compare(l[y], l[x]));
    order = new int[m];
    double[] lv = new double[m];
    double[] z = new double[m];
    double unorm = 0;
    double lmax = 0;
    for (double v : u) {
      unorm += v * v;
    }
    unorm = Math.sqrt(unorm);
    if (!(unorm > 0)) {
      throw new IllegalArgumentException("constraint vector must be non-zero. Provided value: " + unorm);
    }
    for (int p = 0; p < m; p++) {
      order[p] = idx[p];
      lv[p] = l[idx[p]];
      z[p] = u[idx[p]] / unorm;
      lmax = Math.max(lmax, Math.abs(lv[p]));
    }
    double tolZ = 8 * EPS;
    double tolD = 8 * EPS * Math.max(lmax, Double.MIN_NORMAL);
    int[] ra = new int[m];
    int[] rb = new int[m];
    double[] rc = new double[m];
    double[] rs = new double[m];
    int nRot = 0;
    int[] def = new int[m];
    double[] defValue = new double[m];
    int nDef = 0;
    int[] keep = new int[m];
    int nKeep = 0;
    int prev = -1;
    for (int p = 0; p < m; p++) {
      if (Math.abs(z[p]) <= tolZ) {
        z[p] = 0;
        def[nDef] = p;
        defValue[nDef++] = lv[p];
        continue;
      }
      if (prev < 0) {
        prev = p;
        continue;
      }
      double t = Math.hypot(z[prev], z[p]);
      double c = z[p] / t;
      double s = z[prev] / t;
      if (Math.abs(c * s * (lv[prev] - lv[p])) <= tolD) {
        ra[nRot] = prev;
        rb[nRot] = p;
        rc[nRot] = c;
        rs[nRot++] = s;
        double lp = c * c * lv[prev] + s * s * lv[p];
        lv[p] = s * s * lv[prev] + c * c * lv[p];
        lv[prev] = lp;
        z[prev] = 0;
        z[p] = t;
        def[nDef] = prev;
        defValue[nDef++] = lp;
      } else {
        keep[nKeep++] = prev;
      }
      prev = p;
    }
    if (prev < 0) {
      throw new IllegalStateException("every component of the constraint vector was deflated");
    }
    keep[nKeep++] = prev;
    rotA = Arrays.copyOf(ra, nRot);
    rotB = Arrays.copyOf(rb, nRot);
    rotC = Arrays.copyOf(rc, nRot);
    rotS = Arrays.copyOf(rs, nRot);
    deflated = Arrays.copyOf(def, nDef);
    deflatedValues = Arrays.copyOf(defValue, nDef);
    kept = Arrays.copyOf(keep, nKeep);
    pole = new double[nKeep];
    zKept = new double[nKeep];
    w = new double[nKeep];
    double total = 0;
    for (int j = 0; j < nKeep; j++) {
      pole[j] = lv[kept[j]];
      zKept[j] = z[kept[j]];
      w[j] = zKept[j] * zKept[j];
      total += w[j];
    }
    sumW = total;
    norm = unorm;
  }

  /** About the memory this deflation holds: its arrays' elements and headers. */
  long bytes() {
    int r = kept.length;
    int nDef = deflated.length;
    return 4L * m + 24L * rotA.length + 12L * nDef + 28L * r + 10 * 16;
  }

  /** v (input coordinates, length m) permuted to sorted order and rotated by the merges; v is not modified. */
  double[] toSorted(double[] v) {
    double[] s = new double[m];
    for (int p = 0; p < m; p++) {
      s[p] = v[order[p]];
    }
    for (int q = 0; q < rotA.length; q++) {
      double x = s[rotA[q]];
      double y = s[rotB[q]];
      s[rotA[q]] = rotC[q] * x - rotS[q] * y;
      s[rotB[q]] = rotS[q] * x + rotC[q] * y;
    }
    return s;
  }

  /** The inverse of {@link #toSorted}; s is overwritten (un-rotated in place). */
  double[] fromSorted(double[] s) {
    for (int q = rotA.length - 1; q >= 0; q--) {
      double x = s[rotA[q]];
      double yv = s[rotB[q]];
      s[rotA[q]] = rotC[q] * x + rotS[q] * yv;
      s[rotB[q]] = -rotS[q] * x + rotC[q] * yv;
    }
    double[] v = new double[m];
    for (int p = 0; p < m; p++) {
      v[order[p]] = s[p];
    }
    return v;
  }
}
