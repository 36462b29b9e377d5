package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.retrieval.NearestLists;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The DP ceiling read from constructed cells: R_indep, the ceiling and the claims row's verdicts
 * (exceeds / within / undecided), and what format-1 cells and non-private mechanisms get.
 */
class CeilingsTest {
  private static final int K = Stats.K;
  private static final int CLASSES = 10;

  /**
   * A cell of {@code n} queries, query i of class i mod 10 (π uniform, 1/10 each); query i hits
   * when {@code hit(i)}; its top K hold {@code spread} distinct classes starting at its own
   * class when it hits, else starting at the next one (so R_indep's term is spread/10).
   */
  private static CellRecord cell(String guarantee, long seed, int n, java.util.function.IntPredicate hit, int spread,
      boolean lists) {
    boolean[][] hits = new boolean[n][1];
    int[] ids = new int[n];
    int[] queryLabels = new int[n];
    int[] top = new int[n * K];
    int[] topLabels = new int[n * K];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
      queryLabels[i] = i % CLASSES;
      hits[i][0] = hit.test(i);
      int start = hits[i][0] ? queryLabels[i] : queryLabels[i] + 1;
      for (int j = 0; j < K; j++) {
        top[i * K + j] = 5000 + j;
        topLabels[i * K + j] = (start + j % spread) % CLASSES;
      }
    }
    return new CellRecord(new CellKey("d", "m", "", 0.1, seed), "f", CellRecord.Outcome.OK, "", "paper", 1e-5, Map.of(),
        new int[] {K}, ids, hits, 1, 0, new CellRecord.Claim(guarantee, guarantee, 1, 1, "CLASSIC",
            guarantee.equals("NONE") ? "n/a" : PrivacyClaim.ADD_REMOVE_ROW, "labels of D", List.of()), 0,
        new TreeMap<>(), "abc", lists ? Optional.of(new NearestLists(K, queryLabels, top, topLabels)) : Optional.empty());
  }

  private static List<CellRecord> seeds(String guarantee, int n, java.util.function.IntPredicate hit, int spread,
      boolean lists) {
    List<CellRecord> out = new ArrayList<>();
    for (long s = 1; s <= 3; s++) {
      out.add(cell(guarantee, s, n, hit, spread, lists));
    }
    return out;
  }

  private static ClaimRow row(List<CellRecord> cells) {
    List<ClaimRow> rows = Claims.ceilingRows(List.of(Ceilings.of("m", 0.1, cells, K, 1)));
    assertEquals(1, rows.size());
    return rows.get(0);
  }

  @Test
  void of_handMadeCells_rIndepAndCeilingAsComputedByHand() {
    // Every query's top K hold 2 classes of frequency 1/10: R_indep = 0.2 exactly; without
    // dummies the query replacement is 2 steps, so the ceiling is e^0.2 * 0.2 + (1 + e^0.1) 1e-5.
    Ceilings.Point p = Ceilings.of("m", 0.1, seeds("APPROXIMATE_DP", 100, i -> i % 2 == 0, 2, true), K, 1);
    assertEquals(0.2, p.rIndep().orElseThrow().mean(), 1e-12);
    assertEquals(Math.exp(0.2) * 0.2 + (1 + Math.exp(0.1)) * 1e-5, p.ceiling().orElseThrow()[0], 1e-12);
    assertEquals(0.5 - p.ceiling().orElseThrow()[0], p.excess().orElseThrow().mean(), 1e-12);
  }

  @Test
  void ceilingRows_recallFarAboveCeiling_exceeds() {
    // Recall 1 against a ceiling of about 0.12 (R_indep 0.1): the paired interval lies far above 0.
    assertEquals(Ceilings.EXCEEDS, row(seeds("NOT_DP", 200, i -> true, 1, true)).verdict());
  }

  @Test
  void ceilingRows_recallFarBelowCeiling_within() {
    // Recall 0 against a ceiling of about 0.12: the interval lies below 0.
    assertEquals(Ceilings.WITHIN, row(seeds("APPROXIMATE_DP", 200, i -> false, 1, true)).verdict());
  }

  @Test
  void ceilingRows_recallNearCeilingFewQueries_undecided() {
    // R_indep 0.5 gives a ceiling of about 0.61; 6 of 10 queries hit in each seed: the difference
    // is about -0.01 with an interval some 0.3 wide, which settles nothing.
    ClaimRow r = row(seeds("APPROXIMATE_DP", 10, i -> i < 6, 5, true));
    assertEquals(ClaimRow.UNDECIDED, r.verdict(), r.evidence());
  }

  @Test
  void ceilingRows_formatOneCells_cannotTestAndSayHowToGetIt() {
    ClaimRow r = row(seeds("APPROXIMATE_DP", 50, i -> true, 1, false));
    assertEquals(ClaimRow.CANNOT_TEST, r.verdict());
    assertTrue(r.evidence().contains("pmbench-cell/2") && r.evidence().contains("--fresh"), r.evidence());
  }

  @Test
  void ceilingRows_nonPrivate_noRow() {
    assertTrue(Claims.ceilingRows(List.of(Ceilings.of("m", 0.1, seeds("NONE", 50, i -> true, 1, true), K, 1)))
        .isEmpty());
  }

  @Test
  void ceilingRows_labelsAssumedPublic_bothReadingsStated() {
    ClaimRow r = row(seeds("APPROXIMATE_DP", 50, i -> true, 1, true));
    assertTrue(r.evidence().contains("features-only reading") && r.evidence().contains("Appendix B"), r.evidence());
  }

  @Test
  void withColumns_summaryGainsRIndepAndCeilingPerGroup() {
    List<CellRecord> cells = seeds("APPROXIMATE_DP", 100, i -> i % 2 == 0, 2, true);
    var summary = io.pmbench.reports.ResultsTable.aggregate(ReportPages.summaries(cells));
    var t = Ceilings.withColumns(summary, cells, 1);
    assertEquals(0.2, t.doubleColumn(Ceilings.rIndepColumn(K)).get(0), 1e-12);
    assertEquals(Math.exp(0.2) * 0.2 + (1 + Math.exp(0.1)) * 1e-5, t.doubleColumn(Ceilings.ceilingColumn(K)).get(0),
        1e-12);
  }
}
