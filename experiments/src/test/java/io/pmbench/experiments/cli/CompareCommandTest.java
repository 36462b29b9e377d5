package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import io.pmbench.experiments.figures.RunComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pmbench compare A B} on two small runs this test makes. */
class CompareCommandTest {
  private static Path run(Path dir, String mechanisms, String seeds) {
    Outcome o = execute(smallRun(dir, "--mechanisms", mechanisms, "--seeds", seeds));
    assertEquals(0, o.exit(), o.err());
    return dir;
  }

  @Test
  void compare_sameConfigurationTwice_everyCommonPointEqualWithAZeroInterval(@TempDir Path tmp) throws IOException {
    // the second run has one seed more and one mechanism more: only the common cells are paired
    Path a = run(tmp.resolve("a"), "features,privatemail", "2");
    Path b = run(tmp.resolve("b"), "features,privatemail,random", "3");
    Path csv = tmp.resolve("cmp.csv");
    Outcome o = execute("compare", a.toString(), b.toString(), "--csv", csv.toString(), "--fail-if-lower");
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains(RunComparison.RULE), o.out());
    List<String> rows = o.out().lines().filter(l -> l.startsWith("synthetic")).toList();
    assertEquals(2, rows.size(), o.out()); // features and privatemail at eps 0.5; random only in B
    rows.forEach(r -> assertTrue(r.contains("2×40") && r.contains("0.000 [0.000, 0.000]") && r.endsWith("equal"), r));
    List<String> lines = Files.readAllLines(csv);
    assertEquals(3, lines.size());
    assertTrue(lines.get(1).contains(",features,,0.5,2,80,8,"), lines.get(1));
  }

  @Test
  void compare_bLowerOnACell_verdictLowerAndGateExitsOne(@TempDir Path tmp) throws IOException {
    Path a = run(tmp.resolve("a"), "features", "2");
    Path b = run(tmp.resolve("b"), "features", "2");
    // every query of B's cells a miss at K = 8: B - A is minus A's recall, far below zero
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> cells = Files.list(b.resolve("cells"))) {
      for (Path f : cells.filter(p -> p.toString().endsWith(".json")).toList()) {
        ObjectNode cell = (ObjectNode) json.readTree(Files.readString(f));
        ObjectNode hits = (ObjectNode) cell.get("hits");
        byte[] old = Base64.getDecoder().decode(hits.get("8").asText());
        hits.put("8", Base64.getEncoder().encodeToString(new byte[old.length]));
        Files.writeString(f, json.writeValueAsString(cell));
      }
    }
    Outcome gate = execute("compare", a.toString(), b.toString(), "--csv", tmp.resolve("c.csv").toString(),
        "--fail-if-lower");
    assertEquals(CompareCommand.EXIT_LOWER, gate.exit(), gate.out() + gate.err());
    assertTrue(gate.out().contains("B lower"), gate.out());
    assertEquals(0, execute("compare", a.toString(), b.toString(), "--csv", tmp.resolve("c.csv").toString()).exit());
  }

  @Test
  void compare_noCommonCellsOrNotARun_oneLineExitTwo(@TempDir Path tmp) {
    Path a = run(tmp.resolve("a"), "features", "2");
    Path b = run(tmp.resolve("b"), "random", "2");
    Outcome none = execute("compare", a.toString(), b.toString(), "--csv", tmp.resolve("c.csv").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, none.exit());
    assertEquals(1, none.err().strip().lines().count(), none.err());
    assertTrue(none.err().contains("A and B must share cells") && none.err().contains("share none"), none.err());
    Outcome notRun = execute("compare", a.toString(), tmp.toString(), "--csv", tmp.resolve("c.csv").toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, notRun.exit());
    assertEquals(1, notRun.err().strip().lines().count(), notRun.err());
    assertTrue(notRun.err().contains("B must be a run directory holding run.json and cells/"), notRun.err());
    assertTrue(!Files.exists(tmp.resolve("c.csv")));
  }

  @Test
  void compare_pairOfTwoMechanismsInOneRun_oneRowPerEpsilonWithTheirPairedDifference(@TempDir Path tmp)
      throws IOException {
    Path a = run(tmp.resolve("a"), "privatemail,random", "2");
    Path csv = tmp.resolve("pair.csv");
    Outcome o = execute("compare", a.toString(), a.toString(), "--pair", "random:privatemail", "--csv",
        csv.toString());
    assertEquals(0, o.exit(), o.err());
    List<String> rows = o.out().lines().filter(l -> l.startsWith("synthetic")).toList();
    assertEquals(1, rows.size(), o.out());
    assertTrue(rows.get(0).contains("privatemail - random") && rows.get(0).contains("2×40"), rows.get(0));
    String line = Files.readAllLines(csv).get(1);
    String[] f = line.substring(line.indexOf("\",") + 2).split(","); // after the quoted data-set spec
    // recallA is random's, recallB privatemail's, on the same 80 queries; the difference is B - A
    assertEquals("privatemail - random", f[0]);
    assertEquals(Double.parseDouble(f[7]) - Double.parseDouble(f[6]), Double.parseDouble(f[8]), 1e-12);
    assertTrue(Double.parseDouble(f[6]) != Double.parseDouble(f[7]) || Double.parseDouble(f[8]) == 0,
        "two different mechanisms were read");
  }

  @Test
  void compare_pairWithItself_zeroInterval(@TempDir Path tmp) {
    Path a = run(tmp.resolve("a"), "privatemail", "2");
    Outcome o = execute("compare", a.toString(), a.toString(), "--pair", "privatemail:privatemail", "--csv",
        tmp.resolve("c.csv").toString());
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains("0.000 [0.000, 0.000]"), o.out());
  }

  @Test
  void compare_pairMalformedOrAbsent_oneLineAndExitTwo(@TempDir Path tmp) {
    Path a = run(tmp.resolve("a"), "privatemail", "1");
    Outcome bad = execute("compare", a.toString(), a.toString(), "--pair", "privatemail");
    assertEquals(2, bad.exit(), bad.err());
    assertTrue(bad.err().contains("--pair must be MECHANISM_IN_A:MECHANISM_IN_B"), bad.err());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
    Outcome absent = execute("compare", a.toString(), a.toString(), "--pair", "dp-dsne:privatemail", "--csv",
        tmp.resolve("c.csv").toString());
    assertEquals(2, absent.exit(), absent.err());
    assertTrue(absent.err().contains("holds no cell of dp-dsne"), absent.err());
    assertTrue(Files.notExists(tmp.resolve("c.csv")), "no CSV for a failed comparison");
  }
}
