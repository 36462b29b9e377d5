package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code pmbench run} command end to end on small synthetic data. */
class RunCommandTest {
  static final String DATA = "synthetic:n=300,d=16,classes=5,spread=0.3,seed=3";

  record Outcome(int exit, String out, String err) {}

  static Outcome execute(String... args) {
    CommandLine cl = Pmbench.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(args);
    return new Outcome(exit, out.toString(), err.toString());
  }

  static String[] smallRun(Path dir, String... extra) {
    List<String> args = new ArrayList<>(List.of("run", "--dataset", DATA, "--public", "60", "--queries", "40",
        "--epsilon", "0.5", "--out", dir.toString()));
    args.addAll(List.of(extra));
    if (!args.contains("--seeds")) {
      args.addAll(List.of("--seeds", "2"));
    }
    return args.toArray(new String[0]);
  }

  @Test
  void names_all_leavesOutReferencesWhichRunWhenNamed() {
    // Fails if "all" (fig6's default) runs tsne-smile, the slow reference tsne was made to replace.
    MechanismRegistry registry = MechanismRegistry.discover();

    List<String> all = RunCommand.names(List.of("all"), registry);

    assertTrue(all.contains("tsne"), all.toString());
    assertFalse(all.contains("tsne-smile"), all.toString());
    assertEquals(List.of("tsne-smile"), RunCommand.names(List.of("tsne-smile"), registry));
  }

  @Test
  void run_sameSeedTwice_identicalResultFiles(@TempDir Path tmp) throws Exception {
    // fails if any randomness escapes the seed (unseeded RNG, thread-order dependence, HashMap order)
    Outcome a = execute(smallRun(tmp.resolve("a")));
    Outcome b = execute(smallRun(tmp.resolve("b")));
    assertEquals(0, a.exit(), a.err());
    assertEquals(0, b.exit(), b.err());
    for (String f : List.of("results.csv", "summary.csv")) {
      assertArrayEquals(Files.readAllBytes(tmp.resolve("a").resolve(f)), Files.readAllBytes(tmp.resolve("b").resolve(f)),
          f + " differs between identical runs");
    }
    String results = Files.readString(tmp.resolve("a").resolve("results.csv"));
    for (String m : RunCommand.DEFAULT_MECHANISMS.split(",")) {
      assertTrue(results.contains("," + m + ","), m + " missing from results.csv");
    }
    assertTrue(Files.exists(tmp.resolve("a").resolve("provenance.json")));
    assertTrue(Files.readString(tmp.resolve("a").resolve("timings.csv")).startsWith("dataset,mechanism"));
    assertTrue(a.out().contains("privatemail") && a.out().contains("Results: "), a.out());
    // the recorded command line is one a reader can paste: "pmbench run --...", not "pmbench run run --..."
    String expected = "pmbench " + String.join(" ", smallRun(tmp.resolve("a")));
    assertTrue(Files.readString(tmp.resolve("a").resolve("run.json")).contains("\"" + expected.replace("\\", "\\\\")
        + "\""), "run.json must record " + expected);
  }

  @Test
  void run_twoEpsilons_epsilonFreeMechanismsOncePerSeedAndSaid(@TempDir Path tmp) {
    // random reads no epsilon: 2 seeds x 1 cell, privatemail 2 seeds x 2 epsilons. Fails if the
    // epsilon-free cells are recomputed at each epsilon or if the output hides that they were not.
    Outcome o = execute(smallRun(tmp.resolve("a"), "--mechanisms", "random,privatemail", "--epsilon", "0.5,0.9"));
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("6 cells (0 already in"), o.err());
    assertTrue(o.out().contains("random: epsilon-independent (the release does not depend on epsilon), run once per seed at eps=0.5"),
        o.out());
  }

  @Test
  void run_noiseSourceSystemTwice_differentResultsMarkedNotReproducible(@TempDir Path tmp) throws Exception {
    // Privacy-relevant: fails if --noise-source system noise were still a function of the public
    // seeds (two runs would then agree byte for byte, as seeded ones do). 40 queries x 2 seeds of
    // privatemail at eps 0.5: all 80 hit bits agreeing by chance is below 1e-6.
    Outcome a = execute(smallRun(tmp.resolve("a"), "--mechanisms", "privatemail", "--noise-source", "system"));
    Outcome b = execute(smallRun(tmp.resolve("b"), "--mechanisms", "privatemail", "--noise-source", "system"));
    assertEquals(0, a.exit(), a.err());
    assertEquals(0, b.exit(), b.err());
    assertFalse(Files.readString(tmp.resolve("a").resolve("results.csv"))
        .equals(Files.readString(tmp.resolve("b").resolve("results.csv"))));
    String statement = io.pmbench.core.random.NoiseOrigin.SYSTEM_STATEMENT;
    assertTrue(a.err().contains("noise source system: " + statement), a.err());
    assertTrue(a.out().contains(statement), a.out());
    assertTrue(Files.readString(tmp.resolve("a").resolve("report.html")).contains("results not reproducible"));
    assertTrue(Files.readString(tmp.resolve("a").resolve("provenance.json")).contains("noise source system"));
    try (var cells = Files.list(tmp.resolve("a").resolve("cells"))) {
      Path cell = cells.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
      assertTrue(Files.readString(cell).contains("\"noiseSource\" : \"system\""), cell.toString());
    }
  }

  @Test
  void run_noiseSourceChangedInTheSameDirectory_notResumedIntoIt(@TempDir Path tmp) throws Exception {
    // Fails if a system run could be resumed into a seeded directory (mixing reproducible and
    // unreproducible cells under one fingerprint).
    assertEquals(0, execute(smallRun(tmp, "--mechanisms", "privatemail", "--seeds", "1")).exit());
    Outcome o = execute(smallRun(tmp, "--mechanisms", "privatemail", "--seeds", "1", "--noise-source", "system"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
  }

  @Test
  void run_seededRun_saysItIsABenchmarkNotARelease(@TempDir Path tmp) throws Exception {
    Outcome o = execute(smallRun(tmp, "--mechanisms", "random", "--seeds", "1"));
    assertEquals(0, o.exit(), o.err());
    String statement = io.pmbench.core.random.NoiseOrigin.SEEDED_STATEMENT;
    assertTrue(o.err().contains("noise source seeded: " + statement), o.err());
    assertTrue(o.out().lines().limit(2).anyMatch(l -> l.contains(statement)), o.out());
    assertTrue(Files.readString(tmp.resolve("report.html")).contains(io.pmbench.reports.HtmlReport.escape(statement)));
  }

  @Test
  void run_badNoiseSource_oneLineExitTwo(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("x"), "--noise-source", "os"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().startsWith("pmbench: --noise-source must be one of seeded, system. Provided value: os"), o.err());
    assertFalse(Files.exists(tmp.resolve("x")));
  }

  @Test
  void run_differentSeeds_differentNumbers(@TempDir Path tmp) throws Exception {
    assertEquals(0, execute(smallRun(tmp.resolve("a"), "--mechanisms", "random")).exit());
    assertEquals(0, execute(smallRun(tmp.resolve("b"), "--mechanisms", "random", "--seeds", "5,6")).exit());
    assertFalse(Files.readString(tmp.resolve("a").resolve("results.csv"))
        .equals(Files.readString(tmp.resolve("b").resolve("results.csv"))));
  }

  @Test
  void run_unknownMechanism_oneLineListingKnownNamesAndNoOutput(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("x"), "--mechanisms", "nope"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    // Every built-in name is listed (plugins on the class path may add names between them).
    for (String m : RunCommand.DEFAULT_MECHANISMS.split(",")) {
      assertTrue(o.err().contains(m), m + " missing from: " + o.err());
    }
    assertFalse(Files.exists(tmp.resolve("x")));
  }

  @Test
  void run_classicCalibrationAtEpsilonOne_refusedBeforeAnyWork(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("x"), "--calibration", "CLASSIC", "--epsilon", "1"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("epsilon must be < 1"), o.err());
    assertFalse(Files.exists(tmp.resolve("x")));
  }

  @Test
  void run_badQueries_namesTheOption(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("x"), "--queries", "many"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("--queries"), o.err());
  }

  @Test
  void run_ivfIndex_runsRecordsTheChoiceAndMarksTheResults(@TempDir Path tmp) throws Exception {
    // Fails if --index is not passed to the protocol's configuration, not recorded in run.json
    // (a later exact run would then silently mix with these cells), or not shown to the reader.
    Path dir = tmp.resolve("ivf");
    Outcome o = execute(smallRun(dir, "--mechanisms", "features", "--seeds", "1", "--index", "ivf"));

    assertEquals(0, o.exit(), o.err());
    assertTrue(Files.readString(dir.resolve("run.json")).contains("\"index\" : \"ivf\""),
        Files.readString(dir.resolve("run.json")));
    assertTrue(o.out().contains("Retrieval index: IVF"), o.out());
    assertTrue(Files.readString(dir.resolve("report.html")).contains("IVF index"));

    Outcome exact = execute(smallRun(dir, "--mechanisms", "features", "--seeds", "1"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, exact.exit(), exact.err());
    assertTrue(exact.err().contains("protocol"), exact.err());
  }

  @Test
  void run_badIndex_oneLineNamingTheOptionAndNoOutput(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("x"), "--index", "hnsw"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("--index") && o.err().contains("hnsw"), o.err());
    assertFalse(Files.exists(tmp.resolve("x")));
  }

  @Test
  void run_missingFile_namesTheFile(@TempDir Path tmp) {
    Outcome o = execute("run", "--dataset", "csv:" + tmp.resolve("nope.csv") + "," + tmp.resolve("nope2.csv"),
        "--out", tmp.resolve("x").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertTrue(o.err().contains("nope.csv"), o.err());
    assertFalse(Files.exists(tmp.resolve("x")));
  }

  @Test
  void run_badEpsilon_oneLineWithTheHintBeforeAnyLoading(@TempDir Path tmp) {
    // fails if epsilon is checked only after the data set loads, or a bad value prints the usage
    for (String bad : List.of("-1", "abc")) {
      long start = System.nanoTime();
      Outcome o = execute("run", "--epsilon", bad, "--out", tmp.resolve("x").toString());
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains("--epsilon") && o.err().contains("(see pmbench run --help)"), o.err());
      assertFalse(o.err().contains("loading"), o.err());
      assertTrue(seconds < 5, "took " + seconds + " s");
      assertFalse(Files.exists(tmp.resolve("x")));
    }
  }

  @Test
  void run_firstLines_stateSettingsSourcesAndFolderInWords(@TempDir Path tmp) {
    Path dir = tmp.resolve("a");
    Outcome o = execute(smallRun(dir, "--mechanisms", "random", "--seeds", "1"));
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("results in " + dir), o.err());
    assertTrue(o.err().contains("[defaults: pmbench's default sigma = 6, alpha = 0.6 (CIFAR-100's Table 2) -- pass "
        + "--sigma/--alpha for your features]"), o.err());
    assertTrue(o.err().contains("public set of 60 train rows, 40 queries per seed, Recall@1,2,4,8, exact k-NN index"),
        o.err());
    assertFalse(o.err().contains("ProtocolConfig["), o.err());
    assertFalse(Files.exists(dir.resolve(".lock")), "a finished run must leave no .lock behind");
  }

  @Test
  void run_report_hasARecallFigureAndHtmlTables(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("a");
    Outcome o = execute(smallRun(dir, "--mechanisms", "random,privatemail", "--epsilon", "0.5,2", "--seeds", "1"));
    assertEquals(0, o.exit(), o.err());
    assertTrue(Files.exists(dir.resolve("recall.png")) && Files.exists(dir.resolve("recall.svg")));
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("<img alt=\"Recall@8 vs epsilon"), "the report embeds the figure");
    assertTrue(html.contains("<th>mechanism</th><th>ε</th>"), "results as an HTML table");
    assertFalse(html.contains("<pre>dataset"), "no monospace dump of the results");
  }

  @Test
  void defaultOut_sameOptions_sameOneLevelFolderWithoutTime() throws Exception {
    // fails if the default folder carries a timestamp (a rerun would start over) or the spec's path
    var data = io.pmbench.datasets.DatasetRegistry.standard().load(DATA);
    var registry = io.pmbench.core.mechanism.MechanismRegistry.discover();
    var git = new io.pmbench.runs.GitInfo("unknown", true);
    Path a = runOptions("--sigma", "5").setup("run", "", registry, data, git).out();
    Path b = runOptions("--sigma", "5").setup("run", "", registry, data, git).out();
    Path c = runOptions("--sigma", "4").setup("run", "", registry, data, git).out();
    assertEquals(a, b);
    assertFalse(a.equals(c), a + " vs " + c);
    assertEquals(2, a.getNameCount(), a.toString());
    assertEquals("pmbench-results", a.getName(0).toString());
    assertTrue(a.getFileName().toString().matches("synthetic-n-300-d-16-classes-5-spread-0-[0-9a-f]{8}"),
        a.toString());
  }

  private static GridOptions runOptions(String... args) {
    RunCommand run = new RunCommand();
    List<String> all = new ArrayList<>(List.of("--dataset", DATA));
    all.addAll(List.of(args));
    new CommandLine(run).parseArgs(all.toArray(new String[0]));
    return run.grid;
  }

  @Test
  void help_explainsEveryOptionWithItsDefault() {
    Outcome o = execute("run", "--help");
    assertEquals(0, o.exit());
    for (String s : List.of("--dataset", "--mechanisms", "--preset", "--epsilon", "--delta", "--seeds", "--queries",
        "--recall-at", "--out", "Default: fashion-mnist", "Default: 0.1", "Default: 1e-5", "Default: 1000",
        "Default: 1,2,4,8", "official-code")) {
      assertTrue(o.out().contains(s), "help lacks " + s + "\n" + o.out());
    }
  }

  @Test
  void mechanisms_listsBuiltIns() {
    Outcome o = execute("mechanisms");
    assertEquals(0, o.exit());
    for (String m : RunCommand.DEFAULT_MECHANISMS.split(",")) {
      assertTrue(o.out().contains(m), o.out());
    }
  }

  @Test
  void run_withControls_printsPairedDifferencesAgainstThem(@TempDir Path tmp) {
    // fails if the console drops the paired comparison (SPEC.md §10) or compares unpaired intervals
    Outcome o = execute(smallRun(tmp, "--mechanisms", "features,label-only,random"));
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains("Paired differences A − B of Recall@8 against the controls"), o.out());
    assertEquals(1, o.out().split("Verdict on \"A beats B\"", -1).length - 1, "the rule is stated once: " + o.out());
    for (String control : List.of("random", "label-only")) {
      String row = "0\\.5 {2,}features − " + control + " {2,}[−0-9.]+ \\[[−0-9.]+, [−0-9.]+\\] {2,}2 seeds × 40 "
          + "queries {2,}(above|not above|undecided \\(n too small\\))";
      assertTrue(o.out().lines().anyMatch(l -> l.strip().matches(row)), "no table row " + row + " in\n" + o.out());
    }
    assertFalse(o.out().contains("random − random"), o.out());
  }

  @Test
  void run_sigmaAuto_medianHeuristicOfTheTrainRowsAndBadValueOneLine(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("a"), "--mechanisms", "random", "--sigma", "auto", "--seeds", "1"));
    assertEquals(0, o.exit(), o.err());
    double expected = io.pmbench.core.kernel.Bandwidth.medianHeuristic(io.pmbench.datasets.DatasetRegistry.standard()
        .load(DATA).train().features());
    assertTrue(o.err().contains("sigma " + expected + " (--sigma)"), o.err());
    Outcome bad = execute(smallRun(tmp.resolve("b"), "--sigma", "wide"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, bad.exit());
    assertTrue(bad.err().strip().startsWith("pmbench: --sigma must be a number > 0 or auto. Provided value: wide"),
        bad.err());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
  }
}
