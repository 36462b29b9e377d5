package io.pmbench.experiments.cli;

import io.pmbench.experiments.sweep.CellKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The time left of a grid whose mechanisms differ in cost per query by four orders of magnitude
 * (0.1 ms for {@code random}, 6 s for {@code tsne}), where counting queries would promise the end
 * of a t-SNE sweep after its cheap cells. Each finished cell times its mechanism (mean ms per
 * query); the work done and left are weighted by those times, and the time left is the elapsed
 * time scaled by their ratio. A mechanism with a prior (the estimate printed before the grid
 * started, {@link io.pmbench.experiments.orchestration.CostEstimate}) counts with it, scaled by
 * how this machine compares with the priors on the work done so far; that ratio starts at 1 and
 * is shrunk toward 1 by {@link #PRIOR_WEIGHT} of the grid's prior work, because single cells of a
 * loaded machine vary by a factor of five (replayed on the stored Omniglot fig6 run, the ETA then
 * stays within a factor of 1.5 of the time left over the first quarter of the run). Before any
 * cell finished, the time left is the priors' work spread over the cells that run at once. A
 * mechanism without a prior counts with its own timing; until it has one, the estimate is a
 * lower bound that names it.
 */
final class WeightedEta {
  private final Map<CellKey, Long> pending;
  private final Map<String, Long> remaining = new LinkedHashMap<>(); // mechanism → queries of pending cells
  private final Map<String, double[]> timing = new HashMap<>(); // mechanism → {Σ queries·ms, Σ queries}
  private final Map<String, Double> prior;
  private final int parallel;
  /** The weight of the priors against the measured work, as a share of the grid's prior work. */
  static final double PRIOR_WEIGHT = 0.2;
  private final double priorTotal; // the priors' ms of every pending query that has a prior
  private double doneWork;
  private double donePriorWork; // the priors' ms of the timed queries that have a prior
  private double doneWorkWithPrior; // the measured ms of the same queries

  /** @param pendingCells the cells still to compute, with their queries */
  WeightedEta(Map<CellKey, Long> pendingCells) {
    this(pendingCells, Map.of(), 1);
  }

  /**
   * @param pendingCells the cells still to compute, with their queries
   * @param prior mechanism to estimated ms per query before this run timed it (may lack some)
   * @param parallel cells computed at once
   */
  WeightedEta(Map<CellKey, Long> pendingCells, Map<String, Double> prior, int parallel) {
    this.pending = new HashMap<>(pendingCells);
    this.prior = Map.copyOf(prior);
    this.parallel = Math.max(1, parallel);
    pendingCells.forEach((k, q) -> remaining.merge(k.mechanism(), q, Long::sum));
    this.priorTotal = remaining.entrySet().stream().filter(e -> this.prior.containsKey(e.getKey()))
        .mapToDouble(e -> e.getValue() * this.prior.get(e.getKey())).sum();
  }

  /**
   * The computed cell {@code key} finished: its {@code queries} queries (0 for a refused or
   * failed cell) took {@code meanQueryMillis} each.
   */
  synchronized void cellFinished(CellKey key, long queries, double meanQueryMillis) {
    String mechanism = key.mechanism();
    Long planned = pending.remove(key);
    if (planned != null) {
      remaining.merge(mechanism, -planned, Long::sum);
    }
    if (Double.isFinite(meanQueryMillis) && meanQueryMillis >= 0 && queries > 0) {
      double[] t = timing.computeIfAbsent(mechanism, m -> new double[2]);
      t[0] += queries * meanQueryMillis;
      t[1] += queries;
      doneWork += queries * meanQueryMillis;
      Double p = prior.get(mechanism);
      if (p != null) {
        donePriorWork += queries * p;
        doneWorkWithPrior += queries * meanQueryMillis;
      }
    }
  }

  /**
   * {@code ", ETA 1234 s"}, {@code ", ETA > 1234 s (not yet timed: tsne)"}, {@code ", ETA unknown
   * (not yet timed: tsne)"} when only work without a prior or a timing is left, or empty when
   * nothing can be said yet.
   */
  synchronized String text(double elapsedSeconds) {
    double w0 = PRIOR_WEIGHT * priorTotal;
    double machine = w0 + donePriorWork > 0 ? (doneWorkWithPrior + w0) / (donePriorWork + w0) : 1;
    double left = 0;
    List<String> untimed = new ArrayList<>();
    for (Map.Entry<String, Long> e : remaining.entrySet()) {
      if (e.getValue() <= 0) {
        continue;
      }
      double[] t = timing.get(e.getKey());
      Double p = prior.get(e.getKey());
      if (p != null) {
        left += e.getValue() * p * machine;
      } else if (t != null) {
        left += e.getValue() * (t[0] / t[1]);
      } else {
        untimed.add(e.getKey());
      }
    }
    double seconds = doneWork > 0 ? elapsedSeconds * left / doneWork : left / parallel / 1000;
    if (untimed.isEmpty()) {
      return seconds > 0 ? String.format(Locale.ROOT, ", ETA %.0f s", seconds) : "";
    }
    if (doneWork <= 0 && seconds <= 0) {
      return "";
    }
    String names = untimed.size() <= 3 ? String.join(", ", untimed)
        : String.join(", ", untimed.subList(0, 3)) + " and " + (untimed.size() - 3) + " more";
    return seconds >= 1 ? String.format(Locale.ROOT, ", ETA > %.0f s (not yet timed: %s)", seconds, names)
        : ", ETA unknown (not yet timed: " + names + ")";
  }
}
