package io.pmbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.FeatureMatrix;
import org.junit.jupiter.api.Test;

class BandwidthTest {
  @Test
  void medianHeuristic_threePointsOnALine_medianOfTheirDistances() {
    // rows 0, 1, 3 on one axis: distances 1, 3, 2 -> median 2
    FeatureMatrix x = new FeatureMatrix(new float[] {0, 0, 1, 0, 3, 0}, 3, 2);
    assertEquals(2.0, Bandwidth.medianHeuristic(x), 1e-12);
  }

  @Test
  void medianHeuristic_moreRowsThanTheSample_evenlySpacedRowsCoverEveryPart() {
    // 1,000 rows: the first half at 0, the second at 1 (a file sorted by class); 500 sampled rows
    // taken from the first 500 only would give median 0 and fail; evenly spaced ones give 1
    float[] d = new float[1000];
    for (int i = 500; i < 1000; i++) {
      d[i] = 1;
    }
    assertEquals(1.0, Bandwidth.medianHeuristic(new FeatureMatrix(d, 1000, 1)), 1e-12);
  }

  @Test
  void medianHeuristic_allRowsEqual_refusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Bandwidth.medianHeuristic(new FeatureMatrix(new float[] {1, 1, 1}, 3, 1)));
    assertEquals(true, e.getMessage().startsWith("median pairwise distance must be > 0"), e.getMessage());
  }
}
