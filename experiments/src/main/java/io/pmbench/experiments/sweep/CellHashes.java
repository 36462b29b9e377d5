package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The SHA-256 a cell file carries (field {@value #FIELD}) and its run's {@code run.json} lists.
 *
 * <p><b>Canonical content</b>: the cell's JSON tree without the {@value #FIELD} field, with the
 * keys of every object sorted (by UTF-16 code units, {@link String#compareTo}), serialised by
 * Jackson without whitespace, in UTF-8. Numbers print as Jackson prints the parsed value, so a
 * change of indentation does not change the hash, while any change of a value (a hit, a key, a
 * number) does.
 *
 * <p>What it proves: a cell was not edited by hand or damaged since it was written. It is not a
 * signature: anyone can recompute the hash of an edited cell and stamp it (into the cell and
 * {@code run.json}); the hash makes an edit evident, not impossible.
 */
public final class CellHashes {
  /** The field of a cell file that holds its hash. */
  public static final String FIELD = "sha256";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private CellHashes() {}

  /** SHA-256 (hex) of the canonical content of {@code cell}. */
  public static String of(JsonNode cell) {
    JsonNode canonical = sorted(cell);
    if (canonical instanceof ObjectNode o) {
      o.remove(FIELD);
    }
    try {
      return sha256(MAPPER.writeValueAsString(canonical).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot hash a cell", e);
    }
  }

  /** SHA-256 (hex) of {@code bytes}: a result file's, as {@code run.json} lists it. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 must be available", e);
    }
  }

  /** A deep copy of {@code node} with every object's keys sorted. */
  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode out = MAPPER.createObjectNode();
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      for (String n : names) {
        out.set(n, sorted(node.get(n)));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = MAPPER.createArrayNode();
      node.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node;
  }
}
