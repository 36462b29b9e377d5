package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Manifest;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The explaining claims rows ({@link ExplainClaims}) on hand-made cells whose recalls are known
 * exactly (3 seeds × 200 queries, ClaimsTest's fixture). Each test fails if the row reads the wrong
 * mechanisms, pairs the wrong runs, or turns an unresolved difference into a verdict.
 */
class ExplainClaimsTest {
  private static final List<Long> SEEDS = List.of(1L, 2L, 3L);

  /** A fig6-like view: mechanism → Recall@8 per ε (the same on every seed), and the label numbering. */
  private static RunView view(Map<String, Map<Double, Double>> recall, String numbering) {
    Map<CellKey, CellRecord> cells = new HashMap<>();
    java.util.Set<Double> eps = new java.util.TreeSet<>();
    recall.forEach((m, byEps) -> byEps.forEach((e, r) -> {
      eps.add(e);
      for (long seed : SEEDS) {
        CellRecord c = ClaimsTest.cell(m, e, seed, r, m.equals("privatemail") || m.equals("public-pca")
            ? "APPROXIMATE_DP" : "NONE");
        cells.put(c.key(), c);
      }
    }));
    Map<String, Object> grid = new LinkedHashMap<>();
    grid.put("mechanisms", List.copyOf(recall.keySet()));
    grid.put("epsilons", List.copyOf(eps));
    grid.put("seeds", SEEDS);
    grid.put("epsilonFree", List.of());
    grid.put("referenceEpsilon", 0.1);
    Map<String, Object> config = new LinkedHashMap<>(Map.of("datasetName", "fashion-mnist", "preset", "official-code"));
    config.put("protocol", numbering.equals("joint") ? Map.of() : Map.of("labelNumbering", numbering));
    return new RunView(Path.of("."), Manifest.of("fig6", config, grid, "test"), cells, MissingNode.getInstance());
  }

  private static Map<String, Map<Double, Double>> at01(double pm, double labelOnly, double shuffled, double random) {
    Map<String, Map<Double, Double>> m = new LinkedHashMap<>();
    m.put("privatemail", Map.of(0.1, pm));
    m.put("label-only", Map.of(0.1, labelOnly));
    m.put("shuffled-labels", Map.of(0.1, shuffled));
    m.put("random", Map.of(0.1, random));
    return m;
  }

  private static ClaimRow row(List<ClaimRow> rows, String id) {
    return rows.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void labelIsTheRecall_privatemailEqualsLabelOnlyAndBeatsShuffled_reproduced() {
    // ClaimsTest.cell hits the first recall*200 queries: 0.14 vs 0.14 identical, 0.14 vs 0.06 nested.
    List<ClaimRow> rows = ExplainClaims.rows(view(at01(0.14, 0.14, 0.06, 0.06), "per-split"), null);
    ClaimRow r = row(rows, "label-is-the-recall");
    assertEquals(ClaimRow.REPRODUCED, r.verdict(), r.evidence());
  }

  @Test
  void labelIsTheRecall_privatemailFarAboveLabelOnly_notReproduced() {
    ClaimRow r = row(ExplainClaims.rows(view(at01(0.60, 0.14, 0.06, 0.06), "joint"), null), "label-is-the-recall");
    assertEquals(ClaimRow.NOT_REPRODUCED, r.verdict(), r.evidence());
  }

  @Test
  void labelIdsCollide_perSplitAboveJoint_reproducedAndPairsTheTwoRuns() {
    RunView perSplit = view(at01(0.14, 0.14, 0.06, 0.07), "per-split");
    RunView joint = view(at01(0.013, 0.013, 0.013, 0.07), "joint");

    ClaimRow asFig6 = row(ExplainClaims.rows(perSplit, joint), "label-ids-collide");
    ClaimRow asIds = row(ExplainClaims.rows(joint, perSplit), "label-ids-collide");

    assertEquals(ClaimRow.REPRODUCED, asFig6.verdict(), asFig6.evidence());
    assertEquals(asFig6.evidence(), asIds.evidence(), "which run is fig6 must not change the difference");
    assertTrue(asFig6.evidence().contains("privatemail per-split − privatemail joint = 0.125"), asFig6.evidence());
  }

  @Test
  void labelIdsCollide_withoutIdsPart_cannotTest() {
    ClaimRow r = row(ExplainClaims.rows(view(at01(0.14, 0.14, 0.06, 0.06), "per-split"), null),
        "label-ids-collide");
    assertEquals(ClaimRow.CANNOT_TEST, r.verdict());
  }

  @Test
  void plainGaussian_privatemailBelowPublicPcaAtOneEpsilon_notReproducedAndListsEpsilonsAboveChance() {
    Map<String, Map<Double, Double>> m = new LinkedHashMap<>();
    m.put("privatemail", Map.of(0.1, 0.30, 8.0, 0.30));
    m.put("public-pca", Map.of(0.1, 0.05, 8.0, 0.60));
    m.put("random", Map.of(0.1, 0.07, 8.0, 0.07));

    ClaimRow r = row(ExplainClaims.rows(view(m, "joint"), null), "plain-gaussian");

    assertEquals(ClaimRow.NOT_REPRODUCED, r.verdict(), r.evidence());
    assertTrue(r.evidence().contains("public-pca beats random at epsilon 8.0"), r.evidence());
    assertTrue(r.evidence().contains("privatemail beats random at epsilon 0.1, 8.0"), r.evidence());
  }
}
