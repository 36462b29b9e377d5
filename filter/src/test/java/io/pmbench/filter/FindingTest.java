package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict on the paper's Figure 7b finding, on hand-made accuracy rows. */
class FindingTest {
  static FilterExperiment.AccuracyRow row(String mechanism, double b, double priv, double util) {
    return new FilterExperiment.AccuracyRow("case2", mechanism, b, b, b, b, Double.NaN, "mlp", priv, 0.01, util, 0.01,
        3, 0.5, 0.5);
  }

  static Finding finding(double filterPriv, double filterUtil, double gaussPriv, double gaussUtil) {
    List<FilterExperiment.AccuracyRow> rows = List.of(row("none", 0, 0.90, 0.95), row("filter", 10, 0.89, 0.95),
        row("gaussian", 10, 0.90, 0.95), row("filter", 100, filterPriv, filterUtil),
        row("gaussian", 100, gaussPriv, gaussUtil));
    return Finding.of(rows, "case2", "mlp").orElseThrow();
  }

  @Test
  void of_paperShapedNumbers_reproducesAtTheLargestBudget() {
    Finding f = finding(0.65, 0.94, 0.75, 0.80);
    assertTrue(f.budget() == 100, "judged at the largest budget");
    assertTrue(f.reproduces(), f.sentence());
    assertTrue(f.filterPrivateNotAboveGaussian(), f.sentence());
    assertTrue(f.sentence().contains("REPRODUCES"), f.sentence());
  }

  @Test
  void of_filterLosesUtility_doesNotReproduce() {
    Finding f = finding(0.65, 0.90, 0.75, 0.80);
    assertFalse(f.filterKeepsUtility());
    assertFalse(f.reproduces());
    assertTrue(f.sentence().contains("does NOT reproduce"), f.sentence());
  }

  @Test
  void of_gaussianKeepsUtility_doesNotReproduce() {
    assertFalse(finding(0.65, 0.95, 0.75, 0.94).gaussianLowersBoth());
    assertFalse(finding(0.88, 0.95, 0.75, 0.80).filterLowersPrivate());
  }

  @Test
  void filterPrivateNotAboveGaussian_filterLeaksMore_falseButVerdictUnchanged() {
    // the three-part finding holds, the caption's stronger claim does not (case 2, mlp, in the run of docs/filter.md)
    Finding f = finding(0.71, 0.945, 0.67, 0.69);
    assertTrue(f.reproduces(), f.sentence());
    assertFalse(f.filterPrivateNotAboveGaussian(), f.sentence());
  }
}
