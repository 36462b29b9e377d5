package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The one-level output folder of an experiment whose cells are table rows rather than query hits
 * ({@code audit}, {@code attack-dummies}, {@code filter}): {@code run.json} (the {@link Manifest}
 * listing every cell's SHA-256 and every result file's), {@code cells/NAME.json} (a cell's CSV
 * lines, its fingerprint and {@value CellHashes#FIELD}) and the result files assembled from the
 * cells. A rerun with the same configuration reuses every cell that verifies and computes the
 * others, so a killed run resumes; another configuration is refused unless {@code fresh}, which
 * discards the folder's cells and results. {@code pmbench verify} checks the folder ({@code
 * RunCheck}): a cell or result file changed after it was written does not verify.
 *
 * <p>Order of writes: a cell file is renamed into place before {@code run.json} lists it, so a
 * kill in between leaves an unlisted cell, which a resume recomputes (it is not reused). While
 * open the folder is locked ({@code DIR/.lock}, as a grid run's {@link CellStore}): a second
 * process on it fails at once.
 */
public final class ResultCells implements AutoCloseable {
  /** The field of a cell holding its CSV lines. */
  static final String LINES = "lines";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final Manifest manifest;
  private final Map<String, String> cells;
  private final Map<String, String> results;
  private final RunLock lock;

  private ResultCells(Path dir, Manifest manifest, Map<String, String> cells, Map<String, String> results,
      RunLock lock) {
    this.dir = dir;
    this.manifest = manifest;
    this.cells = cells;
    this.results = results;
    this.lock = lock;
  }

  /**
   * Opens (or starts) the folder {@code dir} for {@code manifest}: a folder holding cells of
   * another configuration is refused (one line naming its differing settings) unless {@code
   * fresh}; with {@code fresh} its cells and result files are deleted first.
   */
  public static ResultCells open(Path dir, Manifest manifest, boolean fresh) throws IOException {
    RunLock lock = RunLock.take(dir);
    try {
      return open(dir, manifest, fresh, lock);
    } catch (IOException | RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  private static ResultCells open(Path dir, Manifest manifest, boolean fresh, RunLock lock) throws IOException {
    Path file = dir.resolve(RunLayout.MANIFEST);
    Map<String, String> cells = new TreeMap<>();
    Map<String, String> results = new TreeMap<>();
    if (Files.exists(file)) {
      String json = Files.readString(file);
      Manifest stored = Manifest.parse(json, file.toString());
      if (!fresh && !stored.fingerprint().equals(manifest.fingerprint())) {
        throw new IllegalArgumentException(dir + " holds an " + stored.experiment() + " with other settings ("
            + String.join(", ", stored.differences(manifest)) + " differ); rerun with --fresh to recompute it, or use"
            + " another --out. Provided value: " + manifest.commandLine());
      }
      Manifest.cellHashes(json, file.toString()).ifPresent(cells::putAll);
      results.putAll(Manifest.resultHashes(json, file.toString()));
      if (fresh) {
        discard(dir, results.keySet());
        cells.clear();
        results.clear();
      }
    }
    if (fresh) {
      Files.deleteIfExists(dir.resolve(InvocationLog.FILE)); // its elapsed time was spent on the discarded cells
    }
    Files.createDirectories(dir.resolve(RunLayout.CELLS));
    ResultCells out = new ResultCells(dir, manifest, cells, results, lock);
    out.writeManifest();
    return out;
  }

  private static void discard(Path dir, Iterable<String> results) throws IOException {
    Path cellDir = dir.resolve(RunLayout.CELLS);
    if (Files.isDirectory(cellDir)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir, "*.json")) {
        for (Path f : ds) {
          Files.delete(f);
        }
      }
    }
    for (String r : results) {
      Files.deleteIfExists(dir.resolve(r));
    }
  }

  /** The folder. */
  public Path dir() {
    return dir;
  }

  /**
   * The lines of cell {@code name} when it was stored under this configuration and verifies
   * (listed in {@code run.json} with the hash its content has); empty when it must be computed.
   */
  public Optional<List<String>> stored(String name) throws IOException {
    String file = name + ".json";
    Path f = dir.resolve(RunLayout.CELLS).resolve(file);
    if (!cells.containsKey(file) || !Files.exists(f)) {
      return Optional.empty();
    }
    JsonNode tree = MAPPER.readTree(Files.readString(f, StandardCharsets.UTF_8));
    String hash = CellHashes.of(tree);
    if (!hash.equals(tree.path(CellHashes.FIELD).asText()) || !hash.equals(cells.get(file))
        || !manifest.fingerprint().equals(tree.path("fingerprint").asText()) || !tree.path(LINES).isArray()) {
      return Optional.empty();
    }
    List<String> lines = new ArrayList<>();
    tree.path(LINES).forEach(l -> lines.add(l.asText()));
    return Optional.of(List.copyOf(lines));
  }

  /** Stores cell {@code name} with its {@code lines}: the file first, then its listing in {@code run.json}. */
  public void store(String name, List<String> lines) throws IOException {
    ObjectNode tree = MAPPER.createObjectNode();
    tree.put("format", "pmbench-result-cell/1");
    tree.put("experiment", manifest.experiment());
    tree.put("cell", name);
    tree.put("fingerprint", manifest.fingerprint());
    ArrayNode a = tree.putArray(LINES);
    lines.forEach(a::add);
    String hash = CellHashes.of(tree);
    tree.put(CellHashes.FIELD, hash);
    AtomicFiles.write(dir.resolve(RunLayout.CELLS).resolve(name + ".json"),
        out -> out.write(MAPPER.writeValueAsString(tree) + "\n"));
    cells.put(name + ".json", hash);
    writeManifest();
  }

  /** Writes the result file {@code name} (relative to the folder) atomically and lists its SHA-256 in {@code run.json}. */
  public void writeResult(String name, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    AtomicFiles.writeBytes(dir.resolve(name), bytes);
    results.put(name, CellHashes.sha256(bytes));
    writeManifest();
  }

  /** Lists the result file {@code name} (relative to the folder), as it is now, with its SHA-256 in {@code run.json}. */
  public void recordResult(String name) throws IOException {
    results.put(name, CellHashes.sha256(Files.readAllBytes(dir.resolve(name))));
    writeManifest();
  }

  private void writeManifest() throws IOException {
    AtomicFiles.write(dir.resolve(RunLayout.MANIFEST), out -> out.write(manifest.toJson(cells, results)));
  }

  /**
   * Drops {@code name} from the result files {@code run.json} lists, when it is there: a file the
   * pipeline rewrites on every invocation ({@code provenance.json}), which a folder written before
   * the filter ran through the pipeline listed as a result.
   */
  public void unlist(String name) throws IOException {
    if (results.remove(name) != null) {
      writeManifest();
    }
  }

  /** Releases the folder's lock. */
  @Override
  public void close() throws IOException {
    lock.close();
  }
}
