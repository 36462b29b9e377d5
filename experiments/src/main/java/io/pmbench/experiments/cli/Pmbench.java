package io.pmbench.experiments.cli;

import io.pmbench.core.ParameterException;
import io.pmbench.core.data.InvalidDataException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code pmbench} command line. Errors a user can fix (bad option, bad file) are printed as
 * one line on stderr with exit code 2; {@code --verbose} adds the stack trace.
 */
@Command(name = "pmbench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Reproduces, audits and extends PrivateMail (private supervised manifold learning for image "
        + "retrieval): Recall@K of the client/server retrieval protocol at a stated (epsilon, delta)."},
    subcommands = {RunCommand.class, Fig6Command.class, Fig5Command.class, Fig3Command.class, Fig7Command.class,
        Table2Command.class, ClaimsCommand.class, ReportCommand.class, CompareCommand.class, VerifyCommand.class, AuditCommand.class,
        ReleaseCommand.class,
        AttackDummiesCommand.class, MechanismsCommand.class, DatasetsCommand.class, FeaturesCommand.class,
        FilterCommand.class,
        CommandLine.HelpCommand.class})
public final class Pmbench implements Runnable {
  /** Exit code for bad input (options, files). */
  public static final int EXIT_BAD_INPUT = 2;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * The command line a reader can paste to rerun {@code command}: "pmbench" and the arguments as
   * given. picocli's original arguments already hold the subcommand's name when it was reached
   * through {@code pmbench}; it is added only when they do not.
   */
  public static String invocation(CommandLine command) {
    List<String> args = command.getParseResult().originalArgs();
    String name = command.getCommandName();
    boolean named = args.stream().filter(a -> !a.startsWith("-")).findFirst().map(name::equals).orElse(false);
    return ("pmbench " + (named ? "" : name + " ") + String.join(" ", args)).strip();
  }

  /** A configured command line (used by main and by tests). */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Pmbench());
    cl.setUsageHelpWidth(HELP_WIDTH);
    cl.setUsageHelpAutoWidth(false);
    cl.setParameterExceptionHandler(Pmbench::badParameter);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      boolean verbose = parseResult.originalArgs().contains("--verbose");
      if (ex instanceof io.pmbench.experiments.orchestration.RunPipeline.RecheckFailed) {
        ex.getMessage().lines().forEach(line -> err.println("pmbench: " + line));
        err.flush();
        return 1;
      }
      if (ex instanceof IllegalArgumentException || ex instanceof InvalidDataException
          || ex instanceof IllegalStateException || ex instanceof java.io.UncheckedIOException
          || ex instanceof java.io.IOException) {
        String message = ex instanceof ParameterException p ? ParameterFlags.message(p) : String.valueOf(ex.getMessage());
        boolean flagged = message.startsWith("--")
            || ex instanceof ParameterException p && ParameterFlags.flag(p.parameter()).isPresent();
        err.println("pmbench: " + message + (flagged ? helpHint(commandLine) : ""));
        if (verbose) {
          ex.printStackTrace(err);
        }
        err.flush();
        return EXIT_BAD_INPUT;
      }
      err.println("pmbench: internal error: " + ex);
      ex.printStackTrace(err);
      err.flush();
      return 1;
    });
    cl.setExecutionStrategy(parseResult -> {
      try {
        return new CommandLine.RunLast().execute(parseResult);
      } catch (OutOfMemoryError e) {
        return outOfMemory(parseResult, e);
      }
    });
    return cl;
  }

  /** Columns of {@code --help} text (fixed, so help reads the same in every terminal and in tests). */
  public static final int HELP_WIDTH = 80;

  /**
   * A bad option or value (unknown option, {@code --epsilon abc}): one line and where to look,
   * not the whole usage text; exit {@link #EXIT_BAD_INPUT}.
   */
  private static int badParameter(CommandLine.ParameterException ex, String[] args) {
    CommandLine cl = ex.getCommandLine();
    PrintWriter err = cl.getErr();
    err.println("pmbench: " + String.valueOf(ex.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip() + helpHint(cl));
    if (java.util.Arrays.asList(args).contains("--verbose")) {
      ex.printStackTrace(err);
    }
    err.flush();
    return EXIT_BAD_INPUT;
  }

  /** {@code " (see pmbench run --help)"} for the command a message is about. */
  private static String helpHint(CommandLine cl) {
    return " (see " + cl.getCommandSpec().qualifiedName() + " --help)";
  }

  /**
   * An {@link OutOfMemoryError} anywhere (a load names its file through {@link InvalidDataException}
   * instead): one line and {@link #EXIT_BAD_INPUT}. Results are written to a temporary file and
   * renamed, so nothing half-written is left behind.
   */
  private static int outOfMemory(CommandLine.ParseResult parseResult, OutOfMemoryError e) {
    CommandLine cl = parseResult.commandSpec().commandLine();
    PrintWriter err = cl.getErr();
    err.println("pmbench: out of memory (Java heap at most " + (Runtime.getRuntime().maxMemory() >> 20)
        + " MiB); raise -Xmx or use a smaller input");
    if (parseResult.originalArgs().contains("--verbose")) {
      e.printStackTrace(err);
    }
    err.flush();
    return EXIT_BAD_INPUT;
  }

  public static void main(String[] args) {
    // Smile's t-SNE logs every 100 iterations at INFO; keep the console for progress and results.
    if (System.getProperty("org.slf4j.simpleLogger.log.smile") == null) {
      System.setProperty("org.slf4j.simpleLogger.log.smile", "warn");
    }
    System.exit(commandLine().execute(args));
  }
}
