package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * DP-dSNE's per-step sensitivity Δ = 2C·√(m + 1) (BASELINES.md §2) against brute-force neighbours:
 * for small random data sets D (m free rows, then public rows fixed at given positions) and a
 * given map state, every neighbour D′ — one row removed (deleted, or replaced by a zero row as
 * SPEC.md §1 pads) or added (a new free or public row; the smaller side's missing gradient row
 * counts as 0, or D is padded with a zero row at the new point's position) — must have
 * ‖clip_C(G(D)) − clip_C(G(D′))‖_F ≤ 2C·√(free rows of the larger neighbour) ≤ Δ. States are drawn
 * with both the early-exaggerated and the plain affinities, and C from "never clips" to "always
 * clips". The largest ratios are printed. If this fails, the bound (or the clipping) is wrong —
 * not the tolerance.
 */
class DpDsneSensitivityTest {

  /** clip_C of the free rows' gradient of {@code rows} (m free rows first) at map (yFree; yFixed). */
  static double[][] clippedGradient(double[][] rows, int m, double[][] yFree, double[][] yFixed, double clip,
      boolean exaggerated) {
    double[][] y = new double[m + yFixed.length][];
    for (int i = 0; i < m; i++) {
      y[i] = yFree[i].clone();
    }
    for (int j = 0; j < yFixed.length; j++) {
      y[m + j] = yFixed[j].clone();
    }
    double[][] p = SmileAffinities.freeRows(rows, m);
    if (!exaggerated) {
      for (double[] pi : p) {
        for (int j = 0; j < pi.length; j++) {
          pi[j] /= SmileAffinities.exaggeration();
        }
      }
    }
    FixedPointTsne loop = new FixedPointTsne(y, m, p, FixedPointTsne.fixedRowSums(yFixed));
    return DpDsneClient.clipRows(loop.gradient(), clip);
  }

  /** ‖a − b‖_F where a row missing from one side (null) counts as 0. */
  static double distance(double[][] a, double[][] b) {
    double s = 0;
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      double[] x = i < a.length ? a[i] : null;
      double[] z = i < b.length ? b[i] : null;
      int k = x != null ? x.length : z.length;
      for (int c = 0; c < k; c++) {
        double v = (x == null ? 0 : x[c]) - (z == null ? 0 : z[c]);
        s += v * v;
      }
    }
    return Math.sqrt(s);
  }

  static double[][] without(double[][] a, int i) {
    List<double[]> l = new ArrayList<>(Arrays.asList(a));
    l.remove(i);
    return l.toArray(new double[0][]);
  }

  static double[][] with(double[][] a, int at, double[] row) {
    List<double[]> l = new ArrayList<>(Arrays.asList(a));
    l.add(at, row);
    return l.toArray(new double[0][]);
  }

  static double[][] zeroAt(double[][] a, int i) {
    double[][] out = a.clone();
    out[i] = new double[a[i].length];
    return out;
  }

  static double[][] gaussianRows(int n, double sd, SplittableRandom rng) {
    double[][] y = new double[n][2];
    for (double[] r : y) {
      r[0] = sd * Seeds.gaussian(rng);
      r[1] = sd * Seeds.gaussian(rng);
    }
    return y;
  }

  /** Largest ‖ΔG‖ / (2C·√(larger free count)) over the neighbours of one data set and state. */
  static double[] worstRatios(int m, int nPublic, int d, double clip, boolean exaggerated, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[][] rows = SyntheticData.unitRows(m + nPublic, d, rng);
    if (seed % 2 == 0) { // adversarial: a dummy duplicates a public row (as P_r does)
      rows[1] = rows[m + 3].clone();
    }
    double[][] yFree = gaussianRows(m, 5, rng);
    double[][] yFixed = gaussianRows(nPublic, 10, rng);
    double[][] g = clippedGradient(rows, m, yFree, yFixed, clip, exaggerated);
    double worstLarger = 0;
    double worstMechanism = 0;
    double mechanismDelta = DpDsneClient.stepSensitivity(clip, m);
    List<double[][]> others = new ArrayList<>();
    List<Integer> freeCounts = new ArrayList<>();
    List<Integer> dropRow = new ArrayList<>();
    for (int i = 0; i < m + nPublic; i++) {
      boolean free = i < m;
      // removed, padded with a zero row in place
      others.add(clippedGradient(zeroAt(rows, i), m, yFree, yFixed, clip, exaggerated));
      freeCounts.add(m);
      dropRow.add(-1);
      // removed outright
      double[][] r2 = without(rows, i);
      others.add(free
          ? clippedGradient(r2, m - 1, without(yFree, i), yFixed, clip, exaggerated)
          : clippedGradient(r2, m, yFree, without(yFixed, i - m), clip, exaggerated));
      freeCounts.add(m);
      dropRow.add(free ? i : -1);
    }
    for (int a = 0; a < 6; a++) {
      double[] extra = a % 3 == 0 ? rows[m + a].clone() : SyntheticData.unitRows(1, d, rng)[0];
      double[] pos = a % 2 == 0 ? yFree[0].clone() : gaussianRows(1, 5, rng)[0];
      // added free row (last free position)
      double[][] gAdd = clippedGradient(with(rows, m, extra), m + 1, with(yFree, m, pos), yFixed, clip, exaggerated);
      double ratio = distance(g, gAdd) / (2 * clip * Math.sqrt(m + 1));
      worstLarger = Math.max(worstLarger, ratio);
      worstMechanism = Math.max(worstMechanism, distance(g, gAdd) / mechanismDelta);
      // same, with D padded by a zero free row at the new point's position
      double[][] gPad = clippedGradient(with(rows, m, new double[d]), m + 1, with(yFree, m, pos), yFixed, clip,
          exaggerated);
      worstLarger = Math.max(worstLarger, distance(gPad, gAdd) / (2 * clip * Math.sqrt(m + 1)));
      worstMechanism = Math.max(worstMechanism, distance(gPad, gAdd) / mechanismDelta);
      // added public row at a new fixed position
      double[][] gPub = clippedGradient(with(rows, m + nPublic, extra), m, yFree,
          with(yFixed, nPublic, gaussianRows(1, 10, rng)[0]), clip, exaggerated);
      worstLarger = Math.max(worstLarger, distance(g, gPub) / (2 * clip * Math.sqrt(m)));
      worstMechanism = Math.max(worstMechanism, distance(g, gPub) / mechanismDelta);
    }
    for (int t = 0; t < others.size(); t++) {
      double[][] base = dropRow.get(t) >= 0 ? without(g, dropRow.get(t)) : g;
      double dist = distance(base, others.get(t));
      if (dropRow.get(t) >= 0) { // the deleted free row's gradient is compared with 0
        double[] gone = g[dropRow.get(t)];
        dist = Math.sqrt(dist * dist + gone[0] * gone[0] + gone[1] * gone[1]);
      }
      worstLarger = Math.max(worstLarger, dist / (2 * clip * Math.sqrt(freeCounts.get(t))));
      worstMechanism = Math.max(worstMechanism, dist / mechanismDelta);
    }
    return new double[] {worstLarger, worstMechanism};
  }

  @Test
  void clippedStep_bruteForceNeighbours_neverExceedBound() {
    double[] clips = {1.0, 1e-2, 1e-4};
    for (double clip : clips) {
      double worstLarger = 0;
      double worstMechanism = 0;
      for (boolean exaggerated : new boolean[] {true, false}) {
        for (long seed = 1; seed <= 6; seed++) {
          double[] r = worstRatios(4, 26, 8, clip, exaggerated, seed * 17 + (long) (clip * 1e4));
          worstLarger = Math.max(worstLarger, r[0]);
          worstMechanism = Math.max(worstMechanism, r[1]);
        }
      }
      System.out.printf("DP-dSNE step, C=%g: max ||clip(G(D)) - clip(G(D'))||_F / (2C sqrt(n_free larger)) = %.4f;"
          + " / Delta=2C sqrt(m+1) = %.4f%n", clip, worstLarger, worstMechanism);
      assertTrue(worstLarger <= 1.0, "per-pair bound violated at C=" + clip + ": " + worstLarger);
      assertTrue(worstMechanism <= 1.0, "Delta violated at C=" + clip + ": " + worstMechanism);
      assertTrue(worstMechanism > 0, "neighbours must differ");
    }
  }
}
