package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.Reporting;
import io.pmbench.experiments.orchestration.EpsilonGrid;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.BootstrapInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How the cells of Figures 3, 5 and 7 are named and read back: the variants their plans key cells
 * by, and the summaries of their stored cells that a figure's report and the claims table both
 * judge. A figure plans and renders through here and the claims table reads through here, so
 * neither reaches into another figure.
 */
public final class FigureReadings {
  /** Figure 3's mechanism, whose client and server objective traces it records. */
  static final String TRACED = ReportPages.playing(Reporting.Role.NON_PRIVATE_EMBEDDING);
  /** Figure 7's private panels' mechanism. */
  static final String PRIVATE = ReportPages.subject();
  /** Figure 7's panel without noise. */
  static final String NO_NOISE = TRACED;

  /**
   * Recall within this of its value at the last iteration counts as converged (1 percentage
   * point: below the ≈ 0.01–0.03 sampling half-width of 1,000 queries).
   */
  public static final double CONVERGENCE_TOLERANCE = 0.01;
  /**
   * A parameter counts as "stable" when Recall@8 varies by at most this much over its grid
   * (5 percentage points: the paper gives no number; about twice the sampling half-width at
   * 1,000 queries).
   */
  public static final double STABLE_RANGE = 0.05;

  private FigureReadings() {}

  /** Figure 3's variant of the cell at iteration t (client and server both after t iterations). */
  static String iteration(int t) {
    return String.format(Locale.ROOT, "t=%02d", t);
  }

  /**
   * What Figure 3 shows, summarised (its report and the claims table both read this).
   *
   * @param recall Recall@8 at t = 1..max (index t − 1), empty where no cell is OK
   * @param convergedAt the first t from which every later recall is within
   *     {@link #CONVERGENCE_TOLERANCE} of the last one (0 when not computable)
   * @param serverIncreases (seed, t) pairs where v(X_t) > v(X_{t−1}) on the server
   * @param largestRelativeIncrease the largest (v_t − v_{t−1}) / |v_{t−1}| seen on the server
   * @param clientIncreases client queries whose objective increased, summed over cells
   * @param clientQueries client queries, summed over cells
   */
  record IterationSummary(List<Optional<BootstrapInterval>> recall, int convergedAt, int serverIncreases,
      double largestRelativeIncrease, long clientIncreases, long clientQueries) {}

  static IterationSummary iterations(RunView v) {
    int max = v.grid("maxIterations").asInt();
    double eps = v.grid("epsilon").asDouble();
    List<Optional<BootstrapInterval>> recall = new ArrayList<>();
    long clientIncreases = 0;
    long clientQueries = 0;
    for (int t = 1; t <= max; t++) {
      List<CellRecord> cs = v.overSeeds(TRACED, iteration(t), eps);
      recall.add(Stats.recall(cs, Stats.K));
      for (CellRecord c : cs) {
        clientIncreases += c.objectiveIncreases();
        clientQueries += c.queries();
      }
    }
    int converged = 0;
    Optional<BootstrapInterval> last = recall.get(max - 1);
    if (last.isPresent()) {
      converged = max;
      for (int t = max; t >= 1; t--) {
        Optional<BootstrapInterval> r = recall.get(t - 1);
        if (r.isEmpty() || Math.abs(r.get().mean() - last.get().mean()) > CONVERGENCE_TOLERANCE) {
          break;
        }
        converged = t;
      }
    }
    int serverIncreases = 0;
    double largest = Double.NEGATIVE_INFINITY;
    for (double[] tr : traces(v).values()) {
      for (int t = 1; t < tr.length; t++) {
        double rel = (tr[t] - tr[t - 1]) / Math.abs(tr[t - 1]);
        largest = Math.max(largest, rel);
        if (tr[t] > tr[t - 1]) {
          serverIncreases++;
        }
      }
    }
    return new IterationSummary(recall, converged, serverIncreases, largest, clientIncreases, clientQueries);
  }

  /** The server's trace v(X_0..X_max) per seed (from any stored cell of the seed). */
  static Map<Long, double[]> traces(RunView v) {
    Map<Long, double[]> out = new TreeMap<>();
    int max = v.grid("maxIterations").asInt();
    double eps = v.grid("epsilon").asDouble();
    for (long seed : v.seeds()) {
      for (int t = 1; t <= max && !out.containsKey(seed); t++) {
        v.cell(new CellKey(v.dataset(), TRACED, iteration(t), eps, seed))
            .filter(c -> c.extras().containsKey("serverObjective"))
            .ifPresent(c -> out.put(seed, c.extras().get("serverObjective")));
      }
    }
    return out;
  }

  /** Figure 5's variant of the cell at (k, α, σ): it names all three, so a shared point is one cell. */
  static String knobs(int k, double alpha, double sigma) {
    return "k=" + k + ",alpha=" + alpha + ",sigma=" + sigma;
  }

  /** One knob's curve for one mechanism (Figure 5). */
  record Curve(String knob, String mechanism, List<Double> values, List<Optional<BootstrapInterval>> recall) {
    /** max − min of the mean recall over the knob's values (NaN when a point is missing). */
    double range() {
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (Optional<BootstrapInterval> r : recall) {
        if (r.isEmpty()) {
          return Double.NaN;
        }
        lo = Math.min(lo, r.get().mean());
        hi = Math.max(hi, r.get().mean());
      }
      return hi - lo;
    }
  }

  static List<Curve> curves(RunView v) {
    int k0 = v.grid("baseK").asInt();
    double a0 = v.grid("baseAlpha").asDouble();
    double s0 = v.grid("baseSigma").asDouble();
    double eps = v.grid("epsilon").asDouble();
    List<Curve> out = new ArrayList<>();
    for (String knob : List.of("k", "alpha", "sigma")) {
      List<Double> values = v.gridNumbers(knob);
      for (String m : v.gridStrings("mechanisms")) {
        List<Optional<BootstrapInterval>> rs = new ArrayList<>();
        for (double x : values) {
          String var = switch (knob) {
            case "k" -> knobs((int) x, a0, s0);
            case "alpha" -> knobs(k0, x, s0);
            default -> knobs(k0, a0, x);
          };
          rs.add(Stats.recall(v.overSeeds(m, var, eps), Stats.K));
        }
        out.add(new Curve(knob, m, values, rs));
      }
    }
    return out;
  }

  /** Figure 7's cells, in display order: private ε ascending, then no noise. */
  static List<CellRecord> panels(RunView v) {
    long seed = v.seeds().get(0);
    List<CellRecord> out = new ArrayList<>();
    for (double eps : v.gridNumbers("epsilons")) {
      v.cell(new CellKey(v.dataset(), PRIVATE, "fig7", eps, seed)).ifPresent(out::add);
    }
    v.cell(new CellKey(v.dataset(), NO_NOISE, "fig7", EpsilonGrid.REFERENCE_EPSILON, seed)).ifPresent(out::add);
    return out;
  }

  static String panelName(CellRecord c) {
    return c.key().mechanism().equals(NO_NOISE) ? "no noise (" + NO_NOISE + ")" : PRIVATE + ", epsilon = " + c.key().epsilon()
        + " (" + c.claim().calibration() + ")";
  }
}
