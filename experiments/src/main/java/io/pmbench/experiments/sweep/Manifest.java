package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The manifest of a run directory ({@code run.json}): which experiment it holds, the canonical
 * configuration its cells were computed under and that configuration's SHA-256 (the
 * fingerprint), the grid of the last invocation and its command line. Cells of one directory
 * all share the fingerprint; a command with another configuration refuses to add to them.
 *
 * <p>The configuration covers everything a cell's numbers depend on except the cell's own key:
 * data set (spec and content SHA-256), preset, δ, protocol, and the mechanism parameters.
 * The grid (which mechanisms, ε and seeds) is not part of it, so a run can be extended with more
 * seeds or ε values and keep its finished cells.
 *
 * @param experiment the experiment name ({@code run}, {@code fig6}, ...)
 * @param config the canonical configuration (JSON tree, keys sorted)
 * @param grid the grid of the last invocation (JSON tree)
 * @param commandLine the last invocation's command line
 */
public record Manifest(String experiment, JsonNode config, JsonNode grid, String commandLine) {
  /** Format tag of run.json. */
  public static final String FORMAT = "pmbench-run/1";
  /** The field of run.json listing each cell file's SHA-256. */
  public static final String CELLS = "cells";
  /** The field of run.json listing each result file's SHA-256 ({@link ResultCells}); absent when there are none. */
  public static final String RESULTS = "results";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** A manifest from plain values (maps, lists, records; see {@link ProvenanceJson#toNode}). */
  public static Manifest of(String experiment, Map<String, ?> config, Map<String, ?> grid, String commandLine) {
    return new Manifest(experiment, ProvenanceJson.toNode(config), ProvenanceJson.toNode(grid), commandLine);
  }

  /** SHA-256 (hex) of the experiment name and the canonical configuration. */
  public String fingerprint() {
    try {
      byte[] text = (experiment + "\n" + MAPPER.writeValueAsString(config)).getBytes(StandardCharsets.UTF_8);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text));
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot fingerprint the configuration", e);
    }
  }

  /** The configuration keys whose values differ between this and {@code other} (sorted). */
  public List<String> differences(Manifest other) {
    TreeSet<String> keys = new TreeSet<>();
    if (!experiment.equals(other.experiment)) {
      keys.add("experiment");
    }
    Iterator<String> a = config.fieldNames();
    a.forEachRemaining(keys::add);
    other.config.fieldNames().forEachRemaining(keys::add);
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      if (k.equals("experiment") ? !experiment.equals(other.experiment) : !config.path(k).equals(other.config.path(k))) {
        out.add(k);
      }
    }
    return out;
  }

  /** The JSON text of run.json, listing no cells. */
  public String toJson() {
    return toJson(Map.of());
  }

  /**
   * The JSON text of run.json listing {@code cells} (cell file name to its SHA-256, {@link
   * CellHashes}) under {@value #CELLS}.
   */
  public String toJson(Map<String, String> cells) {
    return toJson(cells, Map.of());
  }

  /**
   * As {@link #toJson(Map)}, also listing {@code results} (result file name, relative to the
   * folder, to the SHA-256 of its bytes) under {@value #RESULTS} when there are any.
   */
  public String toJson(Map<String, String> cells, Map<String, String> results) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", FORMAT);
    root.put("experiment", experiment);
    root.put("fingerprint", fingerprint());
    root.set("config", config);
    root.set("grid", grid);
    root.put("commandLine", commandLine);
    ObjectNode listed = root.putObject(CELLS);
    new java.util.TreeMap<>(cells).forEach(listed::put);
    if (!results.isEmpty()) {
      ObjectNode files = root.putObject(RESULTS);
      new java.util.TreeMap<>(results).forEach(files::put);
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException("a JSON tree must always serialise", e);
    }
  }

  /**
   * The cells run.json lists with their SHA-256; empty for a run made before cells were hashed
   * (its run.json has no {@value #CELLS}).
   */
  public static java.util.Optional<Map<String, String>> cellHashes(String json, String source) {
    JsonNode root = tree(json, source);
    JsonNode listed = root == null ? null : root.get(CELLS);
    if (listed == null || !listed.isObject()) {
      return java.util.Optional.empty();
    }
    Map<String, String> out = new java.util.TreeMap<>();
    listed.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return java.util.Optional.of(out);
  }

  /** The result files run.json lists with their SHA-256 (empty when it lists none). */
  public static Map<String, String> resultHashes(String json, String source) {
    JsonNode listed = tree(json, source).path(RESULTS);
    Map<String, String> out = new java.util.TreeMap<>();
    listed.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }

  private static JsonNode tree(String json, String source) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException(source + " must be a pmbench run manifest (JSON). Provided value: "
          + e.getMessage());
    }
  }

  /** Parses run.json; {@code source} names the file in messages. */
  public static Manifest parse(String json, String source) {
    JsonNode root = tree(json, source);
    if (root == null || !FORMAT.equals(root.path("format").asText())) {
      throw new IllegalArgumentException(source + " must have format " + FORMAT + ". Provided value: "
          + (root == null ? "empty" : root.path("format").asText()));
    }
    Manifest m = new Manifest(root.path("experiment").asText(), root.path("config"), root.path("grid"),
        root.path("commandLine").asText());
    if (!m.fingerprint().equals(root.path("fingerprint").asText())) {
      throw new IllegalArgumentException(source + " fingerprint must match its config (was the file edited?). "
          + "Provided value: " + root.path("fingerprint").asText());
    }
    return m;
  }
}
