package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Reports;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code pmbench report DIR}: redraws a run directory's report from its stored cells. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Regenerates the figures, CSV files and report.html of a run directory from its stored cells,",
        "without recomputing anything."})
public final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Parameters(paramLabel = "DIR", description = "A run directory (it holds run.json and cells/).")
  Path dir;

  @CommandLine.Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = cmd.commandLine().getOut();
    out.println(Reports.render(dir));
    out.println("Report: " + Reports.reportFile(dir).toAbsolutePath());
    out.flush();
    return 0;
  }
}
