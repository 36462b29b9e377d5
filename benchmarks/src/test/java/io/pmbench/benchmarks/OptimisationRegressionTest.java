package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pins every bit of a small fixed-seed cell ({@link CellFingerprint}: server embedding, released
 * client embeddings, per-query Recall@K hits) to the numbers of the pre-optimisation code path.
 *
 * <p>The expected fingerprints were computed by running {@link CellFingerprint} against the core
 * module as it was before the performance work (the commit before "core: tiled kernel blocks,
 * cached gallery index, exact and IVF retrieval": full n × n kernel from row-by-row loops, no
 * cached public block, no tiles, no index, no threads); today's code gives the same values, so the
 * optimisations changed no result. The test fails when a later change alters any released number
 * of these cells — a performance change must not (say in its note why if it has to, and re-pin);
 * so must a change of the random draws (e.g. a different noise sampler under the {@code paper}
 * preset), which would alter what a published seed reproduces.
 */
class OptimisationRegressionTest {
  @ParameterizedTest
  @CsvSource({
    "smlq, ecfed3440c4943f0",
    "privatemail, 98a9cca0fa937e1e",
    "label-only, 3e9936561747ad0c",
    "features, c797adb33d93a798",
    "random, 94ca3201599ebc6a"
  })
  void fingerprint_fixedSeedCell_equalsPreOptimisationCode(String mechanism, String expected) {
    assertEquals(expected, CellFingerprint.of(mechanism), mechanism + " cell differs from the pre-optimisation code");
  }
}
