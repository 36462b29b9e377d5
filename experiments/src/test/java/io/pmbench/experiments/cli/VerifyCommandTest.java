package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import io.pmbench.experiments.sweep.CellHashes;
import io.pmbench.experiments.sweep.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tamper-evident runs (issue 26 §3): a hand-edited cell (valid JSON, changed hits) is named by
 * {@code verify} and refused by {@code report} and by a resumed run unless {@code
 * --accept-modified}; an untouched run verifies; a run made before hashes is reported as
 * unhashed, drawn with a warning, and can be stamped with {@code --rehash}. If the hash did not
 * cover the hits, or report skipped the check, the tampered cell would change Recall@8 silently.
 */
class VerifyCommandTest {

  private static Path run(Path tmp) {
    Path dir = tmp.resolve("run");
    Outcome o = execute(smallRun(dir));
    assertEquals(0, o.exit(), o.err());
    return dir;
  }

  /** Changes the first bit string of "hits" of the first cell: still valid JSON, different Recall@K. */
  static Path tamper(Path dir) throws IOException {
    Path cell;
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      cell = s.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
    }
    String text = Files.readString(cell);
    int at = text.indexOf("\"hits\"");
    int q = text.indexOf(": \"", at) + 3;
    char c = text.charAt(q);
    Files.writeString(cell, text.substring(0, q) + (c == 'A' ? 'B' : 'A') + text.substring(q + 1));
    return cell;
  }

  @Test
  void verify_auditFolderBeforeCells_saysNothingCanBeCheckedExitOne(@TempDir Path tmp) throws IOException {
    Files.writeString(tmp.resolve("audit.csv"), "mechanism\n");
    Outcome o = execute("verify", tmp.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, o.exit());
    assertTrue(o.out().contains("holds audit.csv written before") && o.out().contains("cannot be checked"), o.out());
    Files.delete(tmp.resolve("audit.csv"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute("verify", tmp.toString()).exit(), "an empty folder is bad input");
  }

  /**
   * A claims run's top folder holds no cells of its own: verify descends into each part and
   * reports it on its line. If it stopped at the top ("all 0 cells verify"), the tampered fig6 cell
   * and attack table below would pass unnoticed.
   */
  @Test
  void verify_claimsRunTop_reportsEachPartAndFailsOnATamperedPart(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("claims");
    Outcome c = execute("claims", "--dataset", RunCommandTest.DATA, "--public", "60", "--queries", "20", "--seeds",
        "1", "--mechanisms", "features,privatemail,random", "--epsilon", "0.1", "--parts", "fig6,attack", "--out",
        dir.toString());
    assertEquals(0, c.exit(), c.err());
    Outcome clean = execute("verify", dir.toString());
    assertEquals(0, clean.exit(), clean.out());
    List<String> lines = clean.out().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("part fig6: " + dir.resolve("fig6") + ": all ")
        && l.endsWith(" cells verify")), clean.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("part attack: " + dir.resolve("attack") + ": all ")
        && l.endsWith(" result files verify")), clean.out());
    assertEquals(dir + ": 2 parts: 2 verify", lines.get(lines.size() - 1), clean.out());

    Path cell = tamper(dir.resolve("fig6"));
    Outcome oneCell = execute("verify", dir.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, oneCell.exit(), oneCell.out());
    assertTrue(oneCell.out().contains(cell + ": modified"), oneCell.out());
    assertTrue(oneCell.out().contains(dir + ": 2 parts: 1 verify, 1 do not verify"), oneCell.out());

    Path csv = dir.resolve("attack").resolve("attack.csv");
    Files.writeString(csv, Files.readString(csv).replace("privatemail", "privatemaiI"));
    Outcome both = execute("verify", dir.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, both.exit(), both.out());
    assertTrue(both.out().contains(csv + ": modified"), both.out());
    assertTrue(both.out().contains(dir + ": 2 parts: 2 do not verify"), both.out());
  }

  @Test
  void verify_untouchedRun_exitsZero(@TempDir Path tmp) {
    Path dir = run(tmp);
    Outcome o = execute("verify", dir.toString());
    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.out().contains("cells verify"), o.out());
  }

  /**
   * Several DIRs: each is checked and one closing line counts them, naming the one that fails; a
   * DIR that is not a run directory is bad input before anything is checked (a check of the good
   * DIRs first would print their lines and could end in exit 1, hiding the typo).
   */
  @Test
  void verify_severalDirs_eachCheckedOneLineNamesTheFailureAndABadDirIsFoundFirst(@TempDir Path tmp)
      throws IOException {
    Path good = run(tmp);
    Path bad = tmp.resolve("copy");
    copy(good, bad);
    tamper(bad);
    Outcome both = execute("verify", good.toString(), bad.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, both.exit(), both.out());
    List<String> lines = both.out().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith(good + ": all ") && l.endsWith(" cells verify")), both.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith(bad + " does not verify: 1 of its cells")), both.out());
    assertEquals("2 directories: 1 pass, 1 does not: " + bad, lines.get(lines.size() - 1), both.out());

    Outcome clean = execute("verify", good.toString(), good.toString());
    assertEquals(0, clean.exit(), clean.out());
    assertTrue(clean.out().strip().endsWith("2 directories: 2 pass"), clean.out());

    Outcome typo = execute("verify", good.toString(), tmp.resolve("nope").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, typo.exit());
    assertEquals("", typo.out(), "nothing is checked before every DIR is known to be a run directory");
    assertEquals(1, typo.err().strip().lines().count(), typo.err());
    assertTrue(typo.err().contains(tmp.resolve("nope") + " must be a pmbench run directory"), typo.err());
  }

  @Test
  void verify_tamperedCell_namedAndReportAndResumeRefused(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    Path cell = tamper(dir);
    Outcome v = execute("verify", dir.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, v.exit());
    assertTrue(v.out().contains(cell.getFileName() + ": modified"), v.out());

    Outcome report = execute("report", dir.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, report.exit());
    assertEquals(1, report.err().strip().lines().count(), report.err());
    assertTrue(report.err().contains("does not verify") && report.err().contains("--accept-modified"), report.err());

    Outcome resume = execute(smallRun(dir));
    assertEquals(Pmbench.EXIT_BAD_INPUT, resume.exit());
    assertTrue(resume.err().contains("does not verify"), resume.err());

    Outcome accepted = execute("report", dir.toString(), "--accept-modified");
    assertEquals(0, accepted.exit(), accepted.err());
    assertTrue(accepted.err().contains("warning") && accepted.err().contains("--accept-modified"), accepted.err());
    Outcome resumed = execute(smallRun(dir, "--accept-modified"));
    assertEquals(0, resumed.exit(), resumed.err());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, execute("verify", dir.toString()).exit(),
        "accepting a modified cell must not bless it");
  }

  @Test
  void verify_cellNotListedAndListedCellMissing_bothNamed(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    List<Path> cells;
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      cells = s.sorted().toList();
    }
    Files.copy(cells.get(0), dir.resolve("cells").resolve("copied.json"));
    Files.delete(cells.get(1));
    Outcome v = execute("verify", dir.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, v.exit());
    assertTrue(v.out().contains("copied.json: not listed"), v.out());
    assertTrue(v.out().contains(cells.get(1).getFileName() + ": listed in run.json but the file is missing"), v.out());
  }

  /**
   * A run made before hashes (its cells and run.json stripped of them, as the reference runs
   * committed before pmbench 0.1.0 stamped hashes): report warns, --rehash stamps, a stamped run is
   * not restamped.
   */
  @Test
  void report_legacyRun_warnsAndRehashMakesItVerify(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    int cells = stripHashes(dir);
    Outcome v = execute("verify", dir.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, v.exit());
    assertTrue(v.out().contains("unhashed (made before"), v.out());

    Outcome report = execute("report", dir.toString());
    assertEquals(0, report.exit(), report.err());
    assertTrue(report.err().contains("warning") && report.err().contains("unhashed"), report.err());

    Outcome rehash = execute("verify", "--rehash", dir.toString());
    assertEquals(0, rehash.exit(), rehash.out() + rehash.err());
    assertTrue(rehash.out().contains("stamping the SHA-256 of " + cells + " cells"), rehash.out());
    assertFalse(execute("report", dir.toString()).err().contains("warning"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute("verify", "--rehash", dir.toString()).exit(),
        "a hashed run must not be restamped");

    // several DIRs, the second already hashed: refused before the first is stamped
    Path legacy = tmp.resolve("legacy");
    copy(dir, legacy);
    stripHashes(legacy);
    Map<String, String> before = StoredRecheckTest.snapshot(legacy);
    Outcome both = execute("verify", "--rehash", legacy.toString(), dir.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, both.exit(), both.out() + both.err());
    assertEquals(1, both.err().strip().lines().count(), both.err());
    assertTrue(both.err().contains(dir + " already lists cell hashes"), both.err());
    assertEquals(before, StoredRecheckTest.snapshot(legacy), "nothing may be stamped when a later DIR is refused");
  }


  /**
   * A run whose cells are all format 1 (as the stored reference runs are): it verifies, reports
   * (summary.csv with R_indep blank, the report saying how to get it), and a resumed run reuses
   * every cell with one line saying so. Fails if the old format were refused, recomputed, or given
   * an R_indep computed from nothing.
   */
  @Test
  void formatOneRun_verifiesReportsAndResumeReusesWithOneLine(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    int cells = toFormatOne(dir);
    Outcome v = execute("verify", dir.toString());
    assertEquals(0, v.exit(), v.out() + v.err());

    Outcome report = execute("report", dir.toString());
    assertEquals(0, report.exit(), report.err());
    List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
    List<String> header = List.of(summary.get(0).split(",", -1));
    int rIndep = header.indexOf("R_indep@8");
    assertTrue(rIndep > 0, summary.get(0));
    for (String row : summary.subList(1, summary.size())) {
      // the data set's spec is the one quoted field (it holds commas)
      assertEquals("", row.replaceFirst("^\"[^\"]*\"", "dataset").split(",", -1)[rIndep], row);
    }
    assertTrue(Files.readString(dir.resolve("report.html")).contains("stored before pmbench-cell/2"));

    Outcome resumed = execute(smallRun(dir));
    assertEquals(0, resumed.exit(), resumed.err());
    assertTrue(resumed.err().contains("reusing " + cells + " cells stored before pmbench-cell/2"), resumed.err());
    assertTrue(resumed.err().contains("0 cells computed, " + cells + " reused"), resumed.err());
  }

  /**
   * Rewrites every cell as format 1 (no "nearest"), restamping its hash in the cell and in
   * run.json as the old code would have; returns the number of cells.
   */
  private static int toFormatOne(Path dir) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Path manifest = dir.resolve("run.json");
    ObjectNode root = (ObjectNode) mapper.readTree(Files.readString(manifest));
    ObjectNode listed = (ObjectNode) root.get(Manifest.CELLS);
    List<Path> cells;
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      cells = s.filter(p -> p.toString().endsWith(".json")).toList();
    }
    for (Path c : cells) {
      ObjectNode cell = (ObjectNode) mapper.readTree(Files.readString(c));
      cell.remove("nearest");
      cell.put("format", "pmbench-cell/1");
      String hash = CellHashes.of(cell);
      cell.put(CellHashes.FIELD, hash);
      listed.put(c.getFileName().toString(), hash);
      Files.writeString(c, mapper.writeValueAsString(cell));
    }
    Files.writeString(manifest, mapper.writeValueAsString(root));
    return cells.size();
  }

  /** Removes every cell's hash field and run.json's list of hashes; returns the number of cells. */
  private static int stripHashes(Path dir) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Path manifest = dir.resolve("run.json");
    ObjectNode root = (ObjectNode) mapper.readTree(Files.readString(manifest));
    root.remove(Manifest.CELLS);
    Files.writeString(manifest, mapper.writeValueAsString(root));
    List<Path> cells;
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      cells = s.filter(p -> p.toString().endsWith(".json")).toList();
    }
    for (Path c : cells) {
      ObjectNode cell = (ObjectNode) mapper.readTree(Files.readString(c));
      cell.remove(CellHashes.FIELD);
      Files.writeString(c, mapper.writeValueAsString(cell));
    }
    return cells.size();
  }

  static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
