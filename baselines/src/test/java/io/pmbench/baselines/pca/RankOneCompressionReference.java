package io.pmbench.baselines.pca;

/**
 * The implementation of {@link RankOneCompression} before its loops were reordered for speed,
 * kept as the reference its bit-for-bit test compares against: each root solved by its own loop,
 * and the Löwner weights, norms and coordinate maps summed root by root. Deflation and the
 * rational step are shared ({@link RankOneDeflation}, {@link RankOneCompression#rationalStep}).
 */
final class RankOneCompressionReference {
  private static final double EPS = Math.ulp(1.0);

  private final int m;
  private final RankOneDeflation def;
  private final int[] deflated;
  private final int[] kept;
  private final double[] pole;
  private final double[] zhat;
  private final int[] origin;
  private final double[] tau;
  private final double[] invNorm;
  private final double[] values;

  RankOneCompressionReference(double[] l, double[] u) {
    def = new RankOneDeflation(l, u);
    m = def.m;
    deflated = def.deflated;
    kept = def.kept;
    pole = def.pole;
    int nDef = deflated.length;
    int r = pole.length;
    double[] w = def.w;
    double sumW = def.sumW;
    origin = new int[Math.max(0, r - 1)];
    tau = new double[Math.max(0, r - 1)];
    double[] delta = new double[r];
    for (int i = 0; i < r - 1; i++) {
      solveRoot(i, w, delta);
    }
    zhat = new double[r];
    for (int j = 0; j < r; j++) {
      double prod = sumW;
      for (int i = 0; i < r - 1; i++) {
        double num = (pole[origin[i]] - pole[j]) + tau[i];
        double den = (i < j ? pole[i] : pole[i + 1]) - pole[j];
        prod *= num / den;
      }
      zhat[j] = Math.copySign(Math.sqrt(Math.max(prod, 0)), def.zKept[j]);
    }
    invNorm = new double[Math.max(0, r - 1)];
    for (int i = 0; i < r - 1; i++) {
      double s = 0;
      for (int j = 0; j < r; j++) {
        double e = zhat[j] / ((pole[j] - pole[origin[i]]) - tau[i]);
        s += e * e;
      }
      invNorm[i] = 1 / Math.sqrt(s);
    }
    values = new double[m - 1];
    System.arraycopy(def.deflatedValues, 0, values, 0, nDef);
    for (int i = 0; i < r - 1; i++) {
      values[nDef + i] = pole[origin[i]] + tau[i];
    }
  }

  double[] values() {
    return values.clone();
  }

  /**
   * Root i of f(μ) = Σ w_j/(p_j − μ) in (p_{i+1}, p_i), stored as (origin pole, offset). Stops when
   * |f| ≤ 64·eps·Σ|w_j/(p_j − μ)| (a relative error of about 1e-14 in μ − origin; Gu–Eisenstat's
   * weights keep the basis orthonormal for any interlacing roots) or when the step stalls.
   */
  private void solveRoot(int i, double[] w, double[] delta) {
    int r = pole.length;
    double gap = pole[i] - pole[i + 1];
    for (int j = 0; j < r; j++) {
      delta[j] = pole[j] - pole[i + 1];
    }
    double[] sums = new double[4]; // ψ, ψ′, φ, φ′
    evaluate(w, delta, i, 0.5 * gap, sums);
    int org;
    double lo;
    double hi;
    double t;
    if (sums[0] + sums[2] > 0) { // f increases from −∞ to +∞ on the interval: the root is in the lower half
      org = i + 1;
      lo = 0;
      hi = 0.5 * gap;
      t = hi;
    } else {
      org = i;
      lo = -0.5 * gap;
      hi = 0;
      t = lo;
      for (int j = 0; j < r; j++) {
        delta[j] = pole[j] - pole[i];
      }
    }
    double upper = delta[i];
    double lower = delta[i + 1];
    for (int it = 0; it < 200; it++) {
      if (it > 0) {
        evaluate(w, delta, i, t, sums);
      }
      double f = sums[0] + sums[2];
      if (f == 0 || Math.abs(f) <= 64 * EPS * (sums[0] - sums[2])) {
        break;
      }
      if (f > 0) {
        hi = t;
      } else {
        lo = t;
      }
      double next = t + RankOneCompression.rationalStep(sums[0], sums[1], sums[2], sums[3], upper - t, lower - t, f);
      if (it >= 60 || !(next > lo && next < hi)) {
        next = 0.5 * (lo + hi);
      }
      boolean stalled = Math.abs(next - t) <= 2 * EPS * Math.abs(next)
          || hi - lo <= 2 * EPS * Math.max(Math.abs(lo), Math.abs(hi));
      t = next;
      if (stalled) {
        break;
      }
    }
    origin[i] = org;
    tau[i] = t;
  }

  /** ψ (poles 0..i), ψ′, φ (poles i+1..), φ′ of f at offset t from the origin (delta_j = p_j − origin). */
  private static void evaluate(double[] w, double[] delta, int i, double t, double[] out) {
    double psi = 0;
    double dpsi = 0;
    for (int j = 0; j <= i; j++) {
      double inv = 1 / (delta[j] - t);
      double term = w[j] * inv;
      psi += term;
      dpsi += term * inv;
    }
    double phi = 0;
    double dphi = 0;
    for (int j = i + 1; j < w.length; j++) {
      double inv = 1 / (delta[j] - t);
      double term = w[j] * inv;
      phi += term;
      dphi += term * inv;
    }
    out[0] = psi;
    out[1] = dpsi;
    out[2] = phi;
    out[3] = dphi;
  }

  /** Coordinates in the compressed eigenbasis of a vector of u⊥ (its component along u is dropped). */
  double[] toNew(double[] v) {
    double[] s = def.toSorted(v);
    double[] out = new double[m - 1];
    int nDef = deflated.length;
    for (int q = 0; q < nDef; q++) {
      out[q] = s[deflated[q]];
    }
    int r = pole.length;
    for (int i = 0; i < r - 1; i++) {
      double base = pole[origin[i]];
      double ti = tau[i];
      double acc = 0;
      for (int j = 0; j < r; j++) {
        acc += zhat[j] / ((pole[j] - base) - ti) * s[kept[j]];
      }
      out[nDef + i] = acc * invNorm[i];
    }
    return out;
  }

  /** The vector of u⊥ (length m) with coordinates {@code y} in the compressed eigenbasis. */
  double[] toOld(double[] y) {
    double[] s = new double[m];
    int nDef = deflated.length;
    for (int q = 0; q < nDef; q++) {
      s[deflated[q]] = y[q];
    }
    int r = pole.length;
    double[] scaled = new double[Math.max(0, r - 1)];
    for (int i = 0; i < r - 1; i++) {
      scaled[i] = y[nDef + i] * invNorm[i];
    }
    for (int j = 0; j < r; j++) {
      double pj = pole[j];
      double acc = 0;
      for (int i = 0; i < r - 1; i++) {
        acc += scaled[i] / ((pj - pole[origin[i]]) - tau[i]);
      }
      s[kept[j]] = zhat[j] * acc;
    }
    return def.fromSorted(s);
  }
}
