package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.benchmarks.Scores.Score;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The note's arithmetic from given scores (the JMH run itself is measured, not tested). */
class ReportTest {
  private static Score s(String bench, String method, Map<String, String> params, double ms) {
    return new Score(bench, method, params, ms, 0.1);
  }

  private static Scores sample() {
    return Scores.of(List.of(
        s("FloorBenchmark", "exps", Map.of(), 5.0),
        s("FloorBenchmark", "iteration", Map.of(), 0.5),
        s("FloorBenchmark", "crossBlock", Map.of(), 0.25),
        s("FloorBenchmark", "gaussians", Map.of(), 0.25),
        s("PrivateMailQueryBenchmark", "optimised", Map.of("nPublic", "1000"), 20.0),
        s("PrivateMailQueryBenchmark", "reference", Map.of("nPublic", "1000"), 4000.0),
        s("ScalingBenchmark", "query", Map.of("nPublic", "250", "gallery", "1000"), 1.0),
        s("ScalingBenchmark", "query", Map.of("nPublic", "500", "gallery", "1000"), 4.0)));
  }

  @Test
  void floorMillis_sampleScores_isExpsPlusSevenIterationsPlusRest() {
    // 5 + 7·0.5 + 0.25 + 0.25: fails if an SMLQ product is counted a wrong number of times.
    assertEquals(9.0, new Report(sample()).floorMillis(), 1e-12);
  }

  @Test
  void render_sampleScores_reportsSpeedupsFloorRatioAndGrowth() {
    String md = new Report(sample()).render(List.of());

    assertTrue(md.contains("| dense reference (official code's formulation, Java) | 4000 | 200 |"), md);
    assertTrue(md.contains("| official code as stated in issue 8 | 200 | 10.00 |"), md);
    assertTrue(md.contains("| **pmbench / floor** | 2.22 |"), md);
    assertTrue(md.contains("500: x4.00"), md);
  }

  @Test
  void render_twoCoreScoreAndNumpyTiming_perQueryWallTimeAndBothRatios() {
    // 8 queries in 40 ms on two cores = 5 ms per query: 40x the stated 0.2 s and 100x a NumPy
    // formulation timed at 0.5 s. Fails if the operation is not divided by its query count.
    List<Score> all = new java.util.ArrayList<>(sample().all());
    all.add(s("TwoCoreQueryBenchmark", "queries", Map.of(), 40.0));
    String md = new Report(Scores.of(all), 0.5).render(List.of());

    assertTrue(md.contains("| official code's formulation in NumPy, timed on this machine | 500 | 25.00 |"), md);
    assertTrue(md.contains("| pmbench, 8 queries at once | 5.00 | 40.00 | 100 |"), md);
  }

  @Test
  void parsePositive_badOrNonPositive_isNaN() {
    assertEquals(0.62, Report.parsePositive("0.62"));
    assertTrue(Double.isNaN(Report.parsePositive("-1")));
    assertTrue(Double.isNaN(Report.parsePositive("fast")));
    assertTrue(Double.isNaN(Report.parsePositive("Infinity")));
  }

  @Test
  void scalingFigure_missingPoints_areNaN() {
    double[] y = new Report(sample()).scalingFigure().series().get(0).y();

    assertEquals(1.0, y[0]);
    assertEquals(4.0, y[1]);
    assertTrue(Arrays.stream(y, 2, y.length).allMatch(Double::isNaN));
  }

  @Test
  void fromCsv_writtenScores_roundTrip() {
    Scores back = Scores.fromCsv(Arrays.asList(sample().toCsv().split("\n")), "scores.csv");

    assertEquals(sample().all(), back.all());
  }

  @Test
  void fromCsv_malformedLine_namesSourceAndLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Scores.fromCsv(List.of(Scores.CSV_HEADER, "A,b,,notanumber,1"), "x.csv"));

    assertTrue(e.getMessage().startsWith("x.csv line 2"), e.getMessage());
  }
}
