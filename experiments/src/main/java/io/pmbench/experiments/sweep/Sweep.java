package io.pmbench.experiments.sweep;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Runs a {@link RunSpec}'s grid in a fixed order (seed, mechanism, ε). Within a cell the
 * queries run in parallel; a cell's numbers depend only on its own (config, seed).
 */
public final class Sweep {
  /** Called with each finished cell and with progress in queries. */
  public interface Listener extends IntConsumer {
    void cellFinished(CellResult result);
  }

  private Sweep() {}

  /** Validates every (mechanism, ε) before running anything, then runs the grid. */
  public static List<CellResult> run(RunSpec spec, FeatureSet data, MechanismRegistry registry, Listener listener) {
    List<EmbeddingMechanism> mechanisms = new ArrayList<>();
    for (String name : spec.mechanisms()) {
      EmbeddingMechanism m = registry.get(name);
      for (double eps : spec.epsilons()) {
        m.validate(params(spec, data, eps));
      }
      mechanisms.add(m);
    }
    ProtocolRunner runner = new ProtocolRunner(data, spec.protocol());
    List<CellResult> out = new ArrayList<>();
    for (long seed : spec.seeds()) {
      for (EmbeddingMechanism m : mechanisms) {
        for (double eps : spec.epsilons()) {
          CellResult r = runner.run(m, params(spec, data, eps), seed, listener);
          out.add(r);
          listener.cellFinished(r);
        }
      }
      runner.clearServerCache();
    }
    return out;
  }

  /** The parameters of a cell: the spec's builder at (ε, δ). */
  public static MechanismParams params(RunSpec spec, FeatureSet data, double epsilon) {
    return spec.params().build(epsilon, spec.delta());
  }
}
