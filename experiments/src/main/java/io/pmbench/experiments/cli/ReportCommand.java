package io.pmbench.experiments.cli;

import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditReport;
import io.pmbench.experiments.audit.AuditResults;
import io.pmbench.experiments.audit.AuditRow;
import io.pmbench.experiments.figures.Reports;
import io.pmbench.experiments.sweep.RunCheck;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code pmbench report DIR}: redraws a run directory's report from its stored cells. */
@Command(name = "report", mixinStandardHelpOptions = true,
    header = "Regenerates a run directory's report from its cells.",
    description = {"Regenerates the figures, CSV files and report.html of a run directory from its stored cells, "
        + "without recomputing anything (an audit folder's report.html from its audit.csv)."})
public final class ReportCommand extends CliCommand {
  @Parameters(paramLabel = "DIR", description = "A run directory (it holds run.json and cells/), or a pmbench audit folder.")
  Path dir;

  @CommandLine.Mixin
  VerboseOption verbose = new VerboseOption();

  @CommandLine.Option(names = "--accept-modified", description = "Draw the report even when cells do not verify "
      + "(pmbench verify DIR names them); a warning says so.")
  boolean acceptModified;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    PrintWriter err = err();
    boolean hasManifest = Files.exists(dir.resolve("run.json"));
    if (Files.exists(dir.resolve(AuditResults.FILE)) && (!hasManifest || Files.exists(dir.resolve(AuditFolder.SETTINGS)))) {
      if (hasManifest) { // an audit's own folder (cells): drawn only from cells that verify
        RunCheck.require(dir, acceptModified, w -> {
          err.println("pmbench: " + w);
          err.flush();
        });
      }
      List<AuditRow> rows = AuditResults.read(dir.resolve(AuditResults.FILE));
      rows.forEach(r -> out.println(r.summary()));
      String command = AuditFolder.storedCommand(dir).orElse("pmbench audit --out " + dir);
      out.println("Report: " + AuditReport.writePage(dir, rows, command).toAbsolutePath());
      out.flush();
      return 0;
    }
    RunCheck.require(dir, acceptModified, w -> {
      err.println("pmbench: " + w);
      err.flush();
    });
    out.println(Reports.render(dir));
    out.println("Report: " + Reports.reportFile(dir).toAbsolutePath());
    out.flush();
    return 0;
  }
}
