package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.DATA;
import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import io.pmbench.experiments.sweep.CellHashes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pmbench verify --recheck N}: a stored run checked against this code by its own recorded
 * command, on a copy. An untouched run passes and is left byte for byte as it was; a cell whose hits
 * were changed and restamped (so that it verifies, as a cell made by older code would) is named and
 * fails; a run whose recorded command no longer gives its configuration is not passed. If the
 * recheck compared nothing, the restamped cell would pass; if it ran in place, the folder would change.
 */
class StoredRecheckTest {

  static Map<String, String> snapshot(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(f).toString(), new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }

  private static Path firstCell(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
      return s.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
    }
  }

  @Test
  void verifyRecheck_untouchedRun_passesAndLeavesTheFolderAsItWas(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail,random")).exit());
    Map<String, String> before = snapshot(dir);

    Outcome o = execute("verify", "--recheck", "4", dir.toString());

    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("rechecking the first 4 queries of 4 stored cells with this code"), o.err());
    assertTrue(o.out().contains(dir + ": the first 4 queries of its 4 cells are what this code computes"), o.out());
    assertTrue(o.out().contains("all 4 cells of 1 folder are what this code computes (the first 4 queries of each)"),
        o.out());
    assertEquals(before, snapshot(dir), "verify --recheck must not change the run directory");

    Outcome twice = execute("verify", "--recheck", "1", dir.toString(), dir.toString());
    assertEquals(0, twice.exit(), twice.out() + twice.err());
    assertTrue(twice.err().contains("pmbench verify: directory 2 of 2: " + dir), twice.err());
    assertTrue(twice.out().strip().endsWith("2 directories: 2 pass"), twice.out());
  }

  @Test
  void verifyRecheck_restampedCellWithOtherHits_isNamedAndFails(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail")).exit());
    Path cell = firstCell(dir);
    ObjectMapper json = new ObjectMapper();
    String text = Files.readString(cell);
    int at = text.indexOf("\"hits\"");
    int q = text.indexOf(": \"", at) + 3; // the first character of K = 1's bits: queries 0 to 5
    char c = text.charAt(q);
    restamp(dir, cell, (ObjectNode) json.readTree(text.substring(0, q) + (c == 'A' ? 'B' : 'A') + text.substring(q + 1)));

    Outcome o = execute("verify", "--recheck", "6", dir.toString());

    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("pmbench: cell " + cell.getFileName() + " (computed at "), o.err());
    assertTrue(o.err().contains("is not what this code computes: query "), o.err());
    assertTrue(o.out().contains(dir + ": not what this code computes"), o.out());
    assertTrue(o.out().contains("rechecked 1 folders: 1 different"), o.out());
  }

  /**
   * A folder whose command needs more heap than verify's JVM has (taken here to be a launcher-chosen
   * 100 MiB, under the rule's floor) is rechecked in a JVM of its own with the rule's heap: an untouched
   * run passes there and stays as it was, a restamped cell fails the folder. If the command ran in this
   * JVM anyway, or the larger JVM's exit code were not read, one of the two would come out wrong.
   */
  @Test
  void recheck_commandNeedingMoreHeap_runsInAJvmOfItsOwnWithTheRulesHeap(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail")).exit());
    Map<String, String> before = snapshot(dir);
    StoredRecheck.Target target = StoredRecheck.targets(dir).get(0);
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();

    StoredRecheck.Result same = StoredRecheck.recheck(target, 3, new java.io.PrintWriter(out, true),
        new java.io.PrintWriter(err, true), 100L);

    assertEquals(StoredRecheck.Result.SAME, same, out + "\n" + err);
    assertTrue(err.toString().contains("in a JVM with a " + HeapRule.FLOOR_MIB + " MiB heap"), err.toString());
    assertEquals(before, snapshot(dir));

    Path cell = firstCell(dir);
    String text = Files.readString(cell);
    int q = text.indexOf(": \"", text.indexOf("\"hits\"")) + 3;
    char c = text.charAt(q);
    restamp(dir, cell, (ObjectNode) new ObjectMapper().readTree(text.substring(0, q) + (c == 'A' ? 'B' : 'A')
        + text.substring(q + 1)));
    StoredRecheck.Result differs = StoredRecheck.recheck(StoredRecheck.targets(dir).get(0), 6,
        new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true), 100L);
    assertEquals(StoredRecheck.Result.DIFFERENT, differs, out + "\n" + err);
  }

  /** The larger JVM runs this JVM's java and options with the heap and the property replaced, then pmbench's command. */
  @Test
  void childCommand_hasTheHeapTheDerivedPropertyAndTheArguments() {
    List<String> c = HeapRule.childCommand(1500, List.of("run", "--recheck", "2"));
    assertEquals(1, c.stream().filter(a -> a.startsWith("-Xmx")).count(), c.toString());
    assertTrue(c.contains("-Xmx1500m") && c.contains("-D" + HeapRule.PROPERTY + "=derived"), c.toString());
    assertEquals(List.of(Pmbench.class.getName(), "run", "--recheck", "2"), c.subList(c.size() - 4, c.size()));
    assertEquals(System.getProperty("java.class.path"), c.get(c.size() - 5));
  }

  /**
   * A folder that is not a run directory stands for the run directories below it: verify checks
   * each (a tampered one fails the whole), and under --recheck an audit folder found there passes on
   * its hashes while the same folder named on its own is "not rechecked"; a folder with no run below
   * it stays bad input. If the folder were not expanded, {@code verify results} would be refused; if
   * found folders without protocol cells failed, it could never pass.
   */
  @Test
  void verify_folderOfRuns_checksEveryRunBelowIt(@TempDir Path tmp) throws IOException {
    Path all = tmp.resolve("results");
    Path run = all.resolve("a").resolve("run");
    assertEquals(0, execute(smallRun(run, "--mechanisms", "privatemail,random")).exit());
    Path audit = all.resolve("b-audit");
    Outcome a = execute("audit", "--preset", "corrected", "--mechanism", "private-rp", "--trials", "200", "--out",
        audit.toString());
    assertEquals(0, a.exit(), a.err());

    Outcome plain = execute("verify", all.toString());
    assertEquals(0, plain.exit(), plain.out() + plain.err());
    assertTrue(plain.err().contains(all + " is not a run directory; it holds 2, checked one by one: " + run + " "
        + audit), plain.err());
    assertTrue(plain.out().strip().endsWith("2 directories: 2 pass"), plain.out());

    Outcome rechecked = execute("verify", "--recheck", "2", all.toString());
    assertEquals(0, rechecked.exit(), rechecked.out() + rechecked.err());
    assertTrue(rechecked.out().contains(run + ": the first 2 queries of its 4 cells are what this code computes"),
        rechecked.out());
    assertTrue(rechecked.out().contains(audit + ": hashes checked, nothing to recheck"), rechecked.out());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, execute("verify", "--recheck", "2", audit.toString()).exit(),
        "a folder named on its own is not passed unrechecked");

    Path copy = all.resolve("c").resolve("run");
    Files.createDirectories(copy.getParent());
    VerifyCommandTest.copy(run, copy);
    VerifyCommandTest.tamper(copy);
    Outcome tampered = execute("verify", all.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, tampered.exit(), tampered.out());
    assertTrue(tampered.out().strip().endsWith("3 directories: 2 pass, 1 does not: " + copy), tampered.out());

    Files.createDirectories(tmp.resolve("empty").resolve("deeper"));
    Outcome none = execute("verify", tmp.resolve("empty").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, none.exit());
    assertTrue(none.err().contains("or in any folder below it"), none.err());
  }

  /** Writes {@code tree} as {@code cell} with its hash stamped, in the cell and run.json, so that the run verifies. */
  private static void restamp(Path dir, Path cell, ObjectNode tree) throws IOException {
    String oldHash = tree.get(CellHashes.FIELD).asText();
    tree.remove(CellHashes.FIELD);
    String newHash = CellHashes.of(tree);
    tree.put(CellHashes.FIELD, newHash);
    Files.writeString(cell, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n");
    Path manifest = dir.resolve("run.json");
    Files.writeString(manifest, Files.readString(manifest).replace(oldHash, newHash));
    assertEquals(0, execute("verify", dir.toString()).exit(), "the restamped cell must verify, as old code's would");
  }

  /** A run of privatemail and random into {@code dir} whose first cell is edited and restamped; that cell. */
  private static Path runWithFirstCellEdited(Path dir, java.util.function.Consumer<ObjectNode> edit)
      throws IOException {
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "privatemail,random")).exit());
    Path cell = firstCell(dir);
    ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(Files.readString(cell));
    edit.accept(tree);
    restamp(dir, cell, tree);
    return cell;
  }

  /**
   * A stored cell of another mechanism revision: the recorded command would recompute it, not
   * recheck it, so the folder fails instead of passing with that cell skipped.
   */
  @Test
  void verifyRecheck_cellOfAnotherRevision_failsTheFolderInsteadOfBeingSkipped(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    Path cell = runWithFirstCellEdited(dir, tree -> ((ObjectNode) tree.get("params")).put("mechanismRevision", 7));

    Outcome o = execute("verify", "--recheck", "2", dir.toString());

    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("pmbench: cell " + cell.getFileName() + " was not rechecked: this command would "
        + "recompute it (made by its revision 7"), o.err());
    assertTrue(o.err().contains("1 of 4 stored cells of "), o.err());
    assertTrue(o.out().contains(dir + ": not what this code computes, or not every cell rechecked"), o.out());
  }

  /** A stored refusal keeps no queries: it is counted on one line, and the folder still passes. */
  @Test
  void verifyRecheck_refusedCell_isCountedNotFailed(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    runWithFirstCellEdited(dir, tree -> tree.put("outcome", "REFUSED").put("message", "refused here for the test"));

    Outcome o = execute("verify", "--recheck", "2", dir.toString());

    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("rechecking the first 2 queries of 3 stored cells"), o.err());
    assertTrue(o.err().contains("1 stored cell records a refusal or failure, not queries: nothing to recheck there"),
        o.err());
  }

  @Test
  void verifyRecheck_commandThatNoLongerGivesTheConfiguration_isNotPassed(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("run");
    assertEquals(0, execute(smallRun(dir, "--mechanisms", "random")).exit());
    Path manifest = dir.resolve("run.json");
    String text = Files.readString(manifest);
    assertTrue(text.contains(DATA));
    // the recorded line names another data set (as a relative path resolved elsewhere would)
    Files.writeString(manifest, text.replace("\"commandLine\" : \"pmbench run --dataset " + DATA,
        "\"commandLine\" : \"pmbench run --dataset " + DATA.replace("seed=3", "seed=4")));
    assertFalse(Files.readString(manifest).equals(text), "the test must change the recorded command line");

    Outcome o = execute("verify", "--recheck", "2", dir.toString());

    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("holds cells of another configuration"), o.err());
    assertTrue(o.out().contains(dir + ": not rechecked: its recorded command did not run here"), o.out());
  }

  /**
   * A claims run: each part of protocol cells is rechecked by the recorded claims command narrowed to
   * that part; the attack table is not a grid of protocol cells and is not counted as rechecked.
   */
  @Test
  void verifyRecheck_claimsRun_rechecksItsGridPartOnly(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("claims");
    Outcome c = execute("claims", "--dataset", DATA, "--public", "60", "--queries", "20", "--seeds", "1",
        "--mechanisms", "features,privatemail,random", "--epsilon", "0.1", "--parts", "fig6,attack", "--out",
        dir.toString());
    assertEquals(0, c.exit(), c.err());
    Map<String, String> before = snapshot(dir);

    Outcome o = execute("verify", "--recheck", "3", dir.toString());

    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("--parts fig6 --recheck 3 --recheck-only"), o.err());
    assertTrue(o.out().contains(dir.resolve("fig6") + ": the first 3 queries of its "), o.out());
    assertFalse(o.out().contains(dir.resolve("attack") + ": the first"), o.out());
    assertTrue(o.out().lines().toList().get((int) o.out().lines().count() - 1).matches(
        java.util.regex.Pattern.quote(dir.toString()) + ": all \\d+ cells of 1 folder are what this code computes.*"),
        o.out());
    assertEquals(before, snapshot(dir), "verify --recheck must not change the claims folder");
  }

  @Test
  void verifyRecheck_zero_isRefusedWithOneLine(@TempDir Path tmp) {
    Outcome o = execute("verify", "--recheck", "0", tmp.toString());

    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertEquals(1, o.err().lines().count(), o.err());
    assertTrue(o.err().startsWith("pmbench: --recheck must be at least 1. Provided value: 0"), o.err());
  }

  @Test
  void recheckOnly_withoutRecheck_isRefused(@TempDir Path tmp) {
    Outcome o = execute(smallRun(tmp.resolve("run"), "--recheck-only"));

    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("--recheck-only needs --recheck N"), o.err());
  }

  @Test
  void arguments_pointTheRecordedCommandAtTheCopy() {
    StoredRecheck.Target run = new StoredRecheck.Target(Path.of("r"), Path.of("r"), null,
        "pmbench run --dataset x --fresh --out /old/r --recheck 3 --budget 2h --engine spark --master=local[2] --seeds 2",
        4);
    assertEquals(List.of("run", "--dataset", "x", "--seeds", "2", "--out", "/tmp/c", "--recheck", "5",
        "--recheck-only"), StoredRecheck.arguments(run, Path.of("/tmp/c"), 5));

    StoredRecheck.Target part = new StoredRecheck.Target(Path.of("r/fig6"), Path.of("r"), "fig6",
        "pmbench claims --dataset x --parts fig3,fig6 --out=/old/r", 9);
    assertEquals(List.of("claims", "--dataset", "x", "--out", "/tmp/c", "--parts", "fig6", "--recheck", "1",
        "--recheck-only"), StoredRecheck.arguments(part, Path.of("/tmp/c"), 1));

    StoredRecheck.Target figurePart = new StoredRecheck.Target(Path.of("r/fig6"), Path.of("r"), "fig6",
        "pmbench fig6 --dataset x --out /old/fig6", 9);
    assertEquals(List.of("fig6", "--dataset", "x", "--out", Path.of("/tmp/c/fig6").toString(), "--recheck", "1",
        "--recheck-only"), StoredRecheck.arguments(figurePart, Path.of("/tmp/c"), 1));

    StoredRecheck.Target other = new StoredRecheck.Target(Path.of("r"), Path.of("r"), null, "python run.py", 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> StoredRecheck.arguments(other, Path.of("/tmp/c"), 1));
    assertTrue(e.getMessage().contains("must record a pmbench command line"), e.getMessage());
  }
}
