package io.pmbench.testkit;

import io.pmbench.core.mechanism.MechanismRegistry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The kit's checks on every mechanism core registers (the class path of this module holds core
 * alone, so {@link MechanismRegistry#discover()} lists exactly core's), at the kit's defaults.
 * What each check catches is in {@link MechanismConformance}'s method comments.
 */
class CoreMechanismsConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyCoreMechanism_passesTheKit() {
    MechanismRegistry registry = MechanismRegistry.discover();
    return registry.names().stream().flatMap(n -> MechanismConformance.of(registry.get(n)).tests());
  }
}
