package io.pmbench.datasets.descriptor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.descriptor.Descriptor.ArrayRef;
import io.pmbench.datasets.descriptor.Descriptor.ByClasses;
import io.pmbench.datasets.descriptor.Descriptor.ByFiles;
import io.pmbench.datasets.descriptor.Descriptor.ByIndices;
import io.pmbench.datasets.descriptor.Descriptor.ClassRange;
import io.pmbench.datasets.descriptor.Descriptor.FileEntry;
import io.pmbench.datasets.descriptor.Descriptor.Split;
import io.pmbench.datasets.descriptor.Descriptor.SplitArrays;
import io.pmbench.datasets.format.FileFormat;
import io.pmbench.datasets.format.LabelColumn;
import io.pmbench.datasets.format.Printable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a descriptor from JSON or YAML text (YAML is a superset of JSON, so one parser serves
 * both) and checks it completely before any data file is touched. A problem is one line naming
 * the descriptor, the key (as a dotted path) and what was expected; unknown keys are errors, so a
 * typo never silently falls back to a default.
 */
public final class DescriptorParser {
  /** The value of the required {@code pmbench} key: descriptor format, version 1. */
  public static final String VERSION = "dataset/1";
  /**
   * The longest descriptor read, in characters (and bytes of its file): one is a few hundred.
   * SnakeYAML copies its look-ahead window as a long scalar grows, so its allocation grows with the
   * square of a scalar's length (2 GB for a 1 MiB string): 64 KiB keeps it to megabytes.
   */
  public static final int MAX_LENGTH = 1 << 16;
  /** Mappings and sequences open at once; a descriptor needs 4. */
  static final int MAX_DEPTH = 32;
  /** Characters of a message after the descriptor's name. */
  private static final int MAX_MESSAGE = 600;
  private static final ObjectMapper YAML = new ObjectMapper(yamlFactory());

  private final String where;

  private DescriptorParser(String where) {
    this.where = where;
  }

  /**
   * Parses {@code text}.
   *
   * @throws InvalidDataException naming {@code origin} and the key for any problem
   */
  public static Descriptor parse(DescriptorOrigin origin, String text) {
    return new DescriptorParser(origin.name()).descriptor(origin, text);
  }

  /**
   * YAML (and so JSON) read within bounds: SnakeYAML's code-point limit and nesting limit, and
   * Jackson's read constraints on nesting, document, string and number length. A deep or long
   * document fails as one message, never a stack overflow or a gigabyte string.
   */
  private static YAMLFactory yamlFactory() {
    LoaderOptions loader = new LoaderOptions();
    loader.setCodePointLimit(MAX_LENGTH);
    loader.setNestingDepthLimit(MAX_DEPTH);
    return YAMLFactory.builder().loaderOptions(loader).streamReadConstraints(StreamReadConstraints.builder()
        .maxNestingDepth(MAX_DEPTH).maxDocumentLength(MAX_LENGTH).maxStringLength(MAX_LENGTH).maxNumberLength(100)
        .build()).build();
  }

  private Descriptor descriptor(DescriptorOrigin origin, String text) {
    if (text.length() > MAX_LENGTH) {
      throw error("longer than " + MAX_LENGTH + " characters (a descriptor is a few hundred; is this a data file?)");
    }
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JsonProcessingException e) {
      String loc = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
          + e.getLocation().getColumnNr();
      String first = e.getOriginalMessage().lines().findFirst().orElse("");
      throw error("not valid JSON or YAML" + loc + " (" + Printable.escape(first, 200) + ")");
    }
    if (root == null || !root.isObject()) {
      throw error("a descriptor must be a JSON/YAML object (mapping)");
    }
    keys(root, "", Set.of("pmbench", "name", "title", "licence", "license", "defaults", "classes", "files", "split"));
    if (has(root, "name") && root.get("name").isTextual()) {
      checkName(root.get("name").asText()); // a malformed name is reported before missing keys
    }
    requirePresent(root);
    String version = text(root, "pmbench");
    if (!version.equals(VERSION)) {
      throw error("key 'pmbench' must be \"" + VERSION + "\". Provided value: " + version);
    }
    String name = text(root, "name");
    checkName(name);
    String title = root.has("title") ? text(root, "title") : name;
    String licence = root.has("licence") ? text(root, "licence") : text(root, "license");
    JsonNode d = object(root, "defaults");
    keys(d, "defaults.", Set.of("sigma", "alpha", "source"));
    DatasetDefaults defaults;
    try {
      defaults = new DatasetDefaults(number(d, "defaults.sigma", "sigma"), number(d, "defaults.alpha", "alpha"));
    } catch (IllegalArgumentException e) {
      throw error("key 'defaults': " + e.getMessage());
    }
    String defaultsSource = d.has("source") ? text(d, "source") : "";
    OptionalInt classes = root.has("classes") ? OptionalInt.of(positive(root, "classes", "classes")) : OptionalInt.empty();
    Map<String, FileEntry> files = files(object(root, "files"));
    Split split = split(object(root, "split"), files);
    return new Descriptor(origin, name, title, licence, defaults, defaultsSource, classes, files, split);
  }

  private Map<String, FileEntry> files(JsonNode node) {
    Map<String, FileEntry> files = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = node.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String id = e.getKey();
      String key = "files." + id;
      JsonNode f = e.getValue();
      if (f.isTextual()) {
        files.put(id, new FileEntry(id, f.asText(), Optional.empty(), Optional.empty(), LabelColumn.last()));
        continue;
      }
      if (!f.isObject()) {
        throw error("key '" + key + "' must be a path or an object with 'path'");
      }
      keys(f, key + ".", Set.of("path", "sha256", "format", "label_column"));
      String path = text(f, key + ".path", "path");
      Optional<String> sha = Optional.empty();
      if (f.has("sha256") && !f.get("sha256").isNull()) {
        String s = text(f, key + ".sha256", "sha256").toLowerCase(java.util.Locale.ROOT);
        if (!s.matches("[0-9a-f]{64}")) {
          throw error("key '" + key + ".sha256' must be 64 hex digits. Provided value: " + s);
        }
        sha = Optional.of(s);
      }
      Optional<FileFormat> format = Optional.empty();
      if (f.has("format")) {
        String fmt = text(f, key + ".format", "format");
        format = Optional.of(FileFormat.ofKey(fmt).orElseThrow(() -> error("key '" + key
            + ".format' must be one of " + FileFormat.keys() + ". Provided value: " + fmt)));
      }
      LabelColumn column = LabelColumn.last();
      if (f.has("label_column")) {
        JsonNode c = f.get("label_column");
        column = c.isInt() ? new LabelColumn.ByIndex(c.asInt()) : new LabelColumn.ByName(text(f, key + ".label_column",
            "label_column"));
      }
      files.put(id, new FileEntry(id, path, sha, format, column));
    }
    if (files.isEmpty()) {
      throw error("key 'files' must list at least one file");
    }
    return files;
  }

  private Split split(JsonNode s, Map<String, FileEntry> files) {
    String by = text(s, "split.by", "by");
    switch (by) {
      case "files" -> {
        keys(s, "split.", Set.of("by", "train", "test"));
        return new ByFiles(splitArrays(object(s, "split.train", "train"), "split.train", files),
            splitArrays(object(s, "split.test", "test"), "split.test", files));
      }
      case "classes" -> {
        keys(s, "split.", Set.of("by", "features", "labels", "train", "test"));
        ClassRange train = range(object(s, "split.train", "train"), "split.train");
        ClassRange test = range(object(s, "split.test", "test"), "split.test");
        try {
          return new ByClasses(ref(s, "split.features", "features", files), ref(s, "split.labels", "labels", files),
              train, test);
        } catch (IllegalArgumentException e) {
          throw error("key 'split': " + e.getMessage());
        }
      }
      case "indices" -> {
        keys(s, "split.", Set.of("by", "features", "labels", "train", "test", "index_base"));
        int base = s.has("index_base") ? (int) number(s, "split.index_base", "index_base") : 0;
        if (base != 0 && base != 1) {
          throw error("key 'split.index_base' must be 0 or 1. Provided value: " + base);
        }
        JsonNode train = object(s, "split.train", "train");
        JsonNode test = object(s, "split.test", "test");
        keys(train, "split.train.", Set.of("indices"));
        keys(test, "split.test.", Set.of("indices"));
        return new ByIndices(ref(s, "split.features", "features", files), ref(s, "split.labels", "labels", files),
            ref(train, "split.train.indices", "indices", files), ref(test, "split.test.indices", "indices", files), base);
      }
      default -> throw error("key 'split.by' must be one of files, classes, indices. Provided value: " + by);
    }
  }

  private SplitArrays splitArrays(JsonNode node, String key, Map<String, FileEntry> files) {
    keys(node, key + ".", Set.of("features", "labels"));
    return new SplitArrays(ref(node, key + ".features", "features", files), ref(node, key + ".labels", "labels", files));
  }

  private ClassRange range(JsonNode node, String key) {
    keys(node, key + ".", Set.of("classes"));
    JsonNode r = node.get("classes");
    if (r == null || !r.isArray() || r.size() != 2 || !r.get(0).canConvertToInt() || !r.get(1).canConvertToInt()
        || !r.get(0).isIntegralNumber() || !r.get(1).isIntegralNumber()) {
      throw error("key '" + key + ".classes' must be [first, last], two class ranks (1-based, inclusive)");
    }
    try {
      return new ClassRange(r.get(0).asInt(), r.get(1).asInt());
    } catch (IllegalArgumentException e) {
      throw error("key '" + key + ".classes': " + e.getMessage());
    }
  }

  private ArrayRef ref(JsonNode parent, String key, String field, Map<String, FileEntry> files) {
    JsonNode node = parent.get(field);
    if (node == null) {
      throw error("key '" + key + "' is missing (expected {file: ID, array: NAME})");
    }
    if (!node.isObject()) {
      throw error("key '" + key + "' must be {file: ID, array: NAME}");
    }
    keys(node, key + ".", Set.of("file", "array"));
    String file = text(node, key + ".file", "file");
    if (!files.containsKey(file)) {
      throw error("key '" + key + ".file' names no entry of 'files' (ids: " + String.join(", ", files.keySet())
          + "). Provided value: " + file);
    }
    Optional<String> array = node.has("array") ? Optional.of(text(node, key + ".array", "array")) : Optional.empty();
    return new ArrayRef(file, array);
  }

  private void keys(JsonNode node, String prefix, Set<String> allowed) {
    List<String> unknown = new ArrayList<>();
    node.fieldNames().forEachRemaining(k -> {
      if (!allowed.contains(k)) {
        unknown.add(prefix + k);
      }
    });
    if (!unknown.isEmpty()) {
      throw error("unknown key '" + unknown.get(0) + "' (known here: " + String.join(", ", new TreeSet<>(allowed)) + ")");
    }
  }

  /**
   * Every required key that is absent, named in one line (a descriptor written from scratch then
   * needs one round of fixes, not one per key). {@code licence} may also be spelled
   * {@code license}.
   */
  private void requirePresent(JsonNode root) {
    List<String> missing = new ArrayList<>();
    for (String key : List.of("pmbench", "name", "licence", "defaults", "files", "split")) {
      boolean present = key.equals("licence") ? has(root, "licence") || has(root, "license") : has(root, key);
      if (!present) {
        missing.add(key);
      }
    }
    JsonNode d = root.get("defaults");
    if (d != null && d.isObject()) {
      for (String key : List.of("sigma", "alpha")) {
        if (!has(d, key)) {
          missing.add("defaults." + key);
        }
      }
    }
    String also = missing.contains("licence") ? " ('license' is accepted for 'licence')" : "";
    if (missing.size() == 1) {
      throw error("key '" + missing.get(0) + "' is missing" + also);
    }
    if (missing.size() > 1) {
      throw error("keys " + missing.stream().map(k -> "'" + k + "'").collect(java.util.stream.Collectors.joining(", "))
          + " are missing" + also);
    }
  }

  private void checkName(String name) {
    if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw error("key 'name' must be lower-case letters, digits, '-' or '_'. Provided value: " + name);
    }
  }

  private static boolean has(JsonNode parent, String field) {
    JsonNode n = parent.get(field);
    return n != null && !n.isNull();
  }

  private JsonNode object(JsonNode parent, String key) {
    return object(parent, key, key);
  }

  private JsonNode object(JsonNode parent, String key, String field) {
    JsonNode n = parent.get(field);
    if (n == null) {
      throw error("key '" + key + "' is missing");
    }
    if (!(n instanceof ObjectNode)) {
      throw error("key '" + key + "' must be an object (mapping)");
    }
    return n;
  }

  private String text(JsonNode parent, String key) {
    return text(parent, key, key);
  }

  private String text(JsonNode parent, String key, String field) {
    JsonNode n = parent.get(field);
    if (n == null || n.isNull()) {
      throw error("key '" + key + "' is missing");
    }
    if (!n.isValueNode() || n.isBoolean() || n.asText().isBlank()) {
      throw error("key '" + key + "' must be a non-blank text");
    }
    return n.asText();
  }

  private double number(JsonNode parent, String key, String field) {
    JsonNode n = parent.get(field);
    if (n == null) {
      throw error("key '" + key + "' is missing");
    }
    if (!n.isNumber()) {
      throw error("key '" + key + "' must be a number. Provided value: " + n);
    }
    return n.asDouble();
  }

  private int positive(JsonNode parent, String key, String field) {
    double v = number(parent, key, field);
    if (v != Math.rint(v) || v < 1 || v > Integer.MAX_VALUE) {
      throw error("key '" + key + "' must be a positive integer. Provided value: " + v);
    }
    return (int) v;
  }

  /** The one-line message: what the descriptor says is quoted escaped and cut, however long it is. */
  private InvalidDataException error(String what) {
    return new InvalidDataException(where + ": " + Printable.escape(what, MAX_MESSAGE));
  }
}
