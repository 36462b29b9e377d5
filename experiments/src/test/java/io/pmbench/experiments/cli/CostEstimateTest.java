package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import io.pmbench.experiments.orchestration.CostEstimate;
import io.pmbench.experiments.orchestration.MeasuredCosts;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Costs before they are paid: the estimate table, {@code --budget}, and an ETA right from the start. */
class CostEstimateTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

  @Test
  void parseDuration_typedForms_andOneLineRefusal() {
    assertEquals(Duration.ofSeconds(90), CostEstimate.parseDuration("90s"));
    assertEquals(Duration.ofMinutes(90), CostEstimate.parseDuration("1h30m"));
    assertEquals(Duration.ofMinutes(30), CostEstimate.parseDuration("30min"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CostEstimate.parseDuration("soon"));
    assertTrue(e.getMessage().startsWith("--budget must be a duration > 0"), e.getMessage());
  }

  @Test
  void table_omniglotFig6WithPrivatePca_privatePcaDominatesAndIsNamed() {
    Map<CellKey, Long> pending = new LinkedHashMap<>();
    for (String m : List.of("privatemail", "private-pca", "random", "label-only")) {
      for (long seed = 1; seed <= 2; seed++) {
        pending.put(new CellKey("omniglot", m, "", 0.1, seed), 100L);
      }
    }
    CostEstimate est = CostEstimate.of(pending, "omniglot", 1000, 2, MeasuredCosts.shipped());
    assertEquals("private-pca", est.dominant().orElseThrow().mechanism());
    assertTrue(est.table().contains("warning: private-pca is "), est.table());
    double pca = MeasuredCosts.shipped().of("omniglot", "private-pca").orElseThrow().msPerQuery();
    assertTrue(est.wallSeconds() > 200 * pca / 1000 / 2, "at least private-pca's own share");
  }

  /**
   * The stored Omniglot fig6 run replayed cell by cell: the ETA, from before the first cell on,
   * stays within a factor of 1.5 of the work actually left (the cells' recorded ms per query,
   * spread over 2 cells at once). Without the priors, the ETA is missing or a lower bound until
   * every mechanism has finished a cell, which in this order takes most of the run.
   */
  @Test
  void eta_storedOmniglotFig6Replayed_withinOneAndAHalfOfTheTruthFromTheStart() throws IOException {
    List<CellRecord> cells = CellStore.read(ROOT.resolve("results/omniglot/paper/fig6")).all().stream()
        .filter(CellRecord::ok).toList();
    Map<CellKey, Long> pending = new LinkedHashMap<>();
    cells.forEach(c -> pending.put(c.key(), (long) c.queries()));
    CostEstimate est = CostEstimate.of(pending, "omniglot", 1000, 2, MeasuredCosts.shipped());
    WeightedEta eta = new WeightedEta(pending, est.msPerQuery(), 2);
    double total = cells.stream().mapToDouble(c -> c.queries() * c.meanQueryMillis()).sum() / 2 / 1000;
    assertEquals(1, est.wallSeconds() / total, 0.5, "estimate before the start vs the replayed total");
    double done = 0;
    int checked = 0;
    for (CellRecord c : cells.subList(0, cells.size() / 4)) {
      double truth = total - done;
      String text = eta.text(done);
      assertTrue(text.startsWith(", ETA ") && !text.contains(">"), text);
      double said = Double.parseDouble(text.replaceAll("[^0-9.]", ""));
      assertTrue(said > truth / 1.5 && said < truth * 1.5, "after " + checked + " cells: ETA " + said
          + " s, truth " + truth + " s");
      eta.cellFinished(c.key(), c.queries(), c.meanQueryMillis());
      done += c.queries() * c.meanQueryMillis() / 2 / 1000;
      checked++;
    }
  }

  @Test
  void budget_gridEstimatedAboveIt_refusedInOneLineBeforeAnyCellAndNothingLeft(@TempDir Path tmp) {
    Path dir = tmp.resolve("r");
    Outcome o = execute(smallRun(dir, "--mechanisms", "tsne,random", "--budget", "1s"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    String last = o.err().strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("pmbench: --budget must cover the grid's estimated ") && last.contains("(tsne is most "
        + "of it)") && last.contains("Provided value: 1 s"), o.err());
    assertTrue(o.err().contains("estimated cost of the 4 cells to compute"), o.err());
    assertFalse(Files.exists(dir), "a refused new run leaves no directory");
    Outcome fits = execute(smallRun(dir, "--mechanisms", "random", "--budget", "1h"));
    assertEquals(0, fits.exit(), fits.err());
  }

  /**
   * A run piloted and one not: the pilot prints its timed lines, and its queries, kept in the
   * cells' query logs and resumed by the grid, give the same results as the run without it.
   */
  @Test
  void pilot_given_timesEachMechanismAndTheResultsEqualARunWithoutIt(@TempDir Path tmp) throws IOException {
    Outcome piloted = execute(smallRun(tmp.resolve("a"), "--mechanisms", "privatemail,random", "--pilot", "3"));
    Outcome plain = execute(smallRun(tmp.resolve("b"), "--mechanisms", "privatemail,random", "--pilot", "0"));
    assertEquals(0, piloted.exit(), piloted.err());
    assertEquals(0, plain.exit(), plain.err());
    // at least 3 queries, more while under Pilot.MIN_TIMED_SECONDS (here the whole 40-query cells)
    assertTrue(java.util.regex.Pattern.compile("pilot: [0-9]+ queries of ").matcher(piloted.err()).find()
        && piloted.err().contains("the pilot took "),
        piloted.err());
    assertFalse(plain.err().contains("pilot"), plain.err());
    assertEquals(Files.readString(tmp.resolve("b/results.csv")), Files.readString(tmp.resolve("a/results.csv")));
    assertEquals(Files.readString(tmp.resolve("b/summary.csv")), Files.readString(tmp.resolve("a/summary.csv")));
  }

  @Test
  void usageDoc_costSection_isTheShippedTableAsGenerated() throws IOException {
    // fails when docs/usage.md's table was typed or left behind after the shipped costs were regenerated
    assertTrue(Files.readString(ROOT.resolve("docs/usage.md")).contains("<!-- measured-costs: generated, do not edit -->\n"
        + MeasuredCosts.shipped().toMarkdown() + "<!-- end measured-costs -->"), "regenerate the table in docs/usage.md");
  }
}
