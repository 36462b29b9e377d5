package io.pmbench.experiments.cli;

import io.pmbench.experiments.sweep.RunCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench verify DIR}: names every cell of a run directory that does not verify
 * ({@link RunCheck}). Exit code 0 when all verify, 1 when any does not (or the run is unhashed),
 * 2 for bad input (not a run directory).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    header = "Checks that a run directory's cells are unmodified.",
    description = {"Checks that the cells of a run directory are those its runs wrote: each cell's SHA-256 against its "
        + "content and against run.json. Names every cell that does not verify. Exit code 0 when all verify, 1 when "
        + "any does not or the run predates cell hashes, 2 for bad input. An audit, attack-dummies or filter "
        + "folder lists its result files' SHA-256 too, and each is checked against its content."})
public final class VerifyCommand extends CliCommand {
  /** Exit code when a cell does not verify (2 stays bad input). */
  public static final int EXIT_NOT_VERIFIED = 1;

  @Parameters(paramLabel = "DIR", description = "A run directory (it holds run.json and cells/).")
  Path dir;

  @CommandLine.Option(names = "--rehash", description = "For a run made before cell hashes only: stamp each cell's "
      + "SHA-256, as the cell is now, into the cell and run.json (says what it does first).")
  boolean rehash;

  @CommandLine.Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    if (rehash) {
      RunCheck.rehash(dir, out::println);
    }
    java.util.Optional<String> legacy = RunCheck.legacy(dir);
    if (legacy.isPresent()) {
      out.println(legacy.get());
      out.flush();
      return EXIT_NOT_VERIFIED;
    }
    RunCheck check = RunCheck.of(dir);
    check.problems().forEach(p -> out.println(dir.resolve(p.substring(0, p.indexOf(':'))) + p.substring(p.indexOf(':'))));
    out.println(check.summary());
    out.flush();
    return check.verified() ? 0 : EXIT_NOT_VERIFIED;
  }
}
