package io.pmbench.experiments.sweep;

import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import java.util.List;

/**
 * A grid of cells: one data set × mechanisms × ε × seeds under one preset and protocol.
 *
 * @param dataset the data-set spec (name or name:argument)
 * @param mechanisms mechanism names, in report order
 * @param preset the fidelity preset
 * @param epsilons the ε values
 * @param delta δ
 * @param seeds the run seeds
 * @param protocol the protocol settings
 * @param params the preset builder carrying every override
 */
public record RunSpec(
    String dataset,
    List<String> mechanisms,
    Preset preset,
    List<Double> epsilons,
    double delta,
    List<Long> seeds,
    ProtocolConfig protocol,
    Preset.Builder params) {
  public RunSpec {
    mechanisms = List.copyOf(mechanisms);
    epsilons = List.copyOf(epsilons);
    seeds = List.copyOf(seeds);
    if (mechanisms.isEmpty()) {
      throw new IllegalArgumentException("mechanisms must not be empty. Provided value: []");
    }
    if (epsilons.isEmpty()) {
      throw new IllegalArgumentException("epsilon list must not be empty. Provided value: []");
    }
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("seeds must not be empty. Provided value: []");
    }
  }

  /** Number of cells in the grid. */
  public int cells() {
    return mechanisms.size() * epsilons.size() * seeds.size();
  }
}
