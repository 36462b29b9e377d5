package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.random.NoiseOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pmbench release}: one query's release with system noise and its privacy statement. */
class ReleaseCommandTest {
  private static final String DATA = RunCommandTest.DATA; // d = 16, 5 classes

  private static RunCommandTest.Outcome release(Path query, Path out, String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of("release", "--dataset", DATA, "--public", "40",
        "--query", query.toString(), "--out", out.toString()));
    args.addAll(List.of(extra));
    return RunCommandTest.execute(args.toArray(new String[0]));
  }

  private static Path csvQuery(Path dir) throws Exception {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < 16; i++) {
      line.append(0.1 * (i + 1)).append(',');
    }
    return Files.writeString(dir.resolve("q.csv"), line.append("2\n").toString());
  }

  @Test
  void release_csvQuery_writesOneRowPerRowOfDAndAStatementNamingEpsilonAndDelta(@TempDir Path tmp) throws Exception {
    // Fails if the release is not the client's whole D (query, a dummy per other class, 40 public rows) in k = 2
    // columns, or if the statement omits the claim a recipient must check.
    RunCommandTest.Outcome o = release(csvQuery(tmp), tmp.resolve("release.csv"));
    assertEquals(0, o.exit(), o.err());
    List<String> rows = Files.readAllLines(tmp.resolve("release.csv"));
    assertTrue(rows.size() >= 1 + 40 && rows.size() <= 1 + 4 + 40, "rows: " + rows.size());
    rows.forEach(r -> assertEquals(2, r.split(",").length, r));
    JsonNode s = new ObjectMapper().readTree(tmp.resolve("release.privacy.json").toFile());
    assertEquals(1.0, s.path("epsilon").asDouble());
    assertEquals(1e-5, s.path("delta").asDouble());
    assertEquals("APPROXIMATE_DP", s.path("guarantee").asText());
    assertTrue(s.path("neighbouring").asText().contains("add/remove one row"), s.toString());
    assertTrue(s.path("sensitivity").asDouble() > 0 && s.path("noiseScale").asDouble() > 0, s.toString());
    assertEquals(NoiseOrigin.SYSTEM_STATEMENT, s.path("noise").asText());
    assertEquals(rows.size(), s.path("embeddingShape").get(0).asInt());
    assertTrue(o.out().contains("statement in"), o.out());
  }

  @Test
  void release_sameQueryTwice_differentReleases(@TempDir Path tmp) throws Exception {
    // Privacy-relevant: fails if the release were a function of public values (seed, data set, query):
    // the DRBG-drawn noise makes two releases of the same query differ in every coordinate.
    Path q = csvQuery(tmp);
    assertEquals(0, release(q, tmp.resolve("a.csv")).exit());
    assertEquals(0, release(q, tmp.resolve("b.csv")).exit());
    assertNotEquals(Files.readString(tmp.resolve("a.csv")), Files.readString(tmp.resolve("b.csv")));
  }

  @Test
  void release_npyRowToNpy_rightShape(@TempDir Path tmp) throws Exception {
    float[] row = new float[16];
    java.util.Arrays.fill(row, 0.25f);
    Path q = tmp.resolve("q.npy");
    Files.write(q, NpyTestFiles.float32Row(row));
    RunCommandTest.Outcome o = release(q, tmp.resolve("r.npy"), "--label", "1", "--k", "3");
    assertEquals(0, o.exit(), o.err());
    byte[] b = Files.readAllBytes(tmp.resolve("r.npy"));
    String header = new String(b, 10, b[8] & 0xff, java.nio.charset.StandardCharsets.US_ASCII);
    assertTrue(header.matches("(?s).*'shape': \\(\\d+, 3\\).*"), header);
    int rows = Integer.parseInt(header.replaceAll("(?s).*'shape': \\((\\d+), 3\\).*", "$1"));
    assertEquals(10 + (b[8] & 0xff) + 8L * rows * 3, b.length);
  }

  @Test
  void release_badInputs_oneLineExitTwoNothingWritten(@TempDir Path tmp) throws Exception {
    Path wrongWidth = Files.writeString(tmp.resolve("w.csv"), "0.1,0.2,0.3,1\n");
    Path npy = tmp.resolve("q.npy");
    Files.write(npy, NpyTestFiles.float32Row(new float[16]));
    for (RunCommandTest.Outcome o : List.of(
        release(wrongWidth, tmp.resolve("o.csv")),
        release(npy, tmp.resolve("o.csv")), // no --label
        release(csvQuery(tmp), tmp.resolve("o.txt")),
        release(tmp.resolve("missing.csv"), tmp.resolve("o.csv")),
        release(csvQuery(tmp), tmp.resolve("o.csv"), "--epsilon", "-1"),
        release(csvQuery(tmp), tmp.resolve("o.csv"), "--mechanism", "random"))) {
      assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
      assertEquals(1, o.err().lines().filter(l -> !l.startsWith("pmbench release: loading")).count(), o.err());
    }
    assertFalse(Files.exists(tmp.resolve("o.csv")));
    assertFalse(Files.exists(tmp.resolve("o.privacy.json")));
  }
}
