package io.pmbench.experiments.cli;

import picocli.CommandLine.Option;

/**
 * {@code --verbose}: stack traces with errors. {@link Pmbench} reads it from the arguments as
 * given (an error may come before any option is bound); the option makes it known and listed.
 */
public final class VerboseOption {
  @Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;
}
