package io.pmbench.experiments.sweep;

import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import java.io.Serializable;
import java.util.List;

/**
 * The configuration a grid's cells depend on, as one serialisable value: the data set as given,
 * the preset and every parameter override, δ, the protocol and the seeds. Together with the
 * loaded data set and the mechanism registry it is a {@link GridSetup} ({@link GridSetup#of}); a
 * distributed engine ships it to its workers ({@link GridRecipe}).
 *
 * @param datasetSpec the data set as given on the command line
 * @param preset the fidelity preset
 * @param params the preset builder carrying every override
 * @param delta δ of every private mechanism
 * @param protocol the protocol settings
 * @param seeds run seeds, in order
 */
public record Grid(String datasetSpec, Preset preset, Preset.Builder params, double delta, ProtocolConfig protocol,
    List<Long> seeds) implements Serializable {
  private static final long serialVersionUID = 1L;

  public Grid {
    seeds = List.copyOf(seeds);
  }
}
