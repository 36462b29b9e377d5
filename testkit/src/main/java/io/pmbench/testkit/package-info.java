/**
 * Conformance checks any mechanism plugin runs in its own tests, so that a new mechanism gets the
 * same scrutiny as the built-in ones from one test class:
 * <pre>{@code
 * class MyMechanismConformanceTest {
 *   @TestFactory
 *   Stream<DynamicTest> conformance() {
 *     return MechanismConformance.of(new MyMechanism())
 *         .withParams(Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5))
 *         .tests();
 *   }
 * }
 * }</pre>
 * {@link io.pmbench.testkit.MechanismConformance} runs the mechanism on a small synthetic data set
 * ({@link io.pmbench.testkit.ConformanceData}) and checks (a) determinism, (b) that
 * {@code readsEpsilon()} is what the release does, (c) that a private claim states the parameters'
 * ε and δ, a neighbouring relation, a finite positive Δ and noise scale, and a scale that is its
 * calibration of Δ; and, for an {@link io.pmbench.core.mechanism.Auditable} mechanism, (d) the
 * noise of each stage by a moment test with a stated false-failure probability
 * ({@link io.pmbench.testkit.NoiseMoments}; for randomised response, the flip rate,
 * {@link io.pmbench.testkit.FlipRate}) and (e) each stage's sensitivity by brute force over
 * neighbouring pairs ({@link io.pmbench.testkit.NeighbourPair}; by default add/remove of each
 * private row with zero padding, SPEC.md §1). Checks a mechanism needs beyond these (hand-computed
 * constants, its own bounds' tightness, adversarial neighbours) stay in its own tests, which can
 * pass those neighbours to the kit and use {@link io.pmbench.testkit.UnitRows} for data.
 *
 * <p>{@link io.pmbench.testkit.PluginJar} builds a plugin jar from its sources at test time, for
 * tests that load a plugin as a user would (its own class loader, or its own process).
 *
 * <p>The kit depends on core and JUnit's API at compile scope; other modules use it at test scope.
 * Core's own mechanisms are checked in this module's tests (core cannot depend on the kit).
 */
package io.pmbench.testkit;
