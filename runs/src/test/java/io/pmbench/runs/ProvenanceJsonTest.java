package io.pmbench.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProvenanceJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  enum Calibration { CLASSIC }

  record Kernel(String scale, double sigma, Calibration calibration) {}

  private static List<String> keys(JsonNode node) {
    List<String> keys = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      keys.add(it.next());
    }
    return keys;
  }

  @Test
  void toJson_provenance_roundTripsEveryField() throws Exception {
    Provenance p = RunFixtures.provenance();
    JsonNode json = JSON.readTree(ProvenanceJson.toJson(p));
    assertEquals(List.of("format", "commandLine", "config", "seeds", "datasetName",
        "datasetSha256", "fileChecksums", "gitCommit", "gitDirty", "codeVersion", "javaVersion",
        "javaVendor", "osName", "osArch", "availableProcessors", "maxHeapBytes", "startTime",
        "endTime", "durationSeconds"), keys(json));
    assertEquals(p.commandLine(), json.get("commandLine").asText());
    assertEquals(List.of(1L, 2L, 3L),
        JSON.convertValue(json.get("seeds"), JSON.getTypeFactory()
            .constructCollectionType(List.class, Long.class)));
    assertEquals("cub200", json.get("datasetName").asText());
    assertEquals(RunFixtures.SHA_A, json.get("datasetSha256").asText());
    assertEquals("b".repeat(64), json.get("fileChecksums").get("features/cub200_train.npy")
        .asText());
    assertEquals(RunFixtures.COMMIT, json.get("gitCommit").asText());
    assertFalse(json.get("gitDirty").asBoolean());
    assertEquals("0.1.0-SNAPSHOT", json.get("codeVersion").asText());
    assertEquals(8, json.get("availableProcessors").asInt());
    assertEquals(4L << 30, json.get("maxHeapBytes").asLong());
    assertEquals(p.startTime(), Instant.parse(json.get("startTime").asText()));
    assertEquals(p.endTime(), Instant.parse(json.get("endTime").asText()));
    assertEquals(150.5, json.get("durationSeconds").asDouble(), 0.0);
    assertEquals(List.of("dataset", "epsilons", "queries"), keys(json.get("config")));
    assertEquals(1.0, json.get("config").get("epsilons").get(1).asDouble(), 0.0);
    assertEquals(1000, json.get("config").get("queries").asInt());
  }

  @Test
  void toJson_sameProvenanceTwice_identicalText() {
    assertEquals(ProvenanceJson.toJson(RunFixtures.provenance()),
        ProvenanceJson.toJson(RunFixtures.provenance()));
  }

  @Test
  void toNode_recordEnumPathNaNAndSet_writtenReadably() {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("kernel", new Kernel("TWO_SIGMA_SQUARED", 6, Calibration.CLASSIC));
    config.put("out", Path.of("results/run1"));
    config.put("start", Instant.parse("2024-05-01T10:00:00Z"));
    config.put("noise", Double.NaN);
    config.put("mechanisms", Set.of("tsne", "features", "privatemail"));
    config.put("ks", new int[] {1, 2, 4, 8});
    JsonNode node = ProvenanceJson.toNode(config);
    assertEquals("{\"kernel\":{\"scale\":\"TWO_SIGMA_SQUARED\",\"sigma\":6.0,"
        + "\"calibration\":\"CLASSIC\"},\"ks\":[1,2,4,8],"
        + "\"mechanisms\":[\"features\",\"privatemail\",\"tsne\"],\"noise\":\"NaN\","
        + "\"out\":\"results/run1\",\"start\":\"2024-05-01T10:00:00Z\"}", node.toString());
  }

  @Test
  void toNode_cyclicList_throws() {
    List<Object> cycle = new ArrayList<>();
    cycle.add(cycle);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ProvenanceJson.toNode(cycle));
    assertTrue(e.getMessage().startsWith("config nesting depth must be <= 32"), e.getMessage());
  }

  @Test
  void provenance_endBeforeStart_throws() {
    Provenance p = RunFixtures.provenance();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Provenance(p.commandLine(), p.config(), p.seeds(), p.datasetName(),
            p.datasetSha256(), p.fileChecksums(), p.gitCommit(), p.gitDirty(), p.codeVersion(),
            p.javaVersion(), p.javaVendor(), p.osName(), p.osArch(), p.availableProcessors(),
            p.maxHeapBytes(), p.endTime(), p.startTime()));
    assertEquals("endTime must be not before startTime 2024-05-01T10:02:30.500Z. "
        + "Provided value: 2024-05-01T10:00:00Z", e.getMessage());
  }

  @Test
  void provenance_badSha_throws() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Provenance.of("pmbench", Map.of(), List.of(1L), "cub200", "abc123", Map.of(),
            new GitInfo(GitInfo.UNKNOWN, true), Instant.EPOCH, Instant.EPOCH));
    assertEquals("datasetSha256 must be 64 hex digits (a SHA-256). Provided value: abc123",
        e.getMessage());
  }

  @Test
  void of_thisJvm_fillsEnvironmentAndVersion() {
    Provenance p = Provenance.of("pmbench", Map.of("k", 2), List.of(7L), "cub200",
        RunFixtures.SHA_A, Map.of(), new GitInfo(RunFixtures.COMMIT, false), Instant.EPOCH,
        Instant.EPOCH.plusSeconds(1));
    assertEquals(System.getProperty("java.version"), p.javaVersion());
    assertEquals(Runtime.getRuntime().availableProcessors(), p.availableProcessors());
    assertEquals(CodeVersion.current(), p.codeVersion());
    assertEquals(RunFixtures.COMMIT, p.gitCommit());
  }
}
