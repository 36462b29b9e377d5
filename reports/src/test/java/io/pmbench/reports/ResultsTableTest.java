package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

class ResultsTableTest {
  private static List<CellSummary> threeSeeds() {
    return List.of(
        Fixtures.privateCell("privatemail", 11, 100, 50, 70, 1.0, 1000),
        Fixtures.privateCell("privatemail", 12, 100, 60, 80, 2.0, 2000),
        Fixtures.privateCell("privatemail", 13, 200, 140, 180, 4.0, 3000));
  }

  @Test
  void perSeed_twoCells_hasDocumentedColumnsAndOneRowPerCell() {
    Table table = ResultsTable.perSeed(List.of(
        Fixtures.privateCell("privatemail", 1, 10, 8, 9, 1.5, 2500),
        Fixtures.nonPrivateCell("features", 1, 10, 10, 10)));
    assertEquals(List.of("dataset", "mechanism", "preset", "epsilon", "delta", "seed", "queries",
        "R@1", "R@1 lo", "R@1 hi", "R@8", "R@8 lo", "R@8 hi", "ms/query", "server s",
        "guarantee", "Δ", "noise scale", "neighbouring", "assumed public", "calibration",
        "caveat"), table.columnNames());
    assertEquals(2, table.rowCount());
    assertEquals(0.8, table.doubleColumn("R@1").get(0), 0.0);
    assertEquals(0.4902, table.doubleColumn("R@1 lo").get(0), 5e-5);
    assertEquals(2.5, table.doubleColumn("server s").get(0), 0.0);
    assertTrue(table.doubleColumn("Δ").isMissing(1));
    assertEquals("none", table.stringColumn("guarantee").get(1));
  }

  @Test
  void perSeed_differentKs_missingWhereAbsent() {
    CellSummary onlyK1 = new CellSummary("cub200", "random", "paper", 0.1, 1e-5, 1, 10,
        new TreeMap<>(Map.of(1, Intervals.wilson(1, 10))), 0.1, 1, "none",
        Double.NaN, Double.NaN, "", "", "none", "");
    Table table = ResultsTable.perSeed(
        List.of(onlyK1, Fixtures.nonPrivateCell("features", 1, 10, 10, 10)));
    assertTrue(table.doubleColumn("R@8").isMissing(0));
    assertEquals(1.0, table.doubleColumn("R@8").get(1), 0.0);
  }

  // R@1 hits 50/100, 60/100, 140/200 and R@8 hits 70/100, 80/100, 180/200: the mean over all
  // 400 queries is 250/400 = 0.625 and 330/400 = 0.825 (not the mean of the seeds' recalls,
  // 0.6 and 0.8). The interval is the two-level bootstrap's (SPEC.md §10), deterministic for
  // these counts; its ends are pinned (the lower end, 0.4933 = 148/300, is a resample drawing
  // seeds 11 and 12 mostly). The Student-t interval this table used to print, 0.6 ± 0.248 and
  // an R@8 upper end of 1.048 clipped to 1, is gone. The time is weighted by queries:
  // (100·1 + 100·2 + 200·4)/400 = 2.75 ms.
  @Test
  void aggregate_threeSeeds_meanOverAllQueriesAndTwoLevelBootstrapInterval() {
    Table summary = ResultsTable.aggregate(threeSeeds());
    assertEquals(1, summary.rowCount());
    assertEquals(3, summary.intColumn("seeds").get(0));
    assertEquals(400, summary.intColumn("queries").get(0));
    assertTrue(summary.intColumn("queries/seed").isMissing(0), "the seeds differ in queries");
    assertEquals("95% two-level bootstrap (2000 resamples)",
        summary.stringColumn("interval").get(0));
    assertEquals(0.625, summary.doubleColumn("R@1").get(0), 0.0);
    assertEquals(0.49333333333333335, summary.doubleColumn("R@1 lo").get(0), 1e-12);
    assertEquals(0.706, summary.doubleColumn("R@1 hi").get(0), 1e-12);
    assertEquals(0.825, summary.doubleColumn("R@8").get(0), 0.0);
    assertEquals(0.6933333333333334, summary.doubleColumn("R@8 lo").get(0), 1e-12);
    assertEquals(0.9033333333333333, summary.doubleColumn("R@8 hi").get(0), 1e-12);
    assertEquals(Bootstrap.recallOfCounts(List.of(new SeedCount(11, 50, 100),
        new SeedCount(12, 60, 100), new SeedCount(13, 140, 200))).interval(),
        new Interval(summary.doubleColumn("R@1").get(0), summary.doubleColumn("R@1 lo").get(0),
            summary.doubleColumn("R@1 hi").get(0)));
    assertEquals(2.75, summary.doubleColumn("ms/query").get(0), 1e-12);
    assertEquals(2.0, summary.doubleColumn("server s").get(0), 1e-12);
    assertEquals("(0.1, 1e-05)-DP", summary.stringColumn("guarantee").get(0));
    assertFalse(summary.containsColumn("Δ"));
  }

  // One seed: the seed level has nothing to resample, so the interval is the percentile
  // bootstrap over its queries (8 of 10 hit).
  @Test
  void aggregate_oneSeed_bootstrapOverItsQueries() {
    CellSummary cell = Fixtures.privateCell("privatemail", 1, 10, 8, 9, 1.0, 1);
    Table summary = ResultsTable.aggregate(List.of(cell));
    assertEquals(10, summary.intColumn("queries/seed").get(0));
    BootstrapInterval expected = Bootstrap.recallOfCounts(List.of(new SeedCount(1, 8, 10)));
    assertEquals(0.8, summary.doubleColumn("R@1").get(0), 0.0);
    assertEquals(expected.low(), summary.doubleColumn("R@1 lo").get(0), 0.0);
    assertEquals(expected.high(), summary.doubleColumn("R@1 hi").get(0), 0.0);
    assertTrue(expected.low() >= 0.4 && expected.high() == 1.0, expected.text());
  }

  @Test
  void aggregate_twoMechanisms_oneRowEachInFirstAppearanceOrder() {
    Table summary = ResultsTable.aggregate(List.of(
        Fixtures.nonPrivateCell("random", 1, 10, 1, 2),
        Fixtures.privateCell("privatemail", 1, 10, 5, 6, 1, 1),
        Fixtures.nonPrivateCell("random", 2, 10, 2, 3)));
    assertEquals(List.of("random", "privatemail"),
        summary.stringColumn("mechanism").asList());
    assertEquals(List.of(2, 1), summary.intColumn("seeds").asList());
  }

  @Test
  void aggregate_repeatedSeed_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ResultsTable.aggregate(List.of(
            Fixtures.nonPrivateCell("random", 1, 10, 1, 2),
            Fixtures.nonPrivateCell("random", 1, 10, 2, 3))));
    assertEquals("seeds of (cub200, random, paper, ε=0.1, δ=1.0E-5) must be distinct. "
        + "Provided value: [1, 1]", e.getMessage());
  }

  // Averaging seeds made under different privacy claims would report a number no single
  // claim supports; the aggregate must refuse.
  @Test
  void aggregate_seedsWithDifferentGuarantees_throws() {
    CellSummary dp = Fixtures.privateCell("privatemail", 1, 10, 5, 6, 1, 1);
    CellSummary notDp = new CellSummary("cub200", "privatemail", "paper", 0.1, 1e-5, 2, 10,
        Fixtures.recall(10, 5, 6), 1, 1, "NOT DP (official-code noise)", 1, 1, "", "", "", "");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ResultsTable.aggregate(List.of(dp, notDp)));
    assertTrue(e.getMessage().startsWith("privacy guarantee of the seeds of (cub200, "
        + "privatemail, paper, ε=0.1, δ=1.0E-5) must be one shared value."), e.getMessage());
  }

  @Test
  void toConsole_summary_containsEveryMechanismInAlignedColumns() {
    List<CellSummary> cells = new ArrayList<>(threeSeeds());
    cells.add(Fixtures.nonPrivateCell("features", 11, 100, 90, 99));
    cells.add(Fixtures.nonPrivateCell("label-only", 11, 100, 30, 45));
    String text = ResultsTable.toConsole(ResultsTable.aggregate(cells));
    List<String> lines = text.lines().toList();
    assertEquals(2 + 3, lines.size(), text);
    for (String mechanism : List.of("privatemail", "features", "label-only")) {
      assertTrue(text.contains(mechanism), text);
    }
    String header = lines.get(0);
    assertTrue(header.contains("R@1 [95% CI]") && header.contains("R@8 [95% CI]"), header);
    int mechanismStart = header.indexOf("mechanism");
    int msEnd = header.indexOf("ms/query") + "ms/query".length();
    int guaranteeStart = header.indexOf("guarantee");
    for (String line : lines.subList(2, lines.size())) {
      // left-aligned text starts under its header, right-aligned numbers end under theirs
      assertTrue(line.charAt(mechanismStart - 1) == ' '
          && line.charAt(mechanismStart) != ' ', line);
      assertTrue(Character.isDigit(line.charAt(msEnd - 1)) && line.charAt(msEnd) == ' ', line);
      assertTrue(line.charAt(guaranteeStart - 1) == ' '
          && line.charAt(guaranteeStart) != ' ', line);
    }
    assertTrue(header.contains("seeds × queries"), header);
    assertTrue(lines.get(2).contains("0.625 [0.493, 0.706]"), lines.get(2));
    assertTrue(lines.get(2).contains("3 seeds, 400 q"), lines.get(2));
    assertTrue(lines.get(3).contains("1 × 100"), lines.get(3));
    assertTrue(lines.get(2).contains("(0.1, 1e-05)-DP"), lines.get(2));
  }

  @Test
  void toConsole_perSeedTable_showsSeedColumn() {
    String text = ResultsTable.toConsole(ResultsTable.perSeed(threeSeeds()));
    assertTrue(text.lines().findFirst().orElseThrow().contains("seed"), text);
    assertTrue(text.contains(" 13  "), text);
  }

  @Test
  void toConsole_absentK_throws() {
    Table table = ResultsTable.perSeed(threeSeeds());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ResultsTable.toConsole(table, List.of(4)));
    assertEquals("K must be one of [1, 8]. Provided value: 4", e.getMessage());
  }
}
