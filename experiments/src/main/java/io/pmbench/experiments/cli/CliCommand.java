package io.pmbench.experiments.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * What every {@code pmbench} command has: its picocli spec, and the writers it prints to (results
 * on standard output, progress and warnings on standard error; tests capture both).
 */
@CommandLine.Command
abstract class CliCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  /** Standard output of this command line. */
  PrintWriter out() {
    return cmd.commandLine().getOut();
  }

  /** Standard error of this command line. */
  PrintWriter err() {
    return cmd.commandLine().getErr();
  }
}
