package io.pmbench.experiments.cli;

import io.pmbench.core.ParameterException;
import java.util.Map;
import java.util.Optional;

/**
 * The one table from the parameter names of core, datasets and filter ({@link ParameterException})
 * to the flags of this command line, so that a message raised below the command line names the
 * flag a user typed: {@code epsilon must be > 0} becomes {@code --epsilon must be > 0}.
 */
final class ParameterFlags {
  private static final Map<String, String> FLAG = Map.ofEntries(
      Map.entry("epsilon", "--epsilon"),
      Map.entry("delta", "--delta"),
      Map.entry("sigma", "--sigma"),
      Map.entry("alpha", "--alpha"),
      Map.entry("k", "--k"),
      Map.entry("sigmaQ", "--sigma-q"),
      Map.entry("iterations", "--iterations"),
      Map.entry("option", "--option"),
      Map.entry("index", "--index"),
      Map.entry("encoder", "--encoder"),
      Map.entry("vaeEpochs", "--vae-epochs"),
      Map.entry("vaeModel", "--vae-model"),
      Map.entry("images", "--images"),
      Map.entry("dataset", "--dataset"),
      Map.entry("dataDir", "--data-dir"),
      Map.entry("noiseSource", "--noise-source"));

  private ParameterFlags() {}

  /** The flag that sets {@code parameter}, if the command line has one. */
  static Optional<String> flag(String parameter) {
    return Optional.ofNullable(FLAG.get(parameter));
  }

  /** An option's line of {@code pmbench mechanisms NAME}, with the flag that also sets it when there is one. */
  static String optionLine(io.pmbench.core.mechanism.OptionSpec<?> o) {
    return o.line() + flag(o.name()).map(f -> " (set by " + f + ")").orElse("");
  }

  /** {@code e}'s message with every parameter it names written as its flag (as is when it has none). */
  static String message(ParameterException e) {
    return e.message(name -> FLAG.getOrDefault(name, name));
  }
}
