package io.pmbench.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.core.Preconditions;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * {@link Provenance} as pretty-printed JSON with a stable key order: {@code "format"} first,
 * then the record's components in declaration order, then {@code "durationSeconds"}. Map keys
 * (config, file checksums, nested maps) are sorted; instants are ISO-8601 strings ({@link
 * java.time.Instant#toString()}), so no Jackson time module is needed; NaN and infinities are
 * written as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
 */
public final class ProvenanceJson {
  /** Identifies the layout; bump it when a key is renamed or removed. */
  public static final String FORMAT = "pmbench-provenance/1";

  private static final int MAX_DEPTH = 32;
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ProvenanceJson() {}

  /** The JSON text, ending with a newline. */
  public static String toJson(Provenance provenance) {
    try {
      return MAPPER.writeValueAsString(toTree(provenance)) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException("a JSON tree must always serialise", e);
    }
  }

  /** Writes {@link #toJson} to {@code out}; does not close it. */
  public static void write(Provenance provenance, Writer out) throws IOException {
    out.write(toJson(provenance));
  }

  /** The JSON tree of {@code provenance}. */
  public static ObjectNode toTree(Provenance provenance) {
    Preconditions.nonNull(provenance, "provenance");
    ObjectNode root = NODES.objectNode();
    root.put("format", FORMAT);
    for (RecordComponent component : Provenance.class.getRecordComponents()) {
      root.set(component.getName(), toNode(accessorValue(component, provenance), 0));
    }
    Duration duration = Duration.between(provenance.startTime(), provenance.endTime());
    root.put("durationSeconds", duration.toMillis() / 1000.0);
    return root;
  }

  /**
   * The JSON form of one configuration value: null, strings, characters, booleans and numbers
   * as themselves; enums by name; records as objects of their components in declaration order;
   * maps as objects with {@code String.valueOf} keys in sorted order; lists and arrays as
   * arrays; unordered sets as arrays sorted by their JSON text; {@code Optional*} as the value
   * or null; anything else (paths, instants, durations, URIs) by {@code toString()}.
   *
   * @throws IllegalArgumentException if the value nests deeper than 32 levels (a cycle)
   */
  public static JsonNode toNode(Object value) {
    return toNode(value, 0);
  }

  private static JsonNode toNode(Object value, int depth) {
    Preconditions.require(depth <= MAX_DEPTH, "config nesting depth", "<= " + MAX_DEPTH
        + " (is there a cycle?)", depth);
    if (value == null) {
      return NODES.nullNode();
    }
    if (value instanceof String || value instanceof Character || value instanceof Path) {
      // Path before Iterable: a Path iterates over its name elements, which are Paths too.
      return NODES.textNode(value.toString());
    }
    if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (value instanceof Number n) {
      return numberNode(n);
    }
    if (value instanceof Enum<?> e) {
      return NODES.textNode(e.name());
    }
    if (value instanceof Record r) {
      ObjectNode node = NODES.objectNode();
      for (RecordComponent component : r.getClass().getRecordComponents()) {
        node.set(component.getName(), toNode(accessorValue(component, r), depth + 1));
      }
      return node;
    }
    if (value instanceof Map<?, ?> map) {
      SortedMap<String, Object> sorted = new TreeMap<>();
      map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
      ObjectNode node = NODES.objectNode();
      sorted.forEach((k, v) -> node.set(k, toNode(v, depth + 1)));
      return node;
    }
    if (value instanceof Iterable<?> items) {
      List<JsonNode> nodes = new ArrayList<>();
      items.forEach(item -> nodes.add(toNode(item, depth + 1)));
      if (value instanceof Set<?> && !(value instanceof SortedSet<?>)
          && !(value instanceof LinkedHashSet<?>)) {
        nodes.sort(Comparator.comparing(JsonNode::toString));
      }
      return NODES.arrayNode().addAll(nodes);
    }
    if (value.getClass().isArray()) {
      ArrayNode node = NODES.arrayNode();
      for (int i = 0; i < Array.getLength(value); i++) {
        node.add(toNode(Array.get(value, i), depth + 1));
      }
      return node;
    }
    return optionalNode(value, depth).orElseGet(() -> NODES.textNode(value.toString()));
  }

  private static JsonNode numberNode(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      return Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(Double.toString(d));
    }
    if (n instanceof BigDecimal d) {
      return NODES.numberNode(d);
    }
    if (n instanceof BigInteger i) {
      return NODES.numberNode(i);
    }
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      return NODES.numberNode(n.longValue());
    }
    return NODES.textNode(n.toString());
  }

  private static Optional<JsonNode> optionalNode(Object value, int depth) {
    if (value instanceof Optional<?> o) {
      return Optional.of(o.isPresent() ? toNode(o.get(), depth + 1) : NODES.nullNode());
    }
    if (value instanceof OptionalDouble o) {
      return Optional.of(o.isPresent() ? numberNode(o.getAsDouble()) : NODES.nullNode());
    }
    if (value instanceof OptionalInt o) {
      return Optional.of(o.isPresent() ? numberNode(o.getAsInt()) : NODES.nullNode());
    }
    if (value instanceof OptionalLong o) {
      return Optional.of(o.isPresent() ? numberNode(o.getAsLong()) : NODES.nullNode());
    }
    return Optional.empty();
  }

  private static Object accessorValue(RecordComponent component, Record record) {
    try {
      var accessor = component.getAccessor();
      accessor.trySetAccessible();
      return accessor.invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalArgumentException("cannot read " + record.getClass().getSimpleName()
          + "." + component.getName() + " for provenance", e);
    }
  }
}
