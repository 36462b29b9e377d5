package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.rp.PrivateRpMechanism;
import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Recall sanity of private-pca (PPCA and MOD-SULQ) and private-rp through the whole protocol
 * (ProtocolRunner: D = [r; P_r; P], the release, the server's projection — for private-pca with
 * the V the release publishes — and k-NN). Data: two well-separated classes (centres at distance
 * ≈ 1.4, within-class spread 0.05 per coordinate, d = 8), k = 2. At ε = 10⁶ (ANALYTIC) the noise
 * is negligible: Recall@1 must be ≥ 0.95. At ε = 10⁻³ the release is noise: Recall@1 must be
 * within 5 standard errors (0.25 for 100 queries) of chance, 0.5. Fails if the server projects
 * with a different subspace than the client, the query is placed in the wrong space, or the
 * noise is not applied.
 */
class ProjectionRecallTest {
  private static final FeatureSet DATA = twoClusters(2024, 8, 300, 200, 0.05);
  private static final ProtocolConfig CONFIG = new ProtocolConfig(60, 100, true, new int[] {1, 8});

  /** Two random unit class centres in R^dim; rows = centre + N(0, spread²) noise, normalised; labels i mod 2. */
  static FeatureSet twoClusters(long seed, int dim, int trainRows, int testRows, double spread) {
    SplittableRandom rng = Seeds.stream(seed, "two-clusters", "centres");
    double[][] centres = {Neighbours.unitRows(1, dim, rng), Neighbours.unitRows(1, dim, rng)};
    return new FeatureSet("two-clusters", split(centres, trainRows, spread, Seeds.stream(seed, "two-clusters", "train")),
        split(centres, testRows, spread, Seeds.stream(seed, "two-clusters", "test")), 2, new DatasetDefaults(1.0, 0.5),
        "0".repeat(64), Map.of(), "synthetic test data");
  }

  private static LabelledSet split(double[][] centres, int rows, double spread, SplittableRandom rng) {
    int dim = centres[0].length;
    float[] x = new float[rows * dim];
    int[] y = new int[rows];
    for (int i = 0; i < rows; i++) {
      y[i] = i % 2;
      for (int j = 0; j < dim; j++) {
        x[i * dim + j] = (float) (centres[y[i]][j] + spread * Seeds.gaussian(rng));
      }
    }
    FeatureMatrix.normalizeInPlace(x, rows, dim, "two-clusters");
    return new LabelledSet(new FeatureMatrix(x, rows, dim), y);
  }

  private static CellResult run(EmbeddingMechanism m, Map<String, String> options, double epsilon) {
    MechanismParams p = Preset.PAPER.builder(1, 0.5).options(options).calibration(NoiseCalibration.ANALYTIC)
        .build(epsilon, 1e-5);
    return new ProtocolRunner(DATA, CONFIG).run(m, p, 7, done -> {});
  }

  @Test
  void run_hugeAndTinyEpsilon_recallNearOneAndNearChance() {
    Object[][] cases = {{new PrivatePcaMechanism(), Map.of()}, {new PrivatePcaMechanism(), Map.of("method", "MOD_SULQ")},
        {new PrivateRpMechanism(), Map.of()}};
    for (Object[] c : cases) {
      EmbeddingMechanism m = (EmbeddingMechanism) c[0];
      @SuppressWarnings("unchecked")
      Map<String, String> options = (Map<String, String>) c[1];
      CellResult high = run(m, options, 1e6);
      CellResult low = run(m, options, 1e-3);
      System.out.printf("%s %s: Recall@1 = %.2f at eps = 1e6, %.2f at eps = 1e-3 (chance 0.5)%n", m.name(), options,
          high.recallAt(1), low.recallAt(1));
      assertTrue(high.recallAt(1) >= 0.95, m.name() + " " + options + ": Recall@1 at eps=1e6 = " + high.recallAt(1));
      assertEquals(0.5, low.recallAt(1), 0.25, m.name() + " " + options + ": Recall@1 at eps=1e-3");
    }
  }
}
