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
 * <p>Implementation: deflation is {@link RankOneDeflation}. Every O(m²) loop runs with the
 * independent outputs innermost (all roots advance in lock-step, one iteration at a time; the
 * Löwner products, norms and coordinate maps accumulate per output), so the divisions vectorise,
 * while each output still sums its terms in the same order as a root-by-root loop would — the
 * results are bit-for-bit those of the straightforward loops. The secular sums take two poles per
 * pass over the roots (each sum still adds pole j before pole j + 1), and the Cauchy matrix
 * ẑ_j/(p_j − μ_i) that the norms need is also what {@link #toNew(double[])} multiplies by, so vectors
 * to be mapped can be carried through the construction and share its divisions (the work is
 * division-bound: about eight d² passes of divisions per compression).
 *
 * <p>{@link #update} solves the sibling problem with the same machinery: the eigenbasis of the
 * rank-one update diag(l) + u·uᵀ (LAPACK {@code dlaed4}'s secular equation 1/ρ + Σ_j z_j²/(l_j − μ)
 * = 0 with ρ = ‖u‖², z = u/‖u‖; one root above each pole, the largest in (l_max, l_max + ρ];
 * Löwner's formula ẑ_j² ∝ Π_i (μ_i − l_j)/Π_{l≠j} (l_l − l_j)). No coordinate is dropped.
 *
 * <p>Coordinates: {@link #toNew(double[])} maps a vector of u⊥ (length m; any vector for an update) to its
 * coordinates in the new eigenbasis (length m − 1; m for an update, eigenvalues
 * {@link #values()}); {@link #toOld} maps back.
 */
final class RankOneCompression {
  private static final double EPS = Math.ulp(1.0);
  private static final int MAX_ITERATIONS = 200;
  private static final int RATIONAL_ITERATIONS = 60;

  private final RankOneDeflation def;
  private final boolean update;
  private final double inverseRho; // the secular equation's constant: 0 for a compression, 1/‖u‖² for an update
  private final double[] pole;
  private final double[] zhat;
  private final int[] origin; // per root: the index (into kept) of the pole it is stored relative to
  private final double[] base; // per root: pole[origin]
  private final double[] tau; // per root: μ − pole[origin]
  private final double[] invNorm; // per root: 1/‖(L − μ)⁻¹·ẑ‖
  private final double[] values;

  private RankOneCompression(double[] l, double[] u, boolean update, double[][] carried) {
    def = new RankOneDeflation(l, u);
    this.update = update;
    inverseRho = update ? 1 / (def.norm * def.norm) : 0;
    pole = def.pole;
    int roots = update ? pole.length : pole.length - 1;
    origin = new int[roots];
    base = new double[roots];
    tau = new double[roots];
    if (update && roots == 1) { // one pole left: μ = p + ρ·w exactly
      base[0] = pole[0];
      tau[0] = def.sumW / inverseRho;
    } else {
      new RootSolver(roots).solve();
    }
    zhat = update ? loewnerWeightsUpdate() : loewnerWeights();
    double[][] sorted = sorted(carried);
    double[] norms = new double[roots];
    double[][] acc = cauchyPass(norms, sorted);
    for (int i = 0; i < roots; i++) {
      norms[i] = 1 / Math.sqrt(norms[i]);
    }
    invNorm = norms;
    for (int c = 0; c < carried.length; c++) {
      carried[c] = newCoordinates(sorted[c], acc[c]);
    }
    int nDef = def.deflated.length;
    values = new double[nDef + roots];
    System.arraycopy(def.deflatedValues, 0, values, 0, nDef);
    for (int i = 0; i < roots; i++) {
      values[nDef + i] = base[i] + tau[i];
    }
  }

  /** The compression of diag(l) to u⊥ (u need not be normalised). */
  static RankOneCompression of(double[] l, double[] u) {
    return of(l, u, new double[0][]);
  }

  /**
   * The compression of diag(l) to u⊥, and each {@code carried[c]} (a vector of u⊥, not modified) replaced
   * by its coordinates in the new eigenbasis — bit for bit {@link #toNew(double[])}'s, computed in the pass
   * that finds the basis's norms (each entry of the Cauchy matrix ẑ_j/(p_j − μ_i) is divided out once for both).
   */
  static RankOneCompression of(double[] l, double[] u, double[][] carried) {
    return checked(l, u, false, carried);
  }

  /** The eigenbasis of diag(l) + u·uᵀ (u non-zero). */
  static RankOneCompression update(double[] l, double[] u) {
    return update(l, u, new double[0][]);
  }

  /**
   * The eigenbasis of diag(l) + u·uᵀ (u non-zero), and each {@code carried[c]} (not modified) replaced by its
   * coordinates in it, as {@link #of(double[], double[], double[][])} does.
   */
  static RankOneCompression update(double[] l, double[] u, double[][] carried) {
    return checked(l, u, true, carried);
  }

  /** l and u of one length m, m ≥ 2 for a compression (the result has m − 1 coordinates) and m ≥ 1 for an update. */
  private static RankOneCompression checked(double[] l, double[] u, boolean update, double[][] carried) {
    int min = update ? 1 : 2;
    if (l.length != u.length || l.length < min) {
      throw new IllegalArgumentException("l and u must have the same length >= " + min + ". Provided value: "
          + l.length + " and " + u.length);
    }
    return new RankOneCompression(l, u, update, carried);
  }

  /** About the memory this compression holds (with its deflation): its arrays' elements and headers. */
  long bytes() {
    return def.bytes() + 8L * zhat.length + 28L * tau.length + 8L * values.length + 6 * 16;
  }

  /** The eigenvalues, in the order of the new coordinates (length m − 1; m for an update). */
  double[] values() {
    return values.clone();
  }

  /**
   * Gu–Eisenstat's weights (Löwner's formula): ẑ_j² = Σw·Π_i (μ_i − p_j) / Π_{l≠j} (p_l − p_j),
   * paired factor by factor, with the sign of z_j.
   */
  private double[] loewnerWeights() {
    int r = pole.length;
    double[] prod = new double[r];
    Arrays.fill(prod, def.sumW);
    for (int i = 0; i < r - 1; i++) {
      double bi = base[i];
      double ti = tau[i];
      double below = pole[i + 1];
      for (int j = 0; j <= i; j++) {
        prod[j] *= ((bi - pole[j]) + ti) / (below - pole[j]);
      }
      double above = pole[i];
      for (int j = i + 1; j < r; j++) {
        prod[j] *= ((bi - pole[j]) + ti) / (above - pole[j]);
      }
    }
    return signedRoots(prod);
  }

  /**
   * Löwner's weights for an update, ẑ_j² ∝ (μ_j − p_j)·Π_{i≠j} (μ_i − p_j)/(p_i − p_j) (root j is the
   * one just above pole j; every factor is positive), with the sign of z_j.
   */
  private double[] loewnerWeightsUpdate() {
    int r = pole.length;
    double[] prod = new double[r];
    Arrays.fill(prod, 1);
    for (int i = 0; i < r; i++) {
      double bi = base[i];
      double ti = tau[i];
      double pi = pole[i];
      for (int j = 0; j < i; j++) {
        prod[j] *= ((bi - pole[j]) + ti) / (pi - pole[j]);
      }
      prod[i] *= (bi - pi) + ti;
      for (int j = i + 1; j < r; j++) {
        prod[j] *= ((bi - pole[j]) + ti) / (pi - pole[j]);
      }
    }
    return signedRoots(prod);
  }

  private double[] signedRoots(double[] prod) {
    double[] out = new double[prod.length];
    for (int j = 0; j < prod.length; j++) {
      out[j] = Math.copySign(Math.sqrt(Math.max(prod[j], 0)), def.zKept[j]);
    }
    return out;
  }

  /** Each vector permuted and rotated to the deflation's sorted coordinates (new arrays). */
  private double[][] sorted(double[][] vectors) {
    double[][] out = new double[vectors.length][];
    for (int c = 0; c < vectors.length; c++) {
      out[c] = def.toSorted(vectors[c]);
    }
    return out;
  }

  /**
   * One pass over the Cauchy matrix C_ij = ẑ_j/(p_j − μ_i) (root i, kept pole j): per root,
   * {@code norms[i]} += C_ij² when norms is non-null, and per vector s, the returned
   * acc[c][i] = Σ_j C_ij·s_c[kept j]; every sum over j in increasing order, each C_ij computed once.
   * Several vectors: four poles per pass over each acc[c] (a four-term step adds pole j, then j + 1, j + 2
   * and j + 3, as four passes would: the same sums), so each acc[c] is loaded and stored a quarter as often.
   */
  private double[][] cauchyPass(double[] norms, double[][] sorted) {
    int roots = tau.length;
    double[][] acc = new double[sorted.length][roots];
    if (sorted.length == 1) {
      for (int j = 0; j < pole.length; j++) {
        double sj = sorted[0][def.kept[j]];
        if (norms == null) {
          project(zhat[j], pole[j], sj, acc[0]);
        } else {
          projectAndNorm(zhat[j], pole[j], sj, acc[0], norms);
        }
      }
      return acc;
    }
    double[][] rows = new double[4][roots];
    int j = 0;
    for (; j + 3 < pole.length; j += 4) {
      for (int q = 0; q < 4; q++) {
        cauchyColumn(j + q, rows[q]);
      }
      double[] r0 = rows[0];
      double[] r1 = rows[1];
      double[] r2 = rows[2];
      double[] r3 = rows[3];
      if (norms != null) {
        for (int i = 0; i < roots; i++) {
          norms[i] = (((norms[i] + r0[i] * r0[i]) + r1[i] * r1[i]) + r2[i] * r2[i]) + r3[i] * r3[i];
        }
      }
      int k0 = def.kept[j];
      int k1 = def.kept[j + 1];
      int k2 = def.kept[j + 2];
      int k3 = def.kept[j + 3];
      for (int c = 0; c < sorted.length; c++) {
        double[] s = sorted[c];
        double s0 = s[k0];
        double s1 = s[k1];
        double s2 = s[k2];
        double s3 = s[k3];
        double[] a = acc[c];
        for (int i = 0; i < roots; i++) {
          a[i] = (((a[i] + r0[i] * s0) + r1[i] * s1) + r2[i] * s2) + r3[i] * s3;
        }
      }
    }
    double[] row = rows[0];
    for (; j < pole.length; j++) {
      cauchyColumn(j, row);
      if (norms != null) {
        for (int i = 0; i < roots; i++) {
          norms[i] += row[i] * row[i];
        }
      }
      for (int c = 0; c < sorted.length; c++) {
        double sj = sorted[c][def.kept[j]];
        double[] a = acc[c];
        for (int i = 0; i < roots; i++) {
          a[i] += row[i] * sj;
        }
      }
    }
    return acc;
  }

  /** row[i] = C_ij = ẑ_j/(p_j − μ_i) for every root i (column j of the Cauchy matrix). */
  private void cauchyColumn(int j, double[] row) {
    double zj = zhat[j];
    double pj = pole[j];
    for (int i = 0; i < row.length; i++) {
      row[i] = zj / ((pj - base[i]) - tau[i]);
    }
  }

  /** acc[i] += C_ij·s_j for every root i (column j of the Cauchy matrix times one coordinate). */
  private void project(double zj, double pj, double sj, double[] acc) {
    for (int i = 0; i < acc.length; i++) {
      acc[i] += zj / ((pj - base[i]) - tau[i]) * sj;
    }
  }

  /** {@link #project}, also adding C_ij² to norms[i]. */
  private void projectAndNorm(double zj, double pj, double sj, double[] acc, double[] norms) {
    for (int i = 0; i < acc.length; i++) {
      double e = zj / ((pj - base[i]) - tau[i]);
      norms[i] += e * e;
      acc[i] += e * sj;
    }
  }

  /** The new coordinates from the sorted vector (deflated entries) and its Cauchy sums (one per root). */
  private double[] newCoordinates(double[] sortedVector, double[] acc) {
    int nDef = def.deflated.length;
    double[] out = new double[nDef + acc.length];
    for (int q = 0; q < nDef; q++) {
      out[q] = sortedVector[def.deflated[q]];
    }
    for (int i = 0; i < acc.length; i++) {
      out[nDef + i] = acc[i] * invNorm[i];
    }
    return out;
  }

  /**
   * The roots of f(μ) = c + Σ w_j/(p_j − μ) (c = 0 for a compression, root i in (p_{i+1}, p_i);
   * c = 1/ρ for an update, root i in (p_i, p_{i−1})), each stored as (origin pole, offset); the
   * rational model takes c as part of φ. Stops a root when |f| ≤ 64·eps·(c + Σ|w_j/(p_j − μ)|) (a
   * relative error of about 1e-14 in μ − origin; Gu–Eisenstat's weights keep the basis orthonormal
   * for any interlacing roots) or when its step stalls. All unfinished roots take one iteration per
   * pass; the state arrays are indexed by position in the list of unfinished roots (increasing
   * root index).
   */
  private final class RootSolver {
    private final int[] root;
    private final double[] at; // pole[origin] of the root at this position
    private final double[] t;
    private final double[] lo;
    private final double[] hi;
    private final double[] upper;
    private final double[] lower;
    private final double[] psi;
    private final double[] dpsi;
    private final double[] phi;
    private final double[] dphi;
    private int live;

    RootSolver(int roots) {
      root = new int[roots];
      at = new double[roots];
      t = new double[roots];
      lo = new double[roots];
      hi = new double[roots];
      upper = new double[roots];
      lower = new double[roots];
      psi = new double[roots];
      dpsi = new double[roots];
      phi = new double[roots];
      dphi = new double[roots];
      live = roots;
    }

    void solve() {
      int shift = update ? 1 : 0; // root i lies in (pole i + 1 − shift, pole i − shift)
      for (int i = 0; i < live; i++) { // first evaluation at the middle of the interval, from its lower pole
        root[i] = i;
        at[i] = pole[i + 1 - shift];
        t[i] = 0.5 * (top(i) - pole[i + 1 - shift]);
      }
      evaluate();
      for (int i = 0; i < live; i++) {
        int low = i + 1 - shift;
        double top = top(i);
        double half = 0.5 * (top - pole[low]);
        int org;
        if (psi[i] + phi[i] + inverseRho > 0) { // f increases from −∞ to +∞: the root is in the lower half
          org = low;
          lo[i] = 0;
          hi[i] = half;
          t[i] = half;
        } else if (update && i == 0) { // the largest root has no pole above: keep the origin at the pole below
          org = low;
          lo[i] = half;
          hi[i] = top - pole[low];
          t[i] = half;
        } else {
          org = low - 1;
          lo[i] = -half;
          hi[i] = 0;
          t[i] = -half;
        }
        origin[i] = org;
        at[i] = pole[org];
        upper[i] = top - pole[org];
        lower[i] = pole[low] - pole[org];
      }
      for (int it = 0; it < MAX_ITERATIONS && live > 0; it++) {
        if (it > 0) {
          evaluate();
        }
        int next = 0;
        for (int p = 0; p < live; p++) {
          if (step(p, it)) {
            move(p, next++);
          } else {
            finish(p);
          }
        }
        live = next;
      }
      for (int p = 0; p < live; p++) {
        finish(p);
      }
    }

    /** The upper end of root i's interval: pole i (compression), pole i − 1 or p₀ + ρ·Σw (update). */
    private double top(int i) {
      if (!update) {
        return pole[i];
      }
      return i > 0 ? pole[i - 1] : pole[0] + def.sumW / inverseRho;
    }

    /** One iteration of the root at position p; false once it has converged or stalled. */
    private boolean step(int p, int it) {
      double f = psi[p] + phi[p] + inverseRho;
      if (f == 0 || Math.abs(f) <= 64 * EPS * ((psi[p] - phi[p]) + inverseRho)) {
        return false;
      }
      double tp = t[p];
      if (f > 0) {
        hi[p] = tp;
      } else {
        lo[p] = tp;
      }
      double next = tp + rationalStep(psi[p], dpsi[p], phi[p] + inverseRho, dphi[p], upper[p] - tp, lower[p] - tp, f);
      if (it >= RATIONAL_ITERATIONS || !(next > lo[p] && next < hi[p])) {
        next = 0.5 * (lo[p] + hi[p]);
      }
      boolean stalled = Math.abs(next - tp) <= 2 * EPS * Math.abs(next)
          || hi[p] - lo[p] <= 2 * EPS * Math.max(Math.abs(lo[p]), Math.abs(hi[p]));
      t[p] = next;
      return !stalled;
    }

    private void finish(int p) {
      base[root[p]] = at[p];
      tau[root[p]] = t[p];
    }

    private void move(int from, int to) {
      root[to] = root[from];
      at[to] = at[from];
      t[to] = t[from];
      lo[to] = lo[from];
      hi[to] = hi[from];
      upper[to] = upper[from];
      lower[to] = lower[from];
    }

    /**
     * ψ (the poles above the root), ψ′, φ (the poles below), φ′ at offset t from the origin for every live root
     * i, each summed over j in increasing order.
     */
    private void evaluate() {
      Arrays.fill(psi, 0, live, 0);
      Arrays.fill(dpsi, 0, live, 0);
      Arrays.fill(phi, 0, live, 0);
      Arrays.fill(dphi, 0, live, 0);
      double[] w = def.w;
      int r = pole.length;
      int below = 0; // live positions [0, below) hold roots i with i − shift < j: pole j is in their φ
      int j = 0;
      for (; j + 1 < r; j += 2) { // poles j and j + 1 in one pass; each sum still takes j before j + 1
        below = firstAbove(below, j);
        int next = firstAbove(below, j + 1); // [below, next): pole j in ψ, pole j + 1 in φ
        accumulate2(j, w, 0, below, phi, dphi);
        accumulate(pole[j], w[j], below, next, psi, dpsi);
        accumulate(pole[j + 1], w[j + 1], below, next, phi, dphi);
        accumulate2(j, w, next, live, psi, dpsi);
        below = next;
      }
      if (j < r) {
        below = firstAbove(below, j);
        accumulate(pole[j], w[j], 0, below, phi, dphi);
        accumulate(pole[j], w[j], below, live, psi, dpsi);
      }
    }

    /** The first live position from {@code from} on whose root has pole j in its ψ (root − shift ≥ j). */
    private int firstAbove(int from, int j) {
      int shift = update ? 1 : 0;
      int p = from;
      while (p < live && root[p] - shift < j) {
        p++;
      }
      return p;
    }

    private void accumulate(double pj, double wj, int from, int to, double[] sum, double[] dsum) {
      for (int p = from; p < to; p++) {
        double inv = 1 / ((pj - at[p]) - t[p]);
        double term = wj * inv;
        sum[p] += term;
        dsum[p] += term * inv;
      }
    }

    /** {@link #accumulate} of pole j, then of pole j + 1, in one pass over the positions. */
    private void accumulate2(int j, double[] w, int from, int to, double[] sum, double[] dsum) {
      double pa = pole[j];
      double wa = w[j];
      double pb = pole[j + 1];
      double wb = w[j + 1];
      for (int p = from; p < to; p++) {
        double a = at[p];
        double tp = t[p];
        double inva = 1 / ((pa - a) - tp);
        double terma = wa * inva;
        double invb = 1 / ((pb - a) - tp);
        double termb = wb * invb;
        sum[p] = (sum[p] + terma) + termb;
        dsum[p] = (dsum[p] + terma * inva) + termb * invb;
      }
    }
  }

  /**
   * The step η to the root of the model A + B₁/(Δ₁ − η) + B₂/(Δ₂ − η) that matches ψ (poles above)
   * and φ (poles below) and their derivatives at the current point; NaN if it has no root in
   * (Δ₂, Δ₁).
   */
  static double rationalStep(double psi, double dpsi, double phi, double dphi, double d1, double d2, double f) {
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

  /**
   * Coordinates in the new eigenbasis: of a vector of u⊥ for a compression (its component along u
   * is dropped), of any vector for an update.
   */
  double[] toNew(double[] v) {
    double[][] one = {v};
    toNew(one);
    return one[0];
  }

  /**
   * Replaces each {@code vectors[c]} (not modified) by {@link #toNew(double[])} of it, in one pass of the
   * Cauchy matrix for all of them (each entry divided out once).
   */
  void toNew(double[][] vectors) {
    double[][] sorted = sorted(vectors);
    double[][] acc = cauchyPass(null, sorted);
    for (int c = 0; c < vectors.length; c++) {
      vectors[c] = newCoordinates(sorted[c], acc[c]);
    }
  }

  /** The vector (length m; in u⊥ for a compression) with coordinates {@code y} in the new eigenbasis. */
  double[] toOld(double[] y) {
    double[] s = new double[def.m];
    int nDef = def.deflated.length;
    for (int q = 0; q < nDef; q++) {
      s[def.deflated[q]] = y[q];
    }
    int r = pole.length;
    double[] acc = new double[r];
    for (int i = 0; i < tau.length; i++) {
      double si = y[nDef + i] * invNorm[i];
      double bi = base[i];
      double ti = tau[i];
      for (int j = 0; j < r; j++) {
        acc[j] += si / ((pole[j] - bi) - ti);
      }
    }
    for (int j = 0; j < r; j++) {
      s[def.kept[j]] = zhat[j] * acc[j];
    }
    return def.fromSorted(s);
  }
}
