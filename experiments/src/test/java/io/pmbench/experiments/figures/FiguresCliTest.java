package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.Pmbench;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.HtmlReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The figure commands end to end on small synthetic data: resume, refusal of a changed config, report. */
class FiguresCliTest {
  static final String DATA = "synthetic:n=300,d=16,classes=5,spread=0.3,seed=3";
  static final List<String> FILES = List.of("results.csv", "summary.csv", "fig6.csv");

  record Outcome(int exit, String out, String err) {}

  static Outcome execute(String... args) {
    CommandLine cl = Pmbench.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return new Outcome(cl.execute(args), out.toString(), err.toString());
  }

  static String[] fig6(Path dir, String... extra) {
    List<String> a = new ArrayList<>(List.of("fig6", "--dataset", DATA, "--public", "60", "--queries", "40", "--seeds",
        "2", "--mechanisms", "features,smlq,privatemail,label-only,random", "--epsilon", "0.1,1", "--out",
        dir.toString()));
    a.addAll(Arrays.asList(extra));
    return a.toArray(new String[0]);
  }

  @Test
  void fig6_resumedAfterLosingCells_sameResultsAsUninterrupted(@TempDir Path tmp) throws Exception {
    // fails if a resumed run recomputes finished cells, double-counts one, or gives other numbers
    Outcome a = execute(fig6(tmp.resolve("a")));
    assertEquals(0, a.exit(), a.err());
    Outcome b = execute(fig6(tmp.resolve("b"), "--parallel", "1"));
    assertEquals(0, b.exit(), b.err());
    Path cells = tmp.resolve("b").resolve("cells");
    List<Path> files;
    try (var s = Files.list(cells)) {
      files = s.sorted().toList();
    }
    Files.delete(files.get(0));
    Files.delete(files.get(files.size() - 1));
    Files.writeString(cells.resolve("." + files.get(0).getFileName() + ".4242-1.tmp"), "{\"trunc");
    Outcome c = execute(fig6(tmp.resolve("b"), "--parallel", "3"));
    assertEquals(0, c.exit(), c.err());
    assertTrue(c.err().contains("2 cells computed, " + (files.size() - 2) + " reused"), c.err());
    for (String f : FILES) {
      assertArrayEquals(Files.readAllBytes(tmp.resolve("a").resolve(f)), Files.readAllBytes(tmp.resolve("b").resolve(f)),
          f + " differs between the uninterrupted and the resumed run");
    }
    assertTrue(Files.readString(tmp.resolve("a").resolve("fig6.csv")).contains("epsilon-independent"));
    // the stopwatch: both invocations of b logged, finished, their elapsed time in the report
    var elapsed = io.pmbench.experiments.sweep.InvocationLog.read(tmp.resolve("b"));
    assertEquals(List.of("finished", "finished"),
        elapsed.invocations().stream().map(io.pmbench.experiments.sweep.InvocationLog.Invocation::status).toList());
    assertTrue(c.err().contains("elapsed over the run's 2 invocations"), c.err());
    String provenance = Files.readString(tmp.resolve("b").resolve("provenance.json"));
    assertTrue(provenance.contains("\"commitsAllInvocations\""), provenance);
    assertEquals(1, elapsed.commits().size(), "both invocations ran the same code: " + elapsed.commits());
    assertTrue(provenance.contains(elapsed.commits().get(0)), provenance);
    assertTrue(Files.readString(tmp.resolve("b").resolve("report.html")).contains(elapsed.describe()));
  }

  @Test
  void fig6_changedConfiguration_oneLineRefusalThenFreshWorks(@TempDir Path tmp) {
    assertEquals(0, execute(fig6(tmp)).exit());
    Outcome o = execute(fig6(tmp, "--sigma", "5"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    String last = o.err().strip().lines().reduce((x, y) -> y).orElse("");
    assertTrue(last.contains("another configuration") && last.contains("--fresh"), o.err());
    assertEquals(0, execute(fig6(tmp, "--sigma", "5", "--fresh")).exit());
  }

  @Test
  void report_regeneratesFromCellsWithoutRecomputing(@TempDir Path tmp) throws Exception {
    assertEquals(0, execute(fig6(tmp)).exit());
    byte[] csv = Files.readAllBytes(tmp.resolve("fig6.csv"));
    Files.delete(tmp.resolve("report.html"));
    Files.delete(tmp.resolve("fig6.png"));
    Files.delete(tmp.resolve("fig6.csv"));
    Outcome o = execute("report", tmp.toString());
    assertEquals(0, o.exit(), o.err());
    assertArrayEquals(csv, Files.readAllBytes(tmp.resolve("fig6.csv")));
    String html = Files.readString(tmp.resolve("report.html"));
    assertTrue(html.contains("data:image/png;base64,") && html.contains("Label caveat")
        && html.contains("Reproducing this report"), "report must carry its figures, the caveat and how to rerun it");
    // fails if the report loads anything (image, style, script, font) from outside the file
    assertEquals(List.of(), HtmlReport.externalReferences(html));
    assertFalse(html.contains("://"), "no URL of any scheme in the report");
    assertTrue(Files.size(tmp.resolve("fig6.svg")) > 1000);
  }

  @Test
  void report_ofAnUnfinishedRun_saysSoUntilTheRunIsResumedToTheEnd(@TempDir Path tmp) throws Exception {
    // fails if a report drawn from part of a grid reads like a finished run, or keeps saying so after the resume
    Outcome done = execute(fig6(tmp));
    assertEquals(0, done.exit(), done.err());
    assertFalse(done.out().contains("INCOMPLETE"), done.out());
    Path cells = tmp.resolve("cells");
    List<Path> files;
    try (var s = Files.list(cells)) {
      files = s.sorted().toList();
    }
    int grid = files.size();
    Files.delete(files.get(0));
    // an invocation that started and was killed before its end: a start and one heartbeat, no end
    Files.writeString(tmp.resolve(io.pmbench.experiments.sweep.InvocationLog.FILE),
        "{\"event\":\"start\",\"invocation\":9,\"at\":\"2026-11-24T10:00:00Z\",\"commandLine\":\"pmbench fig6\","
            + "\"commit\":\"abc\",\"pendingQueries\":40,\"gridCells\":" + grid + "}\n"
            + "{\"event\":\"beat\",\"invocation\":9,\"at\":\"2026-11-24T10:01:00Z\",\"queries\":3}\n",
        java.nio.file.StandardOpenOption.APPEND);

    Outcome partial = execute("report", tmp.toString());
    assertEquals(0, partial.exit(), partial.err());
    String first = partial.out().lines().findFirst().orElse("");
    assertTrue(first.startsWith("INCOMPLETE RUN: " + (grid - 1) + " of " + grid + " cells stored; invocation 9 stopped"
        + " before finishing") && first.contains("2026-11-24T10:01:00Z") && first.contains("pmbench fig6"), first);
    String html = Files.readString(tmp.resolve("report.html"));
    assertTrue(html.contains("INCOMPLETE RUN: " + (grid - 1) + " of " + grid), "the report must open with the warning");

    Outcome resumed = execute(fig6(tmp));
    assertEquals(0, resumed.exit(), resumed.err());
    assertTrue(resumed.err().contains("1 cells computed, " + (grid - 1) + " reused"), resumed.err());
    assertFalse(resumed.out().contains("INCOMPLETE"), resumed.out());
    assertFalse(Files.readString(tmp.resolve("report.html")).contains("INCOMPLETE"));
  }

  @Test
  void fig3_cellOfOnePlusT_equalsFig6SmlqCell(@TempDir Path tmp) throws Exception {
    // fig3's cell at t = 1 + T must be exactly fig6's smlq cell: same server iterate, same query streams
    assertEquals(0, execute("fig3", "--dataset", DATA, "--public", "60", "--queries", "40", "--seeds", "1",
        "--max-iterations", "6", "--out", tmp.resolve("f3").toString()).exit());
    assertEquals(0, execute("fig6", "--dataset", DATA, "--public", "60", "--queries", "40", "--seeds", "1",
        "--mechanisms", "smlq", "--epsilon", "0.1", "--out", tmp.resolve("f6").toString()).exit());
    CellRecord f3 = CellRecord.parse(Files.readString(tmp.resolve("f3/cells").resolve(
        new CellKey("synthetic", "smlq", "t=06", 0.1, 1).fileName().replace("synthetic", dataName(tmp)))));
    CellRecord f6 = CellRecord.parse(Files.readString(tmp.resolve("f6/cells").resolve(
        new CellKey(dataName(tmp), "smlq", "", 0.1, 1).fileName())));
    assertArrayEquals(f6.queryIndices(), f3.queryIndices());
    for (int q = 0; q < f6.queries(); q++) {
      assertArrayEquals(f6.hits()[q], f3.hits()[q], "query " + q);
    }
    String trace = Files.readString(tmp.resolve("f3/fig3.csv"));
    assertTrue(trace.startsWith("t,R@8"), trace);
  }

  private static String dataName(Path tmp) throws Exception {
    try (var s = Files.list(tmp.resolve("f6/cells"))) {
      String f = s.findFirst().orElseThrow().getFileName().toString();
      return f.substring(0, f.indexOf("_smlq"));
    }
  }

  @Test
  @Tag("slow") // about 15 s on 2 cores: fig3's 15 iterations x 2 seeds plus fig6 and fig7
  void claims_smallRun_everyRowHasAVerdict(@TempDir Path tmp) throws Exception {
    Outcome o = execute("claims", "--dataset", DATA, "--public", "60", "--queries", "30", "--seeds", "2",
        "--mechanisms", "features,smlq,privatemail,label-only,random", "--epsilon", "0.1,1", "--parts",
        "fig3,fig6,fig7,ids,attack", "--out", tmp.toString());
    assertEquals(0, o.exit(), o.err());
    List<String> lines = Files.readAllLines(tmp.resolve("claims.csv"));
    assertTrue(lines.size() > 10, lines.toString());
    for (String line : lines.subList(1, lines.size())) {
      assertTrue(line.contains("," + ClaimRow.REPRODUCED + ",") || line.contains("," + ClaimRow.NOT_REPRODUCED + ",")
          || line.contains("," + ClaimRow.CANNOT_TEST + ",") || line.contains("," + ClaimRow.UNDECIDED + ",")
          || line.contains("," + Ceilings.EXCEEDS + ",") || line.contains("," + Ceilings.WITHIN + ","), line);
    }
    String claims = Files.readString(tmp.resolve("claims.csv"));
    assertTrue(claims.contains("features-matter"));
    // the ids and attack parts ran, so their rows are judged rather than "cannot test here"
    assertTrue(Files.exists(tmp.resolve("ids").resolve("run.json")));
    assertTrue(Files.exists(tmp.resolve("attack").resolve("attack.csv")));
    for (String id : List.of("label-ids-collide", "dummies-hide-class", "label-is-the-recall")) {
      String row = lines.stream().filter(l -> l.startsWith(id + ",")).findFirst().orElseThrow(() -> new AssertionError(id));
      assertTrue(id.equals("label-is-the-recall") || !row.contains(ClaimRow.CANNOT_TEST), row);
    }
    assertTrue(Files.exists(tmp.resolve("fig7").resolve("fig7-eps0.1-after.png")));
    assertTrue(Files.exists(tmp.resolve("table2.csv")));
  }
}
