package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Manifest;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The claims rows judged on hand-made fig6 cells whose recalls are known exactly. */
class ClaimsTest {
  private static final int QUERIES = 200;
  private static final List<Long> SEEDS = List.of(1L, 2L, 3L);

  /** A cell whose Recall@8 is {@code recall} (the first recall * QUERIES queries hit). */
  private static CellRecord cell(String mechanism, double eps, long seed, double recall, String guarantee) {
    boolean[][] hits = new boolean[QUERIES][1];
    for (int i = 0; i < Math.round(recall * QUERIES); i++) {
      hits[i][0] = true;
    }
    return new CellRecord(new CellKey("fashion-mnist", mechanism, "", eps, seed), "f", CellRecord.Outcome.OK, "",
        "paper", 1e-5, Map.of(), new int[] {8}, new int[QUERIES], hits, 1, 0, new CellRecord.Claim(guarantee,
            guarantee, Double.NaN, Double.NaN, "CLASSIC", "n/a", "n/a", List.of()), 0, new TreeMap<>(), "abc");
  }

  /** A fig6 view: privatemail and label-only at ε = 0.1 with the given recalls per seed, random at chance. */
  private static RunView fig6(double[] privatemail, double[] labelOnly) {
    Map<CellKey, CellRecord> cells = new HashMap<>();
    for (int s = 0; s < SEEDS.size(); s++) {
      long seed = SEEDS.get(s);
      for (CellRecord c : List.of(cell("privatemail", 0.1, seed, privatemail[s], "APPROXIMATE_DP"),
          cell("label-only", 0.1, seed, labelOnly[s], "NONE"), cell("random", 0.1, seed, 0.57, "NONE"))) {
        cells.put(c.key(), c);
      }
    }
    Map<String, Object> grid = new LinkedHashMap<>();
    grid.put("mechanisms", List.of("privatemail", "label-only", "random"));
    grid.put("epsilons", List.of(0.1));
    grid.put("seeds", SEEDS);
    grid.put("epsilonFree", List.of("random"));
    grid.put("referenceEpsilon", 0.1);
    Manifest m = Manifest.of("fig6", Map.of("datasetName", "fashion-mnist", "preset", "paper"), grid, "test");
    return new RunView(Path.of("."), m, cells, MissingNode.getInstance());
  }

  private static Claims.Row row(RunView fig6, String id) {
    return Claims.rows(Map.of("fig6", fig6)).stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void featuresMatter_privatemailFarAboveLabelOnly_reproduced() {
    Claims.Row r = row(fig6(new double[] {0.90, 0.91, 0.89}, new double[] {0.50, 0.52, 0.51}), "features-matter");
    assertEquals(Claims.REPRODUCED, r.verdict(), r.evidence());
    assertTrue(r.evidence().contains("privatemail 0.900") && r.evidence().contains("label-only 0.510")
        && r.evidence().contains("eps 0.1: +0.390 (beyond)"), r.evidence());
  }

  @Test
  void featuresMatter_intervalsOverlap_notReproduced() {
    // privatemail higher on average, but the 95% intervals over seeds overlap: not "beyond the interval"
    Claims.Row r = row(fig6(new double[] {0.60, 0.52, 0.68}, new double[] {0.55, 0.50, 0.60}), "features-matter");
    assertEquals(Claims.NOT_REPRODUCED, r.verdict(), r.evidence());
  }

  @Test
  void aboveChance_privatemailAtChance_notReproduced() {
    Claims.Row r = row(fig6(new double[] {0.56, 0.58, 0.57}, new double[] {0.50, 0.52, 0.51}), "fig6-above-chance");
    assertEquals(Claims.NOT_REPRODUCED, r.verdict(), r.evidence());
  }

  @Test
  void auditRows_infinitePointEstimate_saysWhyInsteadOfInfinity() {
    // one error rate of the threshold test measured 0: the rates alone bound nothing, the lower
    // bound (0 here) is the result
    io.pmbench.experiments.audit.AuditRow a = new io.pmbench.experiments.audit.AuditRow("privatemail", "CLASSIC",
        "noisy SMLQ step", "standard", 0.1, 1e-5, 3.2e-7, 2.0e-9, 0.0, Double.POSITIVE_INFINITY, 20000, "p", "p.json",
        "");
    Claims.Row r = Claims.auditRows(java.util.Optional.of(List.of(a))).get(0);
    assertTrue(r.evidence().contains("lower bound 0.000 [95% one-sided, point estimate unbounded: an error rate "
        + "measured 0]"), r.evidence());
    assertTrue(!r.evidence().contains("Infinity"), r.evidence());
    assertEquals("0.642", Claims.pointEstimate(0.6421));
  }

  @Test
  void rows_withoutParts_everyRowCannotBeTested() {
    List<Claims.Row> rows = Claims.rows(Map.of());
    assertTrue(rows.size() >= 8, rows.toString());
    rows.forEach(r -> assertEquals(Claims.CANNOT_TEST, r.verdict(), r.id()));
    assertTrue(rows.stream().anyMatch(r -> r.id().equals("fig5-sigma-search")), "fig5's rows keep their ids");
  }
}
