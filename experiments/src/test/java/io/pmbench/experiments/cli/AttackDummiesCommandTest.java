package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.attack.AttackRow;
import io.pmbench.experiments.attack.DummiesAttack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pmbench attack-dummies} end to end on small synthetic data. */
class AttackDummiesCommandTest {
  private static RunCommandTest.Outcome attack(Path out, String... extra) {
    List<String> args = new ArrayList<>(List.of("attack-dummies", "--dataset", RunCommandTest.DATA,
        "--public", "60", "--queries", "20", "--seeds", "2", "--mechanisms", "privatemail,random", "--epsilon",
        "0.1,0.5", "--out", out.toString()));
    args.addAll(List.of(extra));
    return RunCommandTest.execute(args.toArray(new String[0]));
  }

  @Test
  void attackDummies_smallRun_writesOneRowPerMechanismEpsilonAndOrder(@TempDir Path tmp) throws Exception {
    // privatemail at 2 epsilons and random once (it reads no epsilon), each in 2 release orders
    RunCommandTest.Outcome o = attack(tmp);
    assertEquals(0, o.exit(), o.err());
    List<AttackRow> rows = AttackRow.readCsv(tmp.resolve("attack.csv"));
    assertEquals(6, rows.size(), rows.toString());
    assertTrue(Files.exists(tmp.resolve("provenance.json")));
    assertTrue(o.out().contains("client-shuffled") && o.out().contains("dummies hide the query's class"), o.out());
    assertEquals(io.pmbench.experiments.figures.DummiesClaim.row(rows), io.pmbench.experiments.figures.DummiesClaim.row(tmp.resolve("attack.csv")));
    assertFalse(Files.list(tmp).anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "a temporary file is left");
  }

  /** The lines of {@code err} saying a (seed, mechanism, epsilon) was computed. */
  private static List<String> computed(String err) {
    return err.lines().filter(l -> l.startsWith("pmbench attack-dummies: seed ")).toList();
  }

  @Test
  void attackDummies_rerunAfterKill_reusesFinishedCellsAndVerifies(@TempDir Path tmp) throws Exception {
    assertEquals(0, attack(tmp).exit());
    String table = Files.readString(tmp.resolve("attack.csv"));
    Path cells = tmp.resolve("cells");
    assertEquals(3, Files.list(cells).count(), "one cell per mechanism x epsilon (random reads none)");
    // a kill before the last cell was written: that cell is missing, the others are reused
    Files.delete(cells.resolve("attack-dummies-privatemail-eps0.5.json"));
    RunCommandTest.Outcome resumed = attack(tmp);
    assertEquals(0, resumed.exit(), resumed.err());
    assertEquals(2, computed(resumed.err()).size(), resumed.err()); // 2 seeds of the one missing cell
    assertTrue(computed(resumed.err()).stream().allMatch(l -> l.contains("privatemail eps=0.5")), resumed.err());
    assertEquals(table, Files.readString(tmp.resolve("attack.csv")), "the resumed table is the one-go table");
    RunCommandTest.Outcome verified = RunCommandTest.execute("verify", tmp.toString());
    assertEquals(0, verified.exit(), verified.out());
    assertTrue(verified.out().contains("all 3 cells and 1 result files verify"), verified.out());

    RunCommandTest.Outcome fresh = attack(tmp, "--fresh");
    assertEquals(6, computed(fresh.err()).size(), fresh.err()); // 3 cells x 2 seeds
    assertEquals(table, Files.readString(tmp.resolve("attack.csv")), "a pure function of config and seed");
  }

  @Test
  void verify_tamperedAttackCellOrTable_namesIt(@TempDir Path tmp) throws Exception {
    assertEquals(0, attack(tmp).exit());
    Path csv = tmp.resolve("attack.csv");
    Files.writeString(csv, Files.readString(csv).replace("privatemail", "privatemaiI"));
    RunCommandTest.Outcome table = RunCommandTest.execute("verify", tmp.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, table.exit());
    assertTrue(table.out().contains("attack.csv: modified"), table.out());

    assertEquals(0, attack(tmp).exit(), "a rerun rewrites the table from its cells");
    assertEquals(0, RunCommandTest.execute("verify", tmp.toString()).exit());
    Path cell = tmp.resolve("cells").resolve("attack-dummies-random-eps0.1.json");
    String stored = Files.readString(cell);
    assertTrue(stored.contains(",random,"), stored);
    Files.writeString(cell, stored.replace(",random,", ",rand0m,"));
    RunCommandTest.Outcome cellOut = RunCommandTest.execute("verify", tmp.toString());
    assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, cellOut.exit(), cellOut.out());
    assertTrue(cellOut.out().contains("attack-dummies-random-eps0.1.json: modified"), cellOut.out());
  }

  @Test
  void attackDummies_otherSettingsInFolder_refusedUnlessFresh(@TempDir Path tmp) {
    assertEquals(0, attack(tmp).exit());
    RunCommandTest.Outcome other = attack(tmp, "--delta", "1e-6");
    assertEquals(Pmbench.EXIT_BAD_INPUT, other.exit());
    assertTrue(other.err().contains("with other settings") && other.err().contains("--fresh"), other.err());
    assertEquals(0, attack(tmp, "--delta", "1e-6", "--fresh").exit());
  }

  /**
   * The attack runs through the run pipeline: it estimates the cost of its cells from the protocol
   * cells they run and is refused above --budget before any cell, leaving no folder; a run logs its
   * invocation and writes the pipeline's provenance. If the command bypassed the pipeline, there
   * would be no estimate, no refusal and no invocations.jsonl.
   */
  @Test
  void attackDummies_throughThePipeline_estimatedRefusedOverBudgetAndLogged(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("a");
    RunCommandTest.Outcome over = RunCommandTest.execute("attack-dummies", "--dataset", RunCommandTest.DATA,
        "--public", "60", "--queries", "20", "--seeds", "2", "--mechanisms", "tsne,random", "--budget", "1s", "--out",
        dir.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, over.exit(), over.err());
    assertTrue(over.err().contains("pmbench attack-dummies: estimated cost of the 2 cells to compute"), over.err());
    String last = over.err().strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("pmbench: --budget must cover the grid's estimated ") && last.contains("(tsne is most "
        + "of it)"), over.err());
    assertFalse(Files.exists(dir), "a refused new attack leaves no folder");

    RunCommandTest.Outcome o = attack(dir);
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("pmbench attack-dummies: estimated cost of the 3 cells to compute"), o.err());
    List<String> log = Files.readAllLines(dir.resolve("invocations.jsonl"));
    assertEquals(2, log.size(), "one start and one end: " + log);
    assertTrue(log.get(1).contains("\"cellsComputed\":3") && log.get(1).contains("\"status\":\"finished\""),
        log.get(1));
    String provenance = Files.readString(dir.resolve("provenance.json"));
    assertTrue(provenance.contains("\"cellsComputed\" : 3") && provenance.contains("\"invocations\" : 1"),
        provenance);
  }

  @Test
  void attackDummies_noDummies_refusedWithOneLine(@TempDir Path tmp) {
    RunCommandTest.Outcome o = attack(tmp, "--no-dummies");
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("--dummies must be on"), o.err());
    assertFalse(Files.exists(tmp.resolve("attack.csv")));
  }
}
