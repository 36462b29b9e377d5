package io.pmbench.experiments.orchestration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server layout a run gets when it gives none: exact up to 20,000 gallery rows, k-NN above. */
class ServerLayoutDefaultTest {
  private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
  private static final List<EmbeddingMechanism> SERVED = List.of(REGISTRY.get("smlq"), REGISTRY.get("privatemail"),
      REGISTRY.get("features"));
  private static final int AT = ServerLayoutDefault.KNN_ABOVE_GALLERY_ROWS;

  @Test
  void of_galleryAtTheThreshold_keepsTheGivenOptions() {
    // fails if a gallery as large as the stored runs' (10,000) or the threshold itself changed layout:
    // their configurations, fingerprints and folder names would change
    ServerLayoutDefault d = ServerLayoutDefault.of(Map.of(), AT, SERVED);
    assertEquals(Map.of(), d.options());
    assertFalse(d.chosen());
  }

  @Test
  void of_galleryAboveTheThreshold_addsKnnAndSaysWhy() {
    ServerLayoutDefault d = ServerLayoutDefault.of(Map.of("noiseSampler", "secure"), AT + 1, SERVED);
    assertEquals(Map.of("noiseSampler", "secure", "server", "knn"), d.options());
    assertTrue(d.chosen());
    assertTrue(d.note().contains("server layout knn") && d.note().contains("privatemail, smlq")
        && d.note().contains("20,001 rows, more than 20,000") && d.note().contains("serverNeighbours=32"), d.note());
  }

  @Test
  void of_serverGivenPlainlyOrForOneMechanism_changesNothing() {
    for (Map<String, String> given : List.of(Map.of("server", "auto"), Map.of("smlq.server", "blockwise"))) {
      ServerLayoutDefault d = ServerLayoutDefault.of(given, 100_000, SERVED);
      assertEquals(given, d.options());
      assertFalse(d.chosen(), given.toString());
    }
  }

  @Test
  void of_noMechanismWithAServer_changesNothing() {
    ServerLayoutDefault d = ServerLayoutDefault.of(Map.of(), 100_000, List.of(REGISTRY.get("features")));
    assertEquals(Map.of(), d.options());
    assertFalse(d.chosen());
  }
}
