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

  @Test
  void attackDummies_noDummies_refusedWithOneLine(@TempDir Path tmp) {
    RunCommandTest.Outcome o = attack(tmp, "--no-dummies");
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().contains("--dummies must be on"), o.err());
    assertFalse(Files.exists(tmp.resolve("attack.csv")));
  }
}
