package io.pmbench.datasets.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;

/** Checks every built-in set must pass. */
final class BuiltInAssertions {
  private BuiltInAssertions() {}

  /**
   * Every row of both splits has unit L2 norm (within 1e-5, float rounding over ~1,000 values)
   * and no negative value ({@code what}: pixel, ink, ...).
   */
  static void assertUnitNormNonNegativeRows(FeatureSet s, String what) {
    for (LabelledSet split : new LabelledSet[] {s.train(), s.test()}) {
      FeatureMatrix x = split.features();
      for (int r = 0; r < x.rows(); r++) {
        double norm = 0;
        for (int c = 0; c < x.cols(); c++) {
          float v = x.get(r, c);
          assertTrue(v >= 0, what + " must be >= 0");
          norm += (double) v * v;
        }
        assertEquals(1.0, norm, 1e-5, "row " + r);
      }
    }
  }
}
