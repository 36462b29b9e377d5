package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every registered mechanism's results pinned with its {@code revision()}: a small run of all of
 * them (the CLI tests' synthetic set, 60 public rows, 1 seed, 12 queries, ε = 1) digests each
 * cell's query ids, hits and nearest gallery ids. A change that alters a mechanism's draws without
 * bumping its revision — so that stored cells of the old bits would be resumed beside new ones, as
 * happened to dp-dsne between 2026-11-24 and 11-25 — fails here. After an intended change of bits:
 * bump the mechanism's {@code revision()} and update its line below (the failure prints the new
 * table); a change that keeps every bit passes as is.
 */
class MechanismBitsPinTest {
  /** mechanism → "revision:first 16 hex digits of the digest". */
  private static final Map<String, String> PINNED = Map.ofEntries(
      Map.entry("dp-dsne", "1:39c7697081c9b2b4"),
      Map.entry("dp-dsne-official", "1:5a12e6ad59391450"),
      Map.entry("features", "1:53952e741b8c1256"),
      Map.entry("label-only", "1:684e44125372f44f"),
      Map.entry("private-pca", "2:543d849a7973f8bf"),
      Map.entry("private-rp", "1:ade4d32985261320"),
      Map.entry("privatemail", "1:5f0fd0b61a42583d"),
      Map.entry("privatemail-v1", "1:7ba1f71ed06dba2f"),
      Map.entry("public-pca", "1:ca726ce0a9cbbd37"),
      Map.entry("public-pca-tuned", "1:467c6bdbbf65e365"),
      Map.entry("random", "1:c0d280d5b35e5898"),
      Map.entry("shuffled-labels", "1:133f35fc0d56a226"),
      Map.entry("simhash-rr", "1:59f4c7768004baec"),
      Map.entry("smlq", "1:13c0fa1160ac8fdc"),
      Map.entry("smlq-cccp", "1:25e1b5633904de01"),
      Map.entry("tsne", "1:ae39dfd32931dcab"));

  @Test
  void everyMechanism_smallRun_bitsAndRevisionAsPinned(@TempDir Path tmp) throws IOException {
    Outcome o = execute("run", "--dataset", RunCommandTest.DATA, "--public", "60", "--queries", "12", "--epsilon", "1",
        "--seeds", "1", "--mechanisms", "all", "--out", tmp.resolve("run").toString());
    assertEquals(0, o.exit(), o.err());
    MechanismRegistry registry = MechanismRegistry.discover();
    ObjectMapper json = new ObjectMapper();
    Map<String, String> measured = new TreeMap<>();
    try (Stream<Path> cells = Files.list(tmp.resolve("run").resolve("cells"))) {
      for (Path f : cells.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        JsonNode cell = json.readTree(Files.readString(f));
        String mechanism = cell.get("key").get("mechanism").asText();
        String bits = cell.get("queryIndices") + "|" + cell.get("hits") + "|" + cell.get("nearest");
        measured.put(mechanism, registry.get(mechanism).revision() + ":" + sha256(bits).substring(0, 16));
      }
    }
    StringBuilder table = new StringBuilder();
    measured.forEach((m, v) -> table.append("      Map.entry(\"").append(m).append("\", \"").append(v)
        .append("\"),\n"));
    assertEquals(new TreeMap<>(PINNED), measured, "bits or revisions changed; if intended, bump the revision of"
        + " each changed mechanism and pin:\n" + table);
  }

  private static String sha256(String s) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }
}
