package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.Pmbench;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the console and the report say about a run: tables that fit, captions true of their charts. */
class ReportTextTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

  /** A copy of a stored run's run.json, cells and logs (not its servers), so rendering leaves results/ alone. */
  private static Path copyOfStoredRun(String run, Path tmp) throws IOException {
    Path from = ROOT.resolve(run);
    Path to = Files.createDirectories(tmp.resolve("run").resolve("cells"));
    for (String f : List.of("run.json", "provenance.json", "invocations.jsonl")) {
      Files.copy(from.resolve(f), to.getParent().resolve(f));
    }
    try (Stream<Path> cells = Files.list(from.resolve("cells"))) {
      for (Path c : cells.toList()) {
        Files.copy(c, to.resolve(c.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    return to.getParent();
  }

  @Test
  void fig6Console_storedOmniglotRun_epsilonDownTheRowsWithinOneHundredColumns(@TempDir Path tmp) throws IOException {
    String console = Reports.render(copyOfStoredRun("results/omniglot/paper/fig6", tmp));
    console.lines().forEach(l -> assertTrue(l.length() <= Fig6.CONSOLE_WIDTH, "wider than 100: " + l));
    List<String> rows = console.lines().filter(l -> l.matches(" *0\\.05  .*")).toList();
    assertEquals(2, rows.size(), "eight eps-dependent mechanisms in two blocks, eps 0.05 a row of each:\n" + console);
    assertTrue(console.contains("features (eps-independent, every epsilon): 0.680 ["), console);
  }

  @Test
  void fig6Report_paperPreset_markerLabelAndCaptionTrueOfTheChart(@TempDir Path tmp) throws IOException {
    Path dir = copyOfStoredRun("results/omniglot/paper/fig6", tmp);
    Reports.render(dir);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("ANALYTIC (the dashed vertical line at epsilon = 1)"), "caption of the marker");
    assertTrue(html.contains("drawn as dashed reference lines"), "the chart has eps-independent reference lines");
  }

  @Test
  void runReport_oneEpsilon_captionPromisesNoReferenceLinesAndStatesThePairedRuleOnce(@TempDir Path tmp)
      throws IOException {
    // with one epsilon the chart is Recall@K against K: no reference lines, so the caption must not name them
    Path dir = tmp.resolve("r");
    StringWriter out = new StringWriter();
    int exit = Pmbench.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(new StringWriter()))
        .execute("run", "--dataset", "synthetic:n=300,d=16,classes=5,spread=0.3,seed=3", "--public", "60",
            "--queries", "40", "--epsilon", "0.5", "--seeds", "2", "--mechanisms", "features,random", "--out",
            dir.toString());
    assertEquals(0, exit, out.toString());
    String html = Files.readString(dir.resolve("report.html"));
    assertFalse(html.contains("dashed reference lines"), "the caption promises lines the chart lacks");
    assertEquals(1, html.split("Verdict on &quot;A beats B&quot;|Verdict on \"A beats B\"", -1).length - 1,
        "the verdict rule once");
    assertTrue(html.contains("<th>verdict</th>"), "the paired differences as a table");
  }
}
