package io.pmbench.core.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The server's choice of L_X layout (option {@code server}). */
class SmlqServerTest {
  private static final int DIM = 6;

  private static MechanismParams params(Map<String, String> options) {
    return Preset.PAPER.builder(0.8, 0.5).iterations(3).options(options).build(0.5, 1e-5);
  }

  private static LabelledSet set(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[] x = new float[n * DIM];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % 3;
      for (int j = 0; j < DIM; j++) {
        x[i * DIM + j] = (float) Seeds.gaussian(rng);
      }
    }
    FeatureMatrix.normalizeInPlace(x, n, DIM, "test");
    return new LabelledSet(new FeatureMatrix(x, n, DIM), y);
  }

  @Test
  void server_blockwiseOption_sameEmbeddingAndKeyAsDefault() {
    // Fails if the blockwise layout changes a bit of the server embedding, or if naming it
    // changed the cache key (stored runs would then be rebuilt or refused).
    ServerView view = new ServerView(set(120, 1), set(40, 2), 3, 7);
    SmlqServer dense = SmlqServer.embed(view, params(Map.of("server", "dense")));
    SmlqServer blockwise = SmlqServer.embed(view, params(Map.of("server", "blockwise")));

    assertArrayEquals(dense.gallery().data(), blockwise.gallery().data(), 0.0);
    assertArrayEquals(dense.publicRows().data(), blockwise.publicRows().data(), 0.0);
    assertEquals(SmlqServer.key(params(Map.of())), SmlqServer.key(params(Map.of("server", "blockwise"))));
  }

  @Test
  void key_knnOption_namesTheApproximation() {
    String knn = SmlqServer.key(params(Map.of("server", "knn", "serverNeighbours", "8")));

    assertNotEquals(SmlqServer.key(params(Map.of())), knn);
    assertEquals(SmlqServer.key(params(Map.of())) + ",server=knn,neighbours=8", knn);
  }

  @Test
  void validate_unknownLayout_throws() {
    assertThrows(IllegalArgumentException.class, () -> new SmlqMechanism().validate(params(Map.of("server", "x"))));
    assertThrows(IllegalArgumentException.class,
        () -> new PrivateMailMechanism().validate(params(Map.of("serverNeighbours", "0"))));
  }
}
