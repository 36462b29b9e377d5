package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Searches for the neighbouring pair with the largest ‖f(D) − f(D′)‖ relative to the claimed Δ
 * (in the claim's norm), f and Δ computed by the mechanism itself ({@link AuditTarget#stage}):
 * random data sets with every private row removed (zero padding row, label 0 or c) or a new row
 * added at an extreme label (the other side holding the zero padding row); adversarial sets
 * (private labels alternating 0 and c, every private row duplicated); then hill-climbing on the differing row (random steps on the unit
 * sphere and label changes, kept when the ratio grows). A ratio above 1 is a failed claim.
 */
final class SensitivitySearch {
  private static final int RANDOM_SETS = 8;
  private static final int CLIMB_STEPS = 300;

  /** The worst pair found and its ratio. */
  record Worst(NeighbourPair pair, double distance, double claimed) {
    double ratio() {
      return distance / claimed;
    }
  }

  private SensitivitySearch() {}

  static Worst run(AuditTarget t, SplittableRandom rng) {
    List<AuditData> sets = new ArrayList<>();
    for (int r = 0; r < RANDOM_SETS; r++) {
      sets.add(t.randomData(rng));
    }
    AuditData base = t.randomData(rng);
    sets.add(extremeLabels(base, t.maxLabel()));
    sets.add(duplicated(extremeLabels(base, t.maxLabel())));
    Worst worst = null;
    for (AuditData d : sets) {
      for (NeighbourPair p : neighbours(d, t, rng)) {
        worst = better(worst, measure(t, p));
      }
    }
    return climb(t, worst, rng);
  }

  /** The ratio of one pair: f and the claimed Δ as the mechanism computes them. */
  static Worst measure(AuditTarget t, NeighbourPair p) {
    AuditStage sd = t.stage(p.d());
    double dist = NoiseKind.of(sd.norm()).distance(sd.preNoise(), t.stage(p.dPrime()).preNoise());
    return new Worst(p, dist, sd.sensitivity());
  }

  private static List<NeighbourPair> neighbours(AuditData d, AuditTarget t, SplittableRandom rng) {
    List<NeighbourPair> out = new ArrayList<>();
    double[] zero = new double[d.d()];
    for (int i = 0; i < d.publicOffset(); i++) {
      for (int label : new int[] {0, t.maxLabel()}) {
        out.add(new NeighbourPair(d, d.withRow(i, zero, label), "row " + i + " removed (zero row, label " + label
            + ")"));
        out.add(new NeighbourPair(d.withRow(i, zero, 0), d.withRow(i, AuditData.unitRow(d.d(), rng), label), "row "
            + i + " added at label " + label + " (zero padding row, label 0)"));
      }
    }
    return out;
  }

  /** The private rows' labels alternating 0 and c. */
  private static AuditData extremeLabels(AuditData d, int c) {
    AuditData out = d;
    for (int i = 0; i < d.publicOffset(); i++) {
      out = out.withRow(i, d.row(i), i % 2 == 0 ? 0 : c);
    }
    return out;
  }

  /** Every private row a copy of row 0. */
  private static AuditData duplicated(AuditData d) {
    AuditData out = d;
    for (int i = 1; i < d.publicOffset(); i++) {
      out = out.withRow(i, d.row(0), d.labels()[i]);
    }
    return out;
  }

  /** Hill-climbing on the row where D and D′ differ (skipped when they differ in more than one row). */
  private static Worst climb(AuditTarget t, Worst start, SplittableRandom rng) {
    int row = differingRow(start.pair());
    if (row < 0) {
      return start;
    }
    Worst best = start;
    double step = 0.5;
    for (int s = 0; s < CLIMB_STEPS; s++) {
      NeighbourPair p = best.pair();
      boolean zeroRow = java.util.Arrays.stream(p.dPrime().row(row)).allMatch(v -> v == 0);
      AuditData side = zeroRow ? p.d() : p.dPrime();
      double[] x = side.row(row);
      double[] y = new double[x.length];
      for (int j = 0; j < y.length; j++) {
        y[j] = x[j] + step * io.pmbench.core.random.Seeds.gaussian(rng);
      }
      int label = rng.nextInt(5) == 0 ? rng.nextInt(t.maxLabel() + 1) : side.labels()[row];
      // Climb either side: the changed row of D′, or (when D′ holds the zero row) the row of D.
      AuditData moved = side.withRow(row, AuditData.normalised(y), label);
      NeighbourPair candidate = zeroRow ? new NeighbourPair(moved, p.dPrime(), "hill-climb on row " + row)
          : new NeighbourPair(p.d(), moved, "hill-climb on row " + row);
      Worst w = measure(t, candidate);
      if (w.ratio() > best.ratio()) {
        best = w;
      } else {
        step = Math.max(0.01, step * 0.98);
      }
    }
    return best;
  }

  private static int differingRow(NeighbourPair p) {
    int found = -1;
    for (int i = 0; i < p.d().n(); i++) {
      if (!java.util.Arrays.equals(p.d().row(i), p.dPrime().row(i)) || p.d().labels()[i] != p.dPrime().labels()[i]) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
  }

  private static Worst better(Worst a, Worst b) {
    return a == null || b.ratio() > a.ratio() ? b : a;
  }
}
