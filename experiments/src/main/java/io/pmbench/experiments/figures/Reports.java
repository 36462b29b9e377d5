package io.pmbench.experiments.figures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.InvocationLog;
import io.pmbench.reports.HtmlReport;
import io.pmbench.reports.ResultWriter;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Draws a run directory's report from its stored cells (no recomputation). */
public final class Reports {
  private Reports() {}

  /**
   * The view of a run directory as the command that last wrote it asked for it: manifest,
   * provenance and the stored cells of its grid ({@link RunView#inLastGrid}).
   */
  public static RunView view(Path dir) throws IOException {
    return allCells(dir).inLastGrid();
  }

  /** The view of a run directory with every stored cell, whatever grid asked for it. */
  public static RunView allCells(Path dir) throws IOException {
    CellStore store = CellStore.read(dir);
    Map<CellKey, CellRecord> cells = new LinkedHashMap<>();
    for (CellRecord r : store.all()) {
      cells.put(r.key(), r);
    }
    Path prov = dir.resolve(ResultWriter.PROVENANCE_JSON);
    JsonNode p = Files.exists(prov) ? new ObjectMapper().readTree(Files.readString(prov)) : MissingNode.getInstance();
    return new RunView(dir, store.manifest(), cells, p);
  }

  /**
   * Renders {@code dir}'s report (CSV files, figures, report.html); returns the console text. Both
   * are marked when the run used the approximate IVF index, and both open with a warning when
   * the run has not finished ({@link #incomplete}).
   */
  public static String render(Path dir) throws IOException {
    RunView all = allCells(dir);
    RunView v = all.inLastGrid();
    Experiment e = Experiments.of(v.manifest());
    boolean ivf = ReportPages.approximateIndex(v);
    Optional<String> incomplete = incomplete(v);
    HtmlReport html = new HtmlReport(e.title() + " - " + v.dataset() + " (" + v.preset() + " preset"
        + (ivf ? ", IVF index" : "") + (incomplete.isPresent() ? ", INCOMPLETE" : "") + ")");
    incomplete.ifPresent(line -> html.callout("warn", line));
    int beyond = all.cells().size() - v.cells().size();
    Optional<String> outside = beyond == 0 ? Optional.empty() : Optional.of(beyond + " stored cells outside the "
        + "last command's grid are kept in cells/ (reused when asked for again) and left out of these tables and "
        + "figures");
    outside.ifPresent(line -> html.callout("note", line));
    html.callout(ReportPages.noiseOrigin(v).reproducible() ? "note" : "warn", ReportPages.noiseLine(v));
    e.render(v, html);
    ReportPages.audit(v, html);
    AtomicFiles.write(dir.resolve(ReportPages.REPORT), out -> out.write(html.render()));
    return incomplete.map(line -> line + "\n").orElse("") + ReportPages.noiseLine(v) + "\n"
        + outside.map(line -> line + "\n").orElse("") + (ivf ? ReportPages.IVF_NOTE + "\n" : "") + e.console(v);
  }

  /**
   * Why a run's report does not cover its whole grid, in one line: the cells stored (of the
   * grid's, when the log records that number), how its last invocation ended, and the command
   * that resumes it. Empty when the last invocation finished, or when the directory has no
   * invocation log (nothing says the run is unfinished).
   */
  public static Optional<String> incomplete(RunView v) throws IOException {
    List<InvocationLog.Invocation> inv = InvocationLog.read(v.dir()).invocations();
    if (inv.isEmpty()) {
      return Optional.empty();
    }
    InvocationLog.Invocation last = inv.get(inv.size() - 1);
    if (last.status().equals(InvocationLog.FINISHED)) {
      return Optional.empty();
    }
    String how = last.status().equals(InvocationLog.KILLED)
        ? "stopped before finishing (killed, or still running; last heartbeat " + last.last() + ")"
        : "ended with " + last.status();
    return Optional.of("INCOMPLETE RUN: " + v.cells().size() + (last.gridCells() > 0 ? " of " + last.gridCells() : "")
        + " cells stored; invocation " + last.id() + " " + how + ". Tables and figures cover the stored cells only"
        + " (a missing cell is blank; a mean may be over fewer seeds than the grid's). The same command resumes it: "
        + v.manifest().commandLine());
  }

  /** The report file of a run directory. */
  public static Path reportFile(Path dir) {
    return dir.resolve(ReportPages.REPORT);
  }

}
