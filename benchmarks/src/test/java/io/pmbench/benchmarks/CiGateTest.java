package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.benchmarks.Scores.Score;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate's decision from a run's scores (the JMH run itself is {@code .ci/run}'s job). */
class CiGateTest {
  private static Score score(String method, String nPublic, double millis) {
    return new Score("PrivateMailQueryBenchmark", method, Map.of("nPublic", nPublic), millis, Double.NaN);
  }

  private static Score whole(String nPublic, double millis) {
    return new Score("WholeQueryBenchmark", "query", Map.of("nPublic", nPublic, "galleryRows", "2000"), millis,
        Double.NaN);
  }

  @Test
  void verdict_speedupAtThreshold_passes() {
    String v = CiGate.verdict(Scores.of(List.of(whole("250", 2.0), score("reference", "250", 40.0))),
        20);

    assertTrue(v.endsWith("PASS"), v);
    assertTrue(v.contains("speedup 20.0x"), v);
  }

  @Test
  void verdict_speedupBelowThreshold_fails() {
    String v = CiGate.verdict(Scores.of(List.of(whole("250", 2.1), score("reference", "250", 40.0))),
        20);

    assertTrue(v.endsWith("FAIL"), v);
  }

  @Test
  void verdict_scoresOfAnotherSize_fails() {
    // The gate compares the pair at its own P only: a fast score at another size must not pass it.
    String v = CiGate.verdict(Scores.of(List.of(whole("1000", 1.0), score("reference", "250", 40.0))),
        20);

    assertTrue(v.endsWith("FAIL"), v);
  }

  @Test
  void verdict_kernelScoreInsteadOfWholePath_fails() {
    // The gate times the whole query path: the client kernel alone must not stand in for it.
    String v = CiGate.verdict(Scores.of(List.of(score("optimised", "250", 1.0), score("reference", "250", 40.0))),
        20);

    assertTrue(v.endsWith("FAIL"), v);
  }

  @Test
  void speedup_matchingPair_isReferenceOverOptimised() {
    Scores s = Scores.of(List.of(score("optimised", "250", 4.0), score("reference", "250", 10.0),
        score("reference", "1000", 99.0)));

    assertEquals(2.5, s.speedup("PrivateMailQueryBenchmark", "optimised", "reference", Map.of("nPublic", "250"))
        .getAsDouble(), 1e-15);
  }
}
