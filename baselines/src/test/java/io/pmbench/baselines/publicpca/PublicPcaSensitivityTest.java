package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.pca.PcaTestData;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * public-pca's sensitivity against brute-force neighbours: for random D and random unit rows z,
 * D ∪ {z} against D ∪ {0} (SPEC.md §1's zero padding) changes the noise-free release by z·V in the
 * padded row only, of norm ≤ 1 = Δ; replacing z by another unit row z′ changes it by ≤ 2. Rows
 * along V's columns attain both bounds, so Δ = 1 is tight. Fails if the release of one row
 * depends on the others (e.g. μ or V taken from D rather than P), or V is not orthonormal.
 */
class PublicPcaSensitivityTest {
  private static final int D = 10;
  private static final int N = 25;

  @Test
  void projection_bruteForceNeighbours_changeAtMostOneAddRemoveAndTwoReplaceOne() {
    double worstAddRemove = 0;
    double worstReplace = 0;
    for (long seed = 1; seed <= 8; seed++) {
      ClientData data = PcaTestData.clientData(N + 1, D, 2, 3, seed);
      PublicPcaClient client = (PublicPcaClient) PublicPcaMechanismTest.MECHANISM.client(PcaTestData.view(data, 3),
          PublicPcaMechanismTest.params(Map.of("dims", "4"), 0.5, io.pmbench.core.privacy.NoiseCalibration.CLASSIC));
      PublicBasis basis = client.basis();
      float[] zs = PcaTestData.clientData(40, D, 1, 1, 100 + seed).rows().data(); // 40 random unit rows
      float[] candidates = Arrays.copyOf(zs, zs.length + 2 * D);
      for (int j = 0; j < D; j++) { // V's first column and its negation: the extreme rows
        candidates[zs.length + j] = (float) basis.basis()[j * 4];
        candidates[zs.length + D + j] = (float) -basis.basis()[j * 4];
      }
      int rowsOfZ = candidates.length / D;
      double[] padded = basis.project(withRow(data, 0, candidates, -1)); // row 0 replaced by the zero row
      for (int a = 0; a < rowsOfZ; a++) {
        double[] added = basis.project(withRow(data, 0, candidates, a));
        worstAddRemove = Math.max(worstAddRemove, changeOnlyInRow0(padded, added, 4));
        for (int b = 0; b < rowsOfZ; b++) {
          worstReplace = Math.max(worstReplace,
              changeOnlyInRow0(added, basis.project(withRow(data, 0, candidates, b)), 4));
        }
      }
    }
    System.out.printf("public-pca: max ||f(D) - f(D')|| add/remove %.9f (Delta = 1), replace-one %.9f (<= 2)%n",
        worstAddRemove, worstReplace);
    // float rows are clipped to norm ≤ 1; only rounding (~1e-7 from the float copy of V's column) remains
    assertTrue(worstAddRemove <= 1 + 1e-12, "add/remove sensitivity exceeded 1: " + worstAddRemove);
    assertTrue(worstAddRemove > 0.999999, "a row along V must attain the bound: " + worstAddRemove);
    assertTrue(worstReplace <= 2 + 1e-12, "replace-one change exceeded 2: " + worstReplace);
    assertTrue(worstReplace > 1.999999, "v and -v must attain 2 under replace-one: " + worstReplace);
  }

  /** D with row {@code row} set to candidate {@code which} of {@code candidates} (−1: the zero row). */
  private static FeatureMatrix withRow(ClientData data, int row, float[] candidates, int which) {
    float[] x = data.rows().data().clone();
    Arrays.fill(x, row * D, (row + 1) * D, 0f);
    if (which >= 0) {
      System.arraycopy(candidates, which * D, x, row * D, D);
    }
    return new FeatureMatrix(x, data.size(), D);
  }

  /** ‖a − b‖ over all rows, after checking that only row 0 differs (one row per neighbour). */
  private static double changeOnlyInRow0(double[] a, double[] b, int dims) {
    for (int i = dims; i < a.length; i++) {
      if (a[i] != b[i]) {
        throw new AssertionError("row " + i / dims + " changed although only row 0 differs");
      }
    }
    double s = 0;
    for (int c = 0; c < dims; c++) {
      s += (a[c] - b[c]) * (a[c] - b[c]);
    }
    return Math.sqrt(s);
  }
}
