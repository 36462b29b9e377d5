package io.pmbench.experiments.cli;

import picocli.CommandLine.Option;

/** {@code --seed}: the one root seed every random stream of a command is split from. */
public final class RootSeedOption {
  @Option(names = "--seed", defaultValue = "1", description = "Root seed. Default: ${DEFAULT-VALUE}.")
  long seed;
}
