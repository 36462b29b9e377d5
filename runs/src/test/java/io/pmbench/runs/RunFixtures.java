package io.pmbench.runs;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Test inputs shared with the tests of modules that write run directories (test-jar). */
public final class RunFixtures {
  /** A SHA-256 (64 lower-case hex digits). */
  public static final String SHA_A = "a".repeat(64);
  /** A 40-digit commit. */
  public static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

  private RunFixtures() {}

  /** The provenance of a finished fig6 run on cub200 with three seeds. */
  public static Provenance provenance() {
    return new Provenance("pmbench fig6 --dataset cub200 --seeds 3",
        Map.of("epsilons", List.of(0.1, 1.0), "dataset", "cub200", "queries", 1000),
        List.of(1L, 2L, 3L), "cub200", SHA_A.toUpperCase(Locale.ROOT),
        Map.of("features/cub200_train.npy", "b".repeat(64)), COMMIT, false, "0.1.0-SNAPSHOT",
        "17.0.15", "Debian", "Linux", "amd64", 8, 4L << 30,
        Instant.parse("2024-05-01T10:00:00Z"), Instant.parse("2024-05-01T10:02:30.500Z"));
  }
}
