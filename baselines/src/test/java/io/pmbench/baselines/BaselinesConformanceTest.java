package io.pmbench.baselines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.testkit.MechanismConformance;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The test kit's checks on every mechanism this module registers (those whose class lives in
 * {@code io.pmbench.baselines}; core's are checked in the testkit module), at the kit's defaults.
 * What each check catches is in {@link MechanismConformance}'s method comments.
 */
class BaselinesConformanceTest {
  /**
   * The mechanisms this module registers, pinned: one that drops out of discovery fails
   * {@link #discovery_findsThePinnedSet} instead of its kit checks silently vanishing.
   */
  private static final List<String> BASELINES = List.of("dp-dsne", "dp-dsne-official", "private-pca", "private-rp",
      "privatemail-v1", "public-pca", "public-pca-tuned", "simhash-rr", "smlq-cccp", "tsne", "tsne-smile");

  @Test
  void discovery_findsThePinnedSet() {
    MechanismRegistry registry = MechanismRegistry.discover();
    assertEquals(BASELINES, registry.names().stream()
        .filter(n -> registry.get(n).getClass().getPackageName().startsWith("io.pmbench.baselines")).toList());
  }

  @TestFactory
  Stream<DynamicTest> everyBaseline_passesTheKit() {
    MechanismRegistry registry = MechanismRegistry.discover();
    return BASELINES.stream().map(registry::get).flatMap(BaselinesConformanceTest::kit);
  }

  /**
   * private-pca also under MOD-SULQ (its release D·V + N gets δ/2 instead of δ), so both budget
   * splits meet the claim and noise checks.
   */
  @TestFactory
  Stream<DynamicTest> privatePcaModSulq_passesTheKit() {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).options(Map.of("method", "MOD_SULQ")).build(0.5, 1e-5);
    return MechanismConformance.of(MechanismRegistry.discover().get("private-pca")).withParams(p)
        .labelled("private-pca MOD_SULQ").tests();
  }

  private static Stream<DynamicTest> kit(EmbeddingMechanism m) {
    return MechanismConformance.of(m).tests();
  }
}
