package io.pmbench.baselines;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.testkit.MechanismConformance;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The test kit's checks on every mechanism this module registers (those whose class lives in
 * {@code io.pmbench.baselines}; core's are checked in the testkit module), at the kit's defaults.
 * What each check catches is in {@link MechanismConformance}'s method comments.
 */
class BaselinesConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyBaseline_passesTheKit() {
    MechanismRegistry registry = MechanismRegistry.discover();
    return registry.names().stream().map(registry::get)
        .filter(m -> m.getClass().getPackageName().startsWith("io.pmbench.baselines"))
        .flatMap(BaselinesConformanceTest::kit);
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
