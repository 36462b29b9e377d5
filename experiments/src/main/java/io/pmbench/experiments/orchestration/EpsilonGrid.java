package io.pmbench.experiments.orchestration;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.Cells;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Sweep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The grid of mechanisms × ε × seeds that {@code run} and {@code fig6} share, in the order seed,
 * mechanism, ε. A mechanism whose release does not depend on ε
 * ({@link EmbeddingMechanism#readsEpsilon()} false) never reads ε or the calibration, but the
 * protocol derives each query's random stream from a path that includes ε, so running it at
 * another ε would give another (equally valid) draw of the same quantity: it runs once per seed,
 * at one stored ε, and its cells are checked not to claim differential privacy (a DP claim is
 * calibrated to ε).
 */
public final class EpsilonGrid {
  /**
   * Table 2's ε: where {@code fig6} runs its ε-independent mechanisms, and the ε of the parts of a
   * {@code claims} run that take one ε.
   */
  public static final double REFERENCE_EPSILON = 0.1;

  private EpsilonGrid() {}

  /** The mechanisms of {@code names} whose release does not depend on ε, in order. */
  public static List<String> epsilonFree(List<String> names, GridSetup s) {
    return names.stream().filter(n -> !s.registry().get(n).readsEpsilon()).toList();
  }

  /**
   * The grid entries of run.json: {@code mechanisms}, {@code epsilons}, {@code seeds} and
   * {@code epsilonFree}, in that order.
   */
  public static Map<String, Object> grid(GridSetup s, List<String> mechanisms, List<Double> epsilons,
      List<String> free) {
    return GridEntries.of(Map.entry("mechanisms", mechanisms), Map.entry("epsilons", epsilons),
        Map.entry("seeds", s.seeds()), Map.entry("epsilonFree", free));
  }

  /**
   * The cells, seed by seed, mechanism by mechanism: a mechanism of {@code free} once at
   * {@code freeEpsilon} (checked by {@link #checkEpsilonFree}), every other one at each ε.
   */
  public static List<Sweep.Task> tasks(GridSetup s, Cells cells, List<String> mechanisms, List<Double> epsilons,
      List<String> free, double freeEpsilon) {
    ProtocolRunner runner = cells.runner(s.data(), s.protocol());
    Map<Double, MechanismParams> params = free.isEmpty() ? paramsAt(s, epsilons) : paramsAt(s, epsilons, freeEpsilon);
    List<Sweep.Task> out = new ArrayList<>();
    for (long seed : s.seeds()) {
      for (String name : mechanisms) {
        boolean once = free.contains(name);
        for (double eps : once ? List.of(freeEpsilon) : epsilons) {
          out.add(cells.protocol(runner, s.registry().get(name), params.get(eps),
              new CellKey(s.data().name(), name, "", eps, seed), s.queriesPerCell(),
              once ? EpsilonGrid::checkEpsilonFree : null));
        }
      }
    }
    return out;
  }

  /**
   * The parameters at each of {@code epsilons} and {@code more}, each built once
   * ({@link GridSetup#params}) and shared by every seed and mechanism of the grid.
   */
  public static Map<Double, MechanismParams> paramsAt(GridSetup s, List<Double> epsilons, double... more) {
    Map<Double, MechanismParams> out = new LinkedHashMap<>();
    epsilons.forEach(eps -> out.computeIfAbsent(eps, s::params));
    for (double eps : more) {
      out.computeIfAbsent(eps, s::params);
    }
    return out;
  }

  /** Fails when a mechanism treated as ε-independent claimed differential privacy (calibrated to ε). */
  public static SortedMap<String, double[]> checkEpsilonFree(CellResult r) {
    Guarantee g = r.claim().guarantee();
    if (g == Guarantee.APPROXIMATE_DP || g == Guarantee.PURE_DP) {
      throw new IllegalStateException(r.mechanism() + " is treated as epsilon-independent (readsEpsilon() is false)"
          + " but claims " + r.claim().summary() + ", which is calibrated to epsilon; fix the mechanism or run with"
          + " --every-epsilon");
    }
    return new TreeMap<>();
  }
}
