package io.pmbench.baselines.pca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The eigenbasis of G = G₀ + Σ_a x_a·x_aᵀ from a decomposition of G₀ computed once and one
 * {@link RankOneCompression#update} per non-zero row x_a (Golub 1973; Bunch, Nielsen &amp; Sorensen
 * 1978; Gu &amp; Eisenstat 1994 — the rank-one modification step of divide-and-conquer eigen-solvers):
 * O(d²) per row instead of a dense O(d³) decomposition of G. PPCA uses it per query with
 * G₀ = PᵀP (the public block, fixed per cell) and the x_a the m = publicOffset rows r and P_r. The
 * basis is kept implicitly — E = E₀·U₁·…·U_m, each Uₐ in its Cauchy-matrix form — so a coordinate
 * map costs O((m + 1)·d²). Each update is backward stable (an eigenbasis of G₀ + Σ x xᵀ perturbed by
 * O(eps·‖G‖) per step, the deflation tolerance of {@link RankOneDeflation}).
 */
final class UpdatedEigenbasis implements Eigenbasis {
  private final Eigenbasis base;
  private final List<RankOneCompression> levels;
  private final double[] values;

  private UpdatedEigenbasis(Eigenbasis base, List<RankOneCompression> levels, double[] values) {
    this.base = base;
    this.levels = levels;
    this.values = values;
  }

  /**
   * The eigenbasis of base's matrix plus x·xᵀ for each of the {@code count} rows x of {@code rows}
   * (row-major, base's dimension d per row); zero rows change nothing and are skipped. Row a enters
   * in the coordinates of the basis updated by the rows before it: every row is mapped to base's
   * coordinates first and each update carries the later rows into its own coordinates (in the pass
   * that finds its norms, {@link RankOneCompression#update(double[], double[], double[][])}) — the
   * same values {@link #toEigen} of the partly updated basis would give.
   */
  static UpdatedEigenbasis of(Eigenbasis base, double[] rows, int count) {
    int d = base.values().length;
    if (rows.length < count * d) {
      throw new IllegalArgumentException("rows must hold count * d values (d = " + d + "). Provided value: "
          + rows.length);
    }
    List<double[]> pending = new ArrayList<>();
    for (int a = 0; a < count; a++) {
      double[] x = Arrays.copyOfRange(rows, a * d, (a + 1) * d);
      boolean zero = true;
      for (double c : x) {
        zero &= c == 0;
      }
      if (!zero) {
        pending.add(base.toEigen(x));
      }
    }
    double[] l = base.values().clone();
    List<RankOneCompression> levels = new ArrayList<>();
    for (int a = 0; a < pending.size(); a++) {
      double[][] later = pending.subList(a + 1, pending.size()).toArray(new double[0][]);
      RankOneCompression level = RankOneCompression.update(l, pending.get(a), later);
      for (int b = 0; b < later.length; b++) {
        pending.set(a + 1 + b, later[b]);
      }
      levels.add(level);
      l = level.values();
    }
    return new UpdatedEigenbasis(base, levels, l);
  }

  /** About the memory of the updates this basis holds (not of the base it was updated from). */
  long bytes() {
    long total = 8L * values.length;
    for (RankOneCompression level : levels) {
      total += level.bytes();
    }
    return total;
  }

  @Override
  public double[] values() {
    return values;
  }

  @Override
  public double[] toEigen(double[] x) {
    double[] y = base.toEigen(x);
    for (RankOneCompression level : levels) {
      y = level.toNew(y);
    }
    return y;
  }

  /**
   * {@link #toEigen(double[])} of each vector, bit for bit, with one pass of each update's Cauchy matrix for
   * all of them ({@link RankOneCompression#toNew(double[][])}: each entry divided out once, not once per vector).
   */
  @Override
  public double[][] toEigen(double[][] xs) {
    double[][] y = new double[xs.length][];
    for (int c = 0; c < xs.length; c++) {
      y[c] = base.toEigen(xs[c]);
    }
    for (RankOneCompression level : levels) {
      level.toNew(y);
    }
    return y;
  }

  @Override
  public double[] fromEigen(double[] y) {
    double[] v = y;
    for (int i = levels.size() - 1; i >= 0; i--) {
      v = levels.get(i).toOld(v);
    }
    return base.fromEigen(v);
  }
}
