package io.pmbench.baselines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.Guarantee;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link EmbeddingMechanism#readsEpsilon()} of every registered mechanism against what its
 * release does: grids compute a mechanism that says false once per seed and draw it at every ε,
 * so its release must be the same at ε = 0.1 (CLASSIC noise under {@code paper}) and ε = 8
 * (ANALYTIC) for the same random stream, and it must not claim differential privacy.
 */
class EpsilonIndependenceTest {
  private static final FeatureSet DATA = SyntheticData.clustered(11, 3, 8, 60, 20, 0.1);

  private static MechanismParams params(double epsilon) {
    return Preset.PAPER.builder(1.0, 0.5).build(epsilon, 1e-5);
  }

  private static ClientRelease release(EmbeddingMechanism m, double epsilon) {
    MechanismParams p = params(epsilon);
    LabelledSet pub = DATA.train();
    ServerSide server = m.server(new ServerView(DATA.test(), pub, 3, 9), p);
    FeatureMatrix f = pub.features();
    int d = f.cols();
    float[] rows = new float[(1 + f.rows()) * d];
    System.arraycopy(DATA.test().features().data(), 0, rows, 0, d);
    System.arraycopy(f.data(), 0, rows, d, f.rows() * d);
    int[] labels = new int[1 + f.rows()];
    labels[0] = DATA.test().labels()[0];
    System.arraycopy(pub.labels(), 0, labels, 1, f.rows());
    ClientData data = new ClientData(new FeatureMatrix(rows, 1 + f.rows(), d), labels, 1);
    return m.client(new ClientView(pub, 3, server.publicRows(), 9), p).embed(data, new SplittableRandom(5));
  }

  private static long[] bits(double[] a) {
    return Arrays.stream(a).mapToLong(Double::doubleToRawLongBits).toArray();
  }

  @Test
  void readsEpsilonFalse_releaseSameAtEveryEpsilonAndNoDpClaim() {
    // Fails if a mechanism that grids draw once per seed reads epsilon after all (its curve would
    // be one epsilon's numbers drawn at every epsilon) or claims a guarantee calibrated to it.
    MechanismRegistry registry = MechanismRegistry.discover();
    List<String> free = registry.names().stream().filter(n -> !registry.get(n).readsEpsilon()).toList();
    assertTrue(free.containsAll(List.of("features", "smlq", "smlq-cccp", "tsne", "random", "dp-dsne-official")),
        "epsilon-free mechanisms: " + free);
    for (String name : free) {
      EmbeddingMechanism m = registry.get(name);
      ClientRelease low = release(m, 0.1);
      ClientRelease high = release(m, 8);
      assertArrayEquals(bits(low.embedding().data()), bits(high.embedding().data()), name + " depends on epsilon");
      Guarantee g = low.claim().guarantee();
      assertFalse(g == Guarantee.APPROXIMATE_DP || g == Guarantee.PURE_DP, name + " claims " + g);
    }
  }

  @Test
  void readsEpsilonTrue_forEveryMechanismClaimingDp() {
    // The converse: a mechanism whose claim is differential privacy must be recomputed at each
    // epsilon. Fails if a private mechanism were marked epsilon-free by mistake.
    MechanismRegistry registry = MechanismRegistry.discover();
    for (String name : List.of("privatemail", "privatemail-v1", "dp-dsne", "private-pca", "private-rp", "public-pca",
        "shuffled-labels")) {
      assertTrue(registry.get(name).readsEpsilon(), name);
    }
  }
}
