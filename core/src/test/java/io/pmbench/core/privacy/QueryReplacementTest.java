package io.pmbench.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link QueryReplacement}: (ε′, δ′) for replacing the whole query, per neighbouring relation.
 * Each test fails if the group-privacy arithmetic (or the count of steps) were wrong, which would
 * draw a ceiling that is either not implied by the claim (too low) or looser than it (too high).
 */
class QueryReplacementTest {
  private static final double EPS = 0.1;
  private static final double DELTA = 1e-5;

  @Test
  void of_addRemoveWithoutDummies_twoSteps() {
    QueryReplacement r = QueryReplacement.of(Guarantee.APPROXIMATE_DP, EPS, DELTA, PrivacyClaim.ADD_REMOVE_ROW, 1);
    assertTrue(r.bounded());
    assertEquals(2, r.steps());
    assertEquals(0.2, r.epsilon(), 1e-15);
    assertEquals((1 + Math.exp(EPS)) * DELTA, r.delta(), 1e-20);
  }

  /** A release of r alone whose neighbours are any two queries needs no group privacy: one step, its own (ε, 0). */
  @Test
  void of_replaceQueryPureDp_oneStepItsOwnEpsilon() {
    QueryReplacement r = QueryReplacement.of(Guarantee.PURE_DP, EPS, DELTA, PrivacyClaim.REPLACE_QUERY, 2);
    assertTrue(r.bounded());
    assertEquals(1, r.steps());
    assertEquals(EPS, r.epsilon(), 0.0);
    assertEquals(0.0, r.delta(), 0.0);
  }

  @Test
  void of_addRemoveWithDummies_fourSteps() {
    // The query row and one class-dependent dummy are replaced: 4 add/remove steps.
    QueryReplacement r = QueryReplacement.of(Guarantee.APPROXIMATE_DP, EPS, DELTA, PrivacyClaim.ADD_REMOVE_ROW, 2);
    assertEquals(4, r.steps());
    assertEquals(0.4, r.epsilon(), 1e-15);
    assertEquals((1 + Math.exp(0.1) + Math.exp(0.2) + Math.exp(0.3)) * DELTA, r.delta(), 1e-20);
  }

  @Test
  void of_pureDp_deltaZero() {
    QueryReplacement r = QueryReplacement.of(Guarantee.PURE_DP, EPS, DELTA, PrivacyClaim.ADD_REMOVE_ROW, 1);
    assertEquals(0.0, r.delta());
    assertEquals(0.2, r.epsilon(), 1e-15);
  }

  @Test
  void of_notDp_usesTheStatedEpsilon() {
    // A NOT_DP claim is judged at what it states.
    QueryReplacement r = QueryReplacement.of(Guarantee.NOT_DP, EPS, DELTA, PrivacyClaim.ADD_REMOVE_ROW, 1);
    assertTrue(r.bounded());
    assertEquals(0.2, r.epsilon(), 1e-15);
  }

  @Test
  void of_none_unbounded() {
    QueryReplacement r = QueryReplacement.of(Guarantee.NONE, Double.NaN, Double.NaN, "n/a", 1);
    assertFalse(r.bounded());
    assertTrue(Double.isNaN(r.ceiling(0.3)));
  }

  @Test
  void of_attributeLevel_unbounded() {
    // private-rp's attribute-level relation protects one entry of a row, not a whole query.
    QueryReplacement r = QueryReplacement.of(Guarantee.APPROXIMATE_DP, EPS, DELTA,
        "one entry of one row of D changes by at most 2 (attribute-level)", 1);
    assertFalse(r.bounded());
    assertTrue(r.explanation().contains("attribute-level"), r.explanation());
  }

  @Test
  void ceiling_formula_minOfOneAndBound() {
    QueryReplacement r = QueryReplacement.of(Guarantee.APPROXIMATE_DP, EPS, DELTA, PrivacyClaim.ADD_REMOVE_ROW, 1);
    assertEquals(Math.exp(0.2) * 0.3 + r.delta(), r.ceiling(0.3), 1e-15);
    assertEquals(1.0, r.ceiling(0.9));
  }
}
