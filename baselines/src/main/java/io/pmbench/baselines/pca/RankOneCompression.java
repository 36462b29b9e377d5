package io.pmbench.baselines.pca;

import java.util.Arrays;

/**
 * The eigen-decomposition of a diagonal matrix L = diag(l) (m × m) compressed to the hyperplane
 * u⊥ — i.e. an orthonormal basis N of u⊥ with NᵀLN diagonal — in O(m²) instead of the O(m³) of a
 * dense eigen-solver. This is the step of Hoff's column-wise Gibbs sampler that needs
 * eigen(NᵀAN) for the null space N of the other columns: in A's eigen-coordinates, with one
 * other column, it is exactly this problem; with several, compressions are nested.
 *
 * <p>Method (the merge step of divide-and-conquer eigen-solvers, adapted to a compression): an
 * eigenvector of the compression is x ∝ (L − μ)⁻¹·u with uᵀx = 0, so its eigenvalue solves the
 * secular equation f(μ) = Σ_j u_j²/(l_j − μ) = 0, which has exactly one root between two
 * consecutive distinct poles. Deflation first (LAPACK {@code dlaed2}): a coordinate with
 * |u_j| ≤ 8·eps is its own eigenvector (the constraint vector is perturbed by at most that much);
 * two poles whose Givens rotation leaves an off-diagonal entry ≤ 8·eps·max|l| are merged (the
 * matrix is perturbed by at most that much, far below anything exp(tr(VᵀAV)) can resolve). The
 * roots are found by a safeguarded rational (Li's "middle way") iteration in coordinates relative
 * to the nearer pole, and the weights are recomputed from the roots (Gu &amp; Eisenstat 1994, Löwner's
 * formula) so the eigenvectors are numerically orthogonal. Callers re-orthogonalise the column
 * they update, which absorbs the ≤ 8·eps perturbation of the constraint.
 *
 * <p>Coordinates: {@link #toNew} maps a vector of u⊥ (length m) to its coordinates in the
 * compressed eigenbasis (length m − 1, eigenvalues {@link #values()}); {@link #toOld} maps back.
 */
final class RankOneCompression {
  private static final double EPS = Math.ulp(1.0);

  private final int m;
  private final int[] order; // sorted position → input index (l descending)
  private final int[] rotA;
  private final int[] rotB;
  private final double[] rotC;
  private final double[] rotS;
  private final int rotations;
  private final int[] deflated; // sorted positions that are eigenvectors as they stand
  private final int[] kept; // sorted positions entering the secular equation (poles descending)
  private final double[] pole;
  private final double[] zhat;
  private final int[] origin; // per root: the index (into kept) of the pole it is stored relative to
  private final double[] tau; // per root: μ − pole[origin]
  private final double[] invNorm; // per root: 1/‖(L − μ)⁻¹·ẑ‖
  private final double[] values;

  private RankOneCompression(double[] l, double[] u) {
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
    rotations = nRot;
    deflated = Arrays.copyOf(def, nDef);
    kept = Arrays.copyOf(keep, nKeep);
    int r = nKeep;
    pole = new double[r];
    double[] w = new double[r];
    double sumW = 0;
    for (int j = 0; j < r; j++) {
      pole[j] = lv[kept[j]];
      w[j] = z[kept[j]] * z[kept[j]];
      sumW += w[j];
    }
    origin = new int[Math.max(0, r - 1)];
    tau = new double[Math.max(0, r - 1)];
    double[] delta = new double[r];
    for (int i = 0; i < r - 1; i++) {
      solveRoot(i, w, delta);
    }
    zhat = new double[r];
    for (int j = 0; j < r; j++) {
      double prod = sumW; // Löwner: ẑ_j² = Σw·Π_i (μ_i − p_j) / Π_{l≠j} (p_l − p_j), paired factor by factor
      for (int i = 0; i < r - 1; i++) {
        double num = (pole[origin[i]] - pole[j]) + tau[i];
        double den = (i < j ? pole[i] : pole[i + 1]) - pole[j];
        prod *= num / den;
      }
      zhat[j] = Math.copySign(Math.sqrt(Math.max(prod, 0)), z[kept[j]]);
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
    System.arraycopy(defValue, 0, values, 0, nDef);
    for (int i = 0; i < r - 1; i++) {
      values[nDef + i] = pole[origin[i]] + tau[i];
    }
  }

  /** The compression of diag(l) to u⊥ (u need not be normalised). */
  static RankOneCompression of(double[] l, double[] u) {
    if (l.length != u.length || l.length < 2) {
      throw new IllegalArgumentException("l and u must have the same length >= 2. Provided value: "
          + l.length + " and " + u.length);
    }
    return new RankOneCompression(l, u);
  }

  /** The eigenvalues of the compression, in the order of the new coordinates (length m − 1). */
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
      double next = t + rationalStep(sums[0], sums[1], sums[2], sums[3], upper - t, lower - t, f);
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

  /**
   * The step η to the root of the model A + B₁/(Δ₁ − η) + B₂/(Δ₂ − η) that matches ψ (poles above)
   * and φ (poles below) and their derivatives at the current point; NaN if it has no root in
   * (Δ₂, Δ₁).
   */
  private static double rationalStep(double psi, double dpsi, double phi, double dphi, double d1, double d2, double f) {
    double b1 = dpsi * d1 * d1;
    double b2 = dphi * d2 * d2;
    double a = (psi - dpsi * d1) + (phi - dphi * d2);
    double b = -(a * (d1 + d2) + b1 + b2);
    double c = d1 * d2 * f;
    double[] cand = new double[2];
    int nc = 0;
    if (a == 0) {
      cand[nc++] = -c / b;
    } else {
      double disc = Math.max(0, b * b - 4 * a * c);
      double q = -0.5 * (b + Math.copySign(Math.sqrt(disc), b));
      cand[nc++] = q / a;
      if (q != 0) {
        cand[nc++] = c / q;
      }
    }
    for (int k = 0; k < nc; k++) {
      if (cand[k] > d2 && cand[k] < d1) {
        return cand[k];
      }
    }
    return Double.NaN;
  }

  /** Coordinates in the compressed eigenbasis of a vector of u⊥ (its component along u is dropped). */
  double[] toNew(double[] v) {
    double[] s = new double[m];
    for (int p = 0; p < m; p++) {
      s[p] = v[order[p]];
    }
    for (int q = 0; q < rotations; q++) {
      double x = s[rotA[q]];
      double y = s[rotB[q]];
      s[rotA[q]] = rotC[q] * x - rotS[q] * y;
      s[rotB[q]] = rotS[q] * x + rotC[q] * y;
    }
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
    for (int q = rotations - 1; q >= 0; q--) {
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
